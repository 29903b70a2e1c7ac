import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'antd';

/** The server allows one code per phone and purpose every 60 s. */
export const CODE_RESEND_SECONDS = 60;

/**
 * '获取验证码' with a 60 s countdown, for any flow that sends an SMS code. `send` validates what it needs
 * and performs the call; when it rejects nothing starts (the form or the HTTP client has said why). The
 * countdown derives from the deadline, not from counting ticks.
 */
export function CodeButton({
  send,
  disabled,
  label = '获取验证码',
  testId = 'send-code',
  size,
}: {
  send: () => Promise<void>;
  size?: 'large' | 'middle' | 'small';
  disabled?: boolean;
  label?: string;
  testId?: string;
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

  const click = async () => {
    setSending(true);
    try {
      await send();
      const sentAt = Date.now();
      setNow(sentAt);
      setDeadline(sentAt + CODE_RESEND_SECONDS * 1000);
    } catch {
      // Already reported by the form validation or the HTTP client.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      onClick={() => void click()}
      size={size}
      loading={sending}
      disabled={disabled || remaining > 0}
      className="kp-code-button"
      data-testid={testId}
    >
      {remaining > 0 ? `${remaining}秒后重新获取` : label}
    </Button>
  );
}
