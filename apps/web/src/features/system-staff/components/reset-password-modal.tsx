import { useEffect, type ReactNode } from 'react';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { resetPassword, type StaffRow } from '../api';
import { PASSWORD_HINT, passwordRules } from '../staff-rules';
import { showPasswordOnce } from './password-notice';

interface FormValues {
  how: 'generate' | 'manual';
  password?: string;
}

/** Resets a person's password to a generated (shown once) or typed one; their sessions end. */
export function ResetPasswordModal({
  staff,
  onClose,
}: {
  staff: StaffRow | null;
  onClose: () => void;
}): ReactNode {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const how = Form.useWatch('how', form);

  useEffect(() => {
    if (staff) form.setFieldsValue({ how: 'generate', password: '' });
  }, [staff, form]);

  const reset = useMutation({
    mutationFn: (values: FormValues) =>
      resetPassword(staff?.userId ?? 0, values.how === 'manual' ? values.password : undefined),
    onSuccess: (result) => {
      const person = staff;
      onClose();
      if (result.password && person) {
        showPasswordOnce(modal, '密码已重置', {
          realName: person.realName,
          account: person.account,
          password: result.password,
        });
      } else {
        message.success('密码已重置');
      }
    },
  });

  return (
    <Modal
      open={staff !== null}
      title={`重置密码 · ${staff?.realName ?? ''}`}
      okText="重置"
      cancelText="取消"
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">
        重置后该员工在所有设备上的登录都会失效，需要用新密码重新登录。
      </Typography.Paragraph>
      <Form<FormValues>
        form={form}
        name="kp-reset-password"
        layout="vertical"
        onFinish={(values) => reset.mutate(values)}
      >
        <Form.Item name="how" label="新密码" initialValue="generate">
          <Radio.Group
            options={[
              { label: '自动生成强密码', value: 'generate' },
              { label: '手动设置', value: 'manual' },
            ]}
          />
        </Form.Item>
        {how === 'manual' ? (
          <Form.Item
            name="password"
            label="输入新密码"
            rules={[{ required: true, message: '请输入新密码' }, ...passwordRules]}
            extra={PASSWORD_HINT}
          >
            <Input.Password maxLength={32} autoComplete="new-password" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
