import type { ReactNode } from 'react';
import { Form, Input, Space, type FormInstance } from 'antd';
import { PHONE_PATTERN, SMS_CODE_PATTERN } from '@kaopei/shared';
import { CodeButton } from './code-button';

/**
 * The 手机号 and 验证码 fields of the public forms that sign a person in by SMS (open exams, the
 * applicant's written test) or reach them by phone (applying for a job). Field names `phone` and `code`.
 */

/** 手机号, checked as the server checks it. */
export function PhoneFormItem({ extra }: { extra?: ReactNode }): ReactNode {
  return (
    <Form.Item
      name="phone"
      label="手机号"
      rules={[
        { required: true, message: '请输入手机号' },
        { pattern: PHONE_PATTERN, message: '手机号格式不正确' },
      ]}
      extra={extra}
    >
      <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
    </Form.Item>
  );
}

/** 验证码 with 获取验证码: `send` gets the phone once it is valid, and sends the code to it. */
export function SmsCodeFormItem({
  form,
  send,
}: {
  form: FormInstance;
  send: (phone: string) => Promise<void>;
}): ReactNode {
  return (
    <Form.Item label="验证码" required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="code"
          noStyle
          rules={[
            { required: true, message: '请输入验证码' },
            { pattern: SMS_CODE_PATTERN, message: '验证码为 6 位数字' },
          ]}
        >
          <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label="验证码" />
        </Form.Item>
        <CodeButton
          send={async () => {
            const { phone } = (await form.validateFields(['phone'])) as { phone: string };
            await send(phone.trim());
          }}
        />
      </Space.Compact>
    </Form.Item>
  );
}
