import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Input, Space, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useAppConfig } from '../../../app/app-config-context';
import { toast } from '../../../lib/feedback';
import { useSessionStore } from '../../../stores/session-store';
import { logout } from '../../auth/api';
import { changePassword, PasswordEncryptionError, preparePasswords, sendPasswordCode } from '../api';
import {
  confirmPasswordRules,
  newPasswordRules,
  PASSWORD_HINT,
  SMS_CODE_PATTERN,
} from '../../../lib/password-rules';
import { CodeButton } from '../../../components/code-button';

type Proof = 'old' | 'sms';

interface PasswordValues {
  oldPassword?: string;
  code?: string;
  password: string;
  confirm: string;
}

/** The change of the password, proven by `proof`; then every session ends and the user signs in again. */
function usePasswordChange(proof: Proof) {
  const config = useAppConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signOutAfterChange = async () => {
    const refreshToken = useSessionStore.getState().auth?.refresh_token;
    await logout(refreshToken).catch(() => undefined);
    useSessionStore.getState().clear();
    queryClient.clear();
    toast.success('密码已修改，请使用新密码重新登录');
    await navigate('/login', { replace: true });
  };

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    setError(null);
    try {
      if (proof === 'old') {
        const prepared = await preparePasswords(
          { oldPassword: values.oldPassword ?? '', password: values.password },
          config.requireEncryptedPassword,
        );
        await changePassword({ ...prepared.values, encrypted: prepared.encrypted });
      } else {
        const prepared = await preparePasswords(
          { password: values.password },
          config.requireEncryptedPassword,
        );
        await changePassword({
          code: values.code?.trim(),
          password: prepared.values.password,
          encrypted: prepared.encrypted,
        });
      }
      await signOutAfterChange();
    } catch (failure) {
      // HTTP failures have been toasted; only local ones (encryption unavailable) need showing here.
      if (failure instanceof PasswordEncryptionError) setError(failure.message);
    } finally {
      setSaving(false);
    }
  };
  return { saving, error, clearError: () => setError(null), submit };
}

/** 原密码, or 短信验证码 with its send button. */
function ProofField({ proof }: { proof: Proof }): ReactNode {
  if (proof === 'old')
    return (
      <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password placeholder="当前使用的密码" autoComplete="current-password" />
      </Form.Item>
    );
  return (
    <Form.Item label="短信验证码" required>
      <Space.Compact block>
        <Form.Item
          name="code"
          noStyle
          rules={[
            { required: true, message: '请输入验证码' },
            { pattern: SMS_CODE_PATTERN, message: '验证码为 6 位数字' },
          ]}
        >
          <Input placeholder="发送至本人手机的验证码" inputMode="numeric" maxLength={6} />
        </Form.Item>
        <CodeButton
          testId="send-password-code"
          send={async () => {
            const masked = await sendPasswordCode();
            toast.success(`验证码已发送至 ${masked}`);
          }}
        />
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * 修改密码, proven by the old password or by an SMS code to the own phone. Every session ends when the
 * password changes, so the user signs in again with the new one.
 */
export function PasswordCard({ hasPhone }: { hasPhone: boolean }): ReactNode {
  const [form] = Form.useForm<PasswordValues>();
  const [proof, setProof] = useState<Proof>('old');
  const { saving, error, clearError, submit } = usePasswordChange(proof);

  return (
    <Card title="修改密码" className="kp-account__card" data-testid="password-card">
      <Tabs
        activeKey={proof}
        onChange={(key) => {
          setProof(key as Proof);
          clearError();
        }}
        items={[
          { key: 'old', label: '使用原密码' },
          { key: 'sms', label: '使用短信验证码', disabled: !hasPhone },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        className="kp-account__form"
        name="change-password"
      >
        <ProofField proof={proof} />
        <Form.Item name="password" label="新密码" extra={PASSWORD_HINT} rules={newPasswordRules()}>
          <Input.Password placeholder="新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={confirmPasswordRules('password')}
        >
          <Input.Password placeholder="再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} className="kp-account__error" /> : null}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="save-password">
          修改密码
        </Button>
      </Form>
    </Card>
  );
}
