import { useState, type ReactNode } from 'react';
import { Alert, Form, Input, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useAppConfig } from '../../../app/app-config-context';
import { LinkButton } from '../../../app/link-button';
import { confirmPasswordRules, newPasswordRules, PASSWORD_HINT } from '../../../lib/password-rules';
import { PasswordEncryptionError, preparePasswords } from '../api';

/** The password as the server takes it: encrypted when the configuration asks for it. */
export interface PreparedPassword {
  password: string;
  encrypted: boolean;
}

/**
 * The submit of a password reset: prepares (encrypts) the new password, sends it with `send`, and
 * marks the reset done. An encryption failure is shown as `error`; the HTTP client shows the others.
 */
export function usePasswordReset<V extends { password: string }>(
  send: (values: V, prepared: PreparedPassword) => Promise<unknown>,
) {
  const config = useAppConfig();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (values: V) => {
    setSaving(true);
    setError(null);
    try {
      const prepared = await preparePasswords({ password: values.password }, config.requireEncryptedPassword);
      await send(values, { password: prepared.values.password, encrypted: prepared.encrypted });
      setDone(true);
    } catch (failure) {
      if (failure instanceof PasswordEncryptionError) setError(failure.message);
    } finally {
      setSaving(false);
    }
  };
  return { saving, error, done, submit };
}

/** 新密码 and 确认新密码, then the error of the last attempt if any. */
export function NewPasswordFields({ error }: { error: string | null }): ReactNode {
  return (
    <>
      <Form.Item name="password" label="新密码" extra={PASSWORD_HINT} rules={newPasswordRules()}>
        <Input.Password prefix={<LockOutlined />} placeholder="新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['password']}
        rules={confirmPasswordRules('password')}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="kp-account__error" /> : null}
    </>
  );
}

/** 密码已重置, with the way to the login page. */
export function PasswordResetDone({ subTitle }: { subTitle: string }): ReactNode {
  return (
    <Result
      status="success"
      title="密码已重置"
      subTitle={subTitle}
      extra={
        <LinkButton to="/login" type="primary">
          去登录
        </LinkButton>
      }
    />
  );
}
