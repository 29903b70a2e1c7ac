import { PHONE_PATTERN } from '@kaopei/shared';
import type { ReactNode } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { LOGIN_TYPE_SMS } from '@kaopei/shared';
import type { PasswordGrantForm } from '../api';
import { SmsCodeButton } from './sms-code-button';

/** Mainland mobile numbers: 11 digits starting with 1. */

interface SmsValues {
  phone: string;
  code: string;
}

/** 验证码登录: phone + SMS code (type 8). */
export function SmsLoginForm({
  submitting,
  onSubmit,
}: {
  submitting: boolean;
  onSubmit: (form: PasswordGrantForm) => void;
}): ReactNode {
  const [form] = Form.useForm<SmsValues>();
  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      name="sms-login"
      onFinish={(values) =>
        onSubmit({ username: values.phone.trim(), code: values.code.trim(), type: LOGIN_TYPE_SMS })
      }
    >
      <Form.Item
        name="phone"
        label="手机号"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: PHONE_PATTERN, message: '请输入正确的 11 位手机号' },
        ]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder="手机号"
          inputMode="tel"
          maxLength={11}
          autoComplete="tel"
        />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact block>
          <Form.Item
            name="code"
            noStyle
            rules={[{ required: true, pattern: /^\d{4,8}$/, message: '请输入验证码' }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder="短信验证码"
              inputMode="numeric"
              maxLength={8}
              autoComplete="one-time-code"
            />
          </Form.Item>
          <SmsCodeButton
            resolvePhone={async () => {
              const values = await form.validateFields(['phone']);
              return values.phone.trim();
            }}
          />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
