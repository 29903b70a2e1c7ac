import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { toast } from '../../../lib/feedback';
import { sendSmsCode } from '../api';

/** The server allows one code per phone every 60 s. */
export const SMS_RESEND_SECONDS = 60;

/**
 * '获取验证码' with a 60 s countdown. The countdown is derived from the deadline set when the code was
 * sent, not from counting ticks, so a throttled background tab still shows the right number.
 */
export function SmsCodeButton({
  resolvePhone,
  disabled,
}: {
  /** Validates the phone field and returns it, or rejects when it is invalid. */
  resolvePhone: () => Promise<string>;
  disabled?: boolean;
}): ReactNode {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (deadline === null) return undefined;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) setDeadline(null);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));

  const send = async () => {
    let phone: string;
    try {
      phone = await resolvePhone();
    } catch {
      return; // The form already shows what is wrong with the field.
    }
    setSending(true);
    try {
      await sendSmsCode(phone);
      const sentAt = Date.now();
      setNow(sentAt);
      setDeadline(sentAt + SMS_RESEND_SECONDS * 1000);
      toast.success('验证码已发送，5 分钟内有效');
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      onClick={() => void send()}
      loading={sending}
      disabled={disabled || remaining > 0}
      className="kp-sms-button"
      data-testid="send-sms-code"
    >
      {remaining > 0 ? `${remaining}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
