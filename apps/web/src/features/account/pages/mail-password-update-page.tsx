import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useAppConfig } from '../../../app/app-config-context';
import { LinkButton } from '../../../app/link-button';
import { PublicLayout } from '../../../components/public-layout';
import { checkResetToken, PasswordEncryptionError, preparePasswords, resetPasswordByMail } from '../api';
import { confirmPasswordRules, newPasswordRules, PASSWORD_HINT } from '../../../lib/password-rules';
import '../account.css';

interface MailResetValues {
  password: string;
  confirm: string;
}

function InvalidLink(): ReactNode {
  return (
    <Result
      status="warning"
      title="链接无效或已过期"
      subTitle="重置链接 30 分钟内有效且只能使用一次，请重新找回密码。"
      extra={
        <LinkButton to="/forgetPwd" type="primary">
          重新找回密码
        </LinkButton>
      }
    />
  );
}

/** /mailPwdUpdate?token=…: sets a new password from the e-mailed link. */
export default function MailPasswordUpdatePage(): ReactNode {
  const config = useAppConfig();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const check = useQuery({
    queryKey: ['account', 'reset-token', token],
    queryFn: () => checkResetToken(token),
    enabled: token.length >= 16,
    staleTime: Infinity,
  });

  const submit = async (values: MailResetValues) => {
    setSaving(true);
    setError(null);
    try {
      const prepared = await preparePasswords({ password: values.password }, config.requireEncryptedPassword);
      await resetPasswordByMail({ token, password: prepared.values.password, encrypted: prepared.encrypted });
      setDone(true);
    } catch (failure) {
      if (failure instanceof PasswordEncryptionError) setError(failure.message);
    } finally {
      setSaving(false);
    }
  };

  let body: ReactNode;
  if (token.length < 16) body = <InvalidLink />;
  else if (check.isPending)
    body = (
      <div className="kp-page-state">
        <Spin />
      </div>
    );
  else if (check.isError)
    body = (
      <Result
        status="error"
        title="无法验证链接"
        subTitle="网络异常，请稍后重试。"
        extra={<Button onClick={() => void check.refetch()}>重试</Button>}
      />
    );
  else if (done)
    body = (
      <Result
        status="success"
        title="密码已重置"
        subTitle="请使用新密码登录。"
        extra={
          <LinkButton to="/login" type="primary">
            去登录
          </LinkButton>
        }
      />
    );
  else if (!check.data.valid) body = <InvalidLink />;
  else
    body = (
      <>
        <Typography.Title level={3} className="kp-auth-page__title">
          设置新密码
        </Typography.Title>
        <Typography.Text type="secondary" className="kp-auth-page__intro">
          {check.data.expiresAt
            ? `本链接在 ${dayjs(check.data.expiresAt).format('HH:mm')} 前有效，且只能使用一次。`
            : '本链接只能使用一次。'}
        </Typography.Text>
        <Form
          layout="vertical"
          size="large"
          onFinish={(v: MailResetValues) => void submit(v)}
          name="mail-reset"
          requiredMark={false}
        >
          <Form.Item name="password" label="新密码" extra={PASSWORD_HINT} rules={newPasswordRules()}>
            <Input.Password prefix={<LockOutlined />} placeholder="新密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label="确认新密码"
            dependencies={['password']}
            rules={confirmPasswordRules('password')}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="再次输入新密码"
              autoComplete="new-password"
            />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} className="kp-account__error" /> : null}
          <Button type="primary" htmlType="submit" block loading={saving} data-testid="mail-reset-submit">
            确认修改
          </Button>
        </Form>
      </>
    );

  return (
    <PublicLayout>
      <div className="kp-auth-page">
        <Card className="kp-auth-page__card" data-testid="mail-password-update">
          {body}
        </Card>
      </div>
    </PublicLayout>
  );
}
