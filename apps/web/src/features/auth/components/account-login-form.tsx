import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_TYPE_PASSWORD_SMS } from '@kaopei/shared';
import type { PasswordGrantForm } from '../api';
import { SmsCodeButton } from './sms-code-button';

interface AccountValues {
  username: string;
  password: string;
  code?: string;
}

/** 账号密码登录, optionally with an SMS code (type 7) after the user clicks '短信验证'. */
export function AccountLoginForm({
  submitting,
  onSubmit,
}: {
  submitting: boolean;
  onSubmit: (form: PasswordGrantForm) => void;
}): ReactNode {
  const [form] = Form.useForm<AccountValues>();
  const [withSms, setWithSms] = useState(false);

  const finish = (values: AccountValues) => {
    const username = values.username.trim();
    onSubmit(
      withSms
        ? { username, password: values.password, code: values.code?.trim(), type: LOGIN_TYPE_PASSWORD_SMS }
        : { username, password: values.password },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      onFinish={finish}
      requiredMark={false}
      name="account-login"
    >
      <Form.Item
        name="username"
        label="账号"
        rules={[{ required: true, whitespace: true, message: '请输入账号' }]}
      >
        <Input prefix={<UserOutlined />} placeholder="账号 / 手机号 / 邮箱" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      {withSms ? (
        <Form.Item label="短信验证码" required>
          <Space.Compact block>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, pattern: /^\d{4,8}$/, message: '请输入短信验证码' }]}
            >
              <Input prefix={<SafetyOutlined />} placeholder="短信验证码" inputMode="numeric" maxLength={8} />
            </Form.Item>
            <SmsCodeButton
              resolvePhone={async () => {
                const values = await form.validateFields(['username']);
                return values.username.trim();
              }}
            />
          </Space.Compact>
        </Form.Item>
      ) : null}
      <div className="kp-login__row">
        <Button
          type="link"
          size="small"
          className="kp-login__link"
          onClick={() => setWithSms((value) => !value)}
          aria-pressed={withSms}
        >
          {withSms ? '取消短信验证' : '短信验证'}
        </Button>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
