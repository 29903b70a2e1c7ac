import { useEffect, type ReactNode } from 'react';
import { DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { StaffMultiPicker } from '../../../components/staff-picker';
import { fetchPostOptions, postKeys } from '../../post/api';
import type { InterviewInput, InterviewRow } from '../api';

interface Values {
  title: string;
  interviewerIds: number[];
  applicantName: string;
  applicantPhone?: string;
  applicantEmail?: string;
  postId?: number;
  time: [Dayjs, Dayjs];
  recordingEnabled: boolean;
}

function initialValues(row: InterviewRow | null): Partial<Values> {
  if (!row) {
    const start = dayjs().add(1, 'hour').startOf('hour');
    return { time: [start, start.add(1, 'hour')], recordingEnabled: false, interviewerIds: [] };
  }
  return {
    title: row.title,
    interviewerIds: row.interviewers.map((p) => p.id),
    applicantName: row.applicantName,
    applicantPhone: row.applicantPhone ?? undefined,
    applicantEmail: row.applicantEmail ?? undefined,
    postId: row.postId ?? undefined,
    time: [dayjs(row.startAt), dayjs(row.endAt)],
    recordingEnabled: row.recordingEnabled,
  };
}

/** Schedules an interview or edits one (`row`). */
export function InterviewFormModal({
  open,
  row,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  row: InterviewRow | null;
  saving: boolean;
  onSubmit: (input: InterviewInput) => Promise<unknown>;
  onCancel: () => void;
}): ReactNode {
  const [form] = Form.useForm<Values>();
  const posts = useQuery({ queryKey: postKeys.simple, queryFn: fetchPostOptions, enabled: open });
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(row));
    }
  }, [open, row, form]);

  const submit = async () => {
    const values = await form.validateFields();
    await onSubmit({
      title: values.title,
      interviewerIds: values.interviewerIds,
      applicantName: values.applicantName,
      applicantPhone: values.applicantPhone || null,
      applicantEmail: values.applicantEmail || null,
      postId: values.postId ?? null,
      applicantId: row?.applicantId ?? null,
      startAt: values.time[0].valueOf(),
      endAt: values.time[1].valueOf(),
      recordingEnabled: values.recordingEnabled,
    });
  };

  return (
    <Modal
      open={open}
      title={row ? '编辑面试' : '安排面试'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="interview-form">
        <Form.Item name="title" label="面试名称" rules={[{ required: true, message: '请输入面试名称' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="interviewerIds" label="面试官" rules={[{ required: true, message: '请选择面试官' }]}>
          <StaffMultiPicker aria-label="面试官" testId="interviewer-picker" />
        </Form.Item>
        <Form.Item
          name="applicantName"
          label="应聘者姓名"
          rules={[{ required: true, message: '请输入应聘者姓名' }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="applicantPhone" label="应聘者手机号">
          <Input maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item name="applicantEmail" label="应聘者邮箱">
          <Input maxLength={100} type="email" />
        </Form.Item>
        <Form.Item name="postId" label="应聘岗位（评分按岗位能力模型）">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label="应聘岗位"
            loading={posts.isFetching}
            options={(posts.data ?? []).map((p) => ({ value: p.postId, label: p.postName }))}
          />
        </Form.Item>
        <Form.Item name="time" label="面试时间" rules={[{ required: true, message: '请选择面试时间' }]}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            aria-label="面试时间"
          />
        </Form.Item>
        <Form.Item name="recordingEnabled" label="录制面试（需应聘者在面试间同意）" valuePropName="checked">
          <Switch aria-label="录制面试" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
