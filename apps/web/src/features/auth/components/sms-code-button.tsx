import type { ReactNode } from 'react';
import { CodeButton } from '../../../components/code-button';
import { toast } from '../../../lib/feedback';
import { sendSmsCode } from '../api';

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
