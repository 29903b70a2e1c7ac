import { useEffect, type ReactNode } from 'react';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { MESSAGE_TEMPLATES } from '@kaopei/shared';
import { sendMessage, type MessageInput } from '../api';

type MessageForm = Omit<MessageInput, 'applicationIds'>;
const FIRST = MESSAGE_TEMPLATES[0];

/** SMS or e-mail to the chosen applicants from a template ({name}, {job}, {org}, {link} filled per person). */
export function MessageModal({
  applicationIds,
  onClose,
}: {
  applicationIds: number[] | null;
  onClose: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<MessageForm>();
  useEffect(() => {
    if (applicationIds) form.setFieldsValue({ channel: 'sms', template: FIRST.key, text: FIRST.text });
  }, [applicationIds, form]);
  const send = useMutation({
    mutationFn: (values: MessageForm) => sendMessage({ ...values, applicationIds: applicationIds ?? [] }),
    onSuccess: (result) => {
      message.success(
        result.skipped
          ? `已发送 ${result.sent} 条，${result.skipped} 人没有邮箱未发送`
          : `已发送 ${result.sent} 条`,
      );
      onClose();
    },
  });
  return (
    <Modal
      open={applicationIds !== null}
      title={`给 ${applicationIds?.length ?? 0} 位应聘者发送消息`}
      okText="发送"
      confirmLoading={send.isPending}
      onOk={() =>
        form.validateFields().then(
          (values) => send.mutate(values),
          () => undefined,
        )
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="channel" label="发送方式">
          <Radio.Group
            options={[
              { value: 'sms', label: '短信' },
              { value: 'email', label: '邮件' },
            ]}
          />
        </Form.Item>
        <Form.Item name="template" label="模板">
          <Select
            options={MESSAGE_TEMPLATES.map((t) => ({ value: t.key, label: t.label }))}
            onChange={(key) =>
              form.setFieldValue('text', MESSAGE_TEMPLATES.find((t) => t.key === key)?.text ?? '')
            }
          />
        </Form.Item>
        <Form.Item
          name="text"
          label="内容"
          rules={[{ required: true, message: '请填写消息内容' }]}
          extra="{name} 姓名、{job} 职位、{org} 单位、{link} 笔试链接，发送时按人替换。"
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
