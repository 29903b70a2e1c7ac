import { useEffect, type ReactNode } from 'react';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { fetchJobs, recruitKeys, type CampusInput, type CampusRow } from '../api';

type CampusForm = Omit<CampusInput, 'heldAt'> & { heldAt: Dayjs };

/** New or edited campus session: school, time, place, the jobs it recruits for. */
export function CampusFormModal({
  open,
  row,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  row: CampusRow | null;
  saving: boolean;
  onSubmit: (input: CampusInput) => void;
  onCancel: () => void;
}): ReactNode {
  const [form] = Form.useForm<CampusForm>();
  const jobs = useQuery({
    queryKey: recruitKeys.jobs({}, 0, 200),
    queryFn: () => fetchJobs({}, 0, 200),
    enabled: open,
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue({ ...row, heldAt: dayjs(row.heldAt), jobIds: row.jobs.map((j) => j.jobId) });
  }, [open, row, form]);
  const submit = () =>
    form.validateFields().then(
      (values) => onSubmit({ ...values, heldAt: values.heldAt.valueOf() }),
      () => undefined,
    );
  return (
    <Modal
      open={open}
      title={row ? '编辑校园招聘场次' : '新建校园招聘场次'}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="school" label="学校" rules={[{ required: true, message: '请填写学校' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="heldAt" label="宣讲时间" rules={[{ required: true, message: '请选择宣讲时间' }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="place" label="地点" rules={[{ required: true, message: '请填写地点' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="jobIds" label="招聘职位" rules={[{ required: true, message: '请选择职位' }]}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={jobs.isPending}
            options={(jobs.data?.data ?? []).map((j) => ({ value: j.jobId, label: j.name }))}
          />
        </Form.Item>
        <Form.Item name="description" label="说明">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
