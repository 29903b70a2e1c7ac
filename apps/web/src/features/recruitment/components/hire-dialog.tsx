import { useEffect, type ReactNode } from 'react';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchHireOptions, fetchJob, hire, recruitKeys, type ApplicationRow, type HireInput } from '../api';

type HireForm = Omit<HireInput, 'applicationId'>;

/** 录用: the applicant becomes staff of a department and post (the job's post by default). */
export function HireDialog({ row, onClose }: { row: ApplicationRow | null; onClose: () => void }): ReactNode {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<HireForm>();
  const options = useQuery({
    queryKey: recruitKeys.hireOptions,
    queryFn: fetchHireOptions,
    enabled: row !== null,
  });
  const job = useQuery({
    queryKey: recruitKeys.job(row?.jobId ?? 0),
    queryFn: () => fetchJob(row?.jobId ?? 0),
    enabled: row !== null,
  });
  useEffect(() => {
    if (job.data && !form.getFieldValue('postId')) form.setFieldValue('postId', job.data.postId);
  }, [job.data, form]);
  const save = useMutation({
    mutationFn: (values: HireForm) => hire({ ...values, applicationId: row?.applicationId ?? 0 }),
    onSuccess: async (result) => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: recruitKeys.all });
      modal.success({
        title: `已录用${row?.name ?? ''}`,
        content: (
          <div>
            <p>账号：{result.account}</p>
            {result.initialPassword ? (
              <p>
                初始密码：<Typography.Text copyable>{result.initialPassword}</Typography.Text>（只显示这一次）
              </p>
            ) : (
              <p>沿用其已有账号的密码。</p>
            )}
          </div>
        ),
      });
    },
  });
  return (
    <Modal
      open={row !== null}
      title={`录用 ${row?.name ?? ''}`}
      okText="录用"
      confirmLoading={save.isPending}
      onOk={() =>
        form.validateFields().then(
          (values) => save.mutate(values),
          () => undefined,
        )
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        录用后成为所选部门与岗位的员工，沿用应聘时的姓名、手机号与邮箱，出现在员工管理中。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="departmentId" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={options.isPending}
            options={(options.data?.departments ?? []).map((d) => ({ value: d.departmentId, label: d.name }))}
          />
        </Form.Item>
        <Form.Item name="postId" label="岗位" rules={[{ required: true, message: '请选择岗位' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={(options.data?.posts ?? []).map((p) => ({ value: p.postId, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="account" label="登录账号" extra="留空时使用手机号或已有账号。">
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="note" label="录用说明">
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
