import type { ReactNode } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import { CodeButton } from '../../../components/code-button';
import { toast } from '../../../lib/feedback';
import { sendSmsCode } from '../api';
import { LoginField, type FieldProps } from './login-fields';

/** The sign-in form's '获取验证码': validates the phone field, sends a sign-in code, counts down. */
export function SmsCodeButton({
  resolvePhone,
  disabled,
}: {
  /** Validates the phone field and returns it, or rejects when it is invalid. */
  resolvePhone: () => Promise<string>;
  disabled?: boolean;
}): ReactNode {
  return (
    <CodeButton
      disabled={disabled}
      testId="send-sms-code"
      size="large"
      send={async () => {
        await sendSmsCode(await resolvePhone());
        toast.success('验证码已发送，5 分钟内有效');
      }}
    />
  );
}

/** The sign-in forms' SMS code field with its '获取验证码' (`phone`: the valid phone number, or null). */
export function SmsCodeField({
  phone,
  ...props
}: Pick<FieldProps, 'id' | 'label' | 'value' | 'error' | 'onValueChange'> & {
  phone: () => string | null;
}): ReactNode {
  return (
    <LoginField
      {...props}
      icon={<SafetyOutlined />}
      placeholder="短信验证码"
      inputMode="numeric"
      maxLength={8}
      autoComplete="one-time-code"
      addon={
        <SmsCodeButton
          resolvePhone={() => {
            const number = phone();
            return number ? Promise.resolve(number) : Promise.reject(new Error('phone'));
          }}
        />
      }
    />
  );
}
