import { useState, type ReactNode } from 'react';
import { Form, Input, Modal, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/feedback';
import { changePhone, sendBindCode } from '../api';
import { PHONE_PATTERN, SMS_CODE_PATTERN } from '../../../lib/password-rules';
import { refreshSessionUser } from '../session-sync';
import { CodeButton } from '../../../components/code-button';

interface PhoneValues {
  phone: string;
  code: string;
}

/** Changes (or binds) the phone: the code goes to the new number. */
export function PhoneDialog({
  open,
  onClose,
  hasPhone,
}: {
  open: boolean;
  onClose: () => void;
  hasPhone: boolean;
}): ReactNode {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PhoneValues>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: PhoneValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await changePhone(values.phone.trim(), values.code.trim());
      await refreshSessionUser(queryClient);
      toast.success('手机号已更换');
      form.resetFields();
      onClose();
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={hasPhone ? '更换手机号' : '绑定手机号'}
      okText="确定"
      onOk={() => void submit()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" name="change-phone" preserve={false}>
        <Form.Item
          name="phone"
          label="新手机号"
          rules={[
            { required: true, message: '请输入新手机号' },
            { pattern: PHONE_PATTERN, message: '手机号格式不正确' },
          ]}
        >
          <Input placeholder="11 位手机号" inputMode="tel" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item label="验证码" required>
          <Space.Compact block>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, message: '请输入验证码' },
                { pattern: SMS_CODE_PATTERN, message: '验证码为 6 位数字' },
              ]}
            >
              <Input placeholder="发送至新手机号的验证码" inputMode="numeric" maxLength={6} />
            </Form.Item>
            <CodeButton
              testId="send-bind-code"
              send={async () => {
                const { phone } = await form.validateFields(['phone']);
                await sendBindCode(phone.trim());
                toast.success('验证码已发送至新手机号，5 分钟内有效');
              }}
            />
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
