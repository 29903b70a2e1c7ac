import { PHONE_PATTERN } from '@kaopei/shared';
import { useState, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { toast } from '../../../lib/feedback';
import { sendSmsInfo } from '../api';
import { StaffSinglePicker } from '../../../components/staff-picker';

interface SmsValues {
  phone: string;
  content: string;
}

/** Carriers split longer texts; the server refuses more than this. */
export const SMS_MAX_LENGTH = 300;

/** Administrators: a text message to a staff member's phone. */
export function SmsDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
  const [form] = Form.useForm<SmsValues>();
  const [sending, setSending] = useState(false);

  const submit = async () => {
    let values: SmsValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSending(true);
    try {
      const recipient = await sendSmsInfo(values.phone.trim(), values.content.trim());
      toast.success(`短信已发送给 ${recipient.realName}`);
      form.resetFields();
      onClose();
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title="短信通知"
      okText="发送短信"
      onOk={() => void submit()}
      confirmLoading={sending}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" name="sms-info" preserve={false}>
        <Form.Item label="选择员工" extra="选择后自动填入其手机号，也可以直接输入">
          <StaffSinglePicker
            aria-label="选择员工"
            onPick={(staff) => {
              if (staff?.phone) form.setFieldsValue({ phone: staff.phone });
              else if (staff) toast.warning(`${staff.realName} 未登记手机号`);
            }}
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: PHONE_PATTERN, message: '手机号格式不正确' },
          ]}
        >
          <Input placeholder="本组织员工的手机号" inputMode="tel" maxLength={11} />
        </Form.Item>
        <Form.Item
          name="content"
          label="短信内容"
          rules={[
            { required: true, whitespace: true, message: '请输入短信内容' },
            { max: SMS_MAX_LENGTH, message: `短信内容不能超过 ${SMS_MAX_LENGTH} 个字符` },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={SMS_MAX_LENGTH} placeholder="短信内容" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
