import { useEffect, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Rate, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEGREES } from '@kaopei/shared';
import { modifyApplicant, recruitKeys, type ApplicantDetail, type ApplicantPatch } from '../api';

type ApplicantForm = Omit<ApplicantPatch, 'applicantId'>;

/** The applicant's details, tags, rating and notes, editable by the recruiter. */
export function ApplicantFormCard({ applicant }: { applicant: ApplicantDetail }): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ApplicantForm>();
  useEffect(
    () => form.setFieldsValue({ ...applicant, degree: applicant.degree as ApplicantForm['degree'] }),
    [applicant, form],
  );
  const save = useMutation({
    mutationFn: (values: ApplicantForm) => modifyApplicant({ ...values, applicantId: applicant.applicantId }),
    onSuccess: async () => {
      message.success('应聘者资料已保存');
      await queryClient.invalidateQueries({ queryKey: recruitKeys.all });
    },
  });
  return (
    <Card title="资料" size="small">
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Form.Item name="name" label="姓名" rules={[{ required: true, message: '请填写姓名' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[{ required: true, message: '请输入手机号' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="email" label="邮箱">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="school" label="学校">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="degree" label="学历">
          <Select allowClear options={DEGREES.map((d) => ({ value: d, label: d }))} />
        </Form.Item>
        <Form.Item name="years" label="工作年限">
          <InputNumber min={0} max={50} precision={0} />
        </Form.Item>
        <Form.Item name="tags" label="标签" extra="输入后回车添加，最多 20 个。">
          <Select mode="tags" maxCount={20} tokenSeparators={[',', '，']} open={false} suffixIcon={null} />
        </Form.Item>
        <Form.Item name="rating" label="评分">
          <Rate allowClear aria-label="评分" />
        </Form.Item>
        <Form.Item name="notes" label="备注">
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存资料
        </Button>
      </Form>
    </Card>
  );
}
