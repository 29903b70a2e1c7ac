import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Form, Result, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { LinkButton } from '../../../app/link-button';
import { PublicLayout } from '../../../components/public-layout';
import { checkResetToken, resetPasswordByMail } from '../api';
import { NewPasswordFields, PasswordResetDone, usePasswordReset } from '../components/password-reset-parts';
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

/** 设置新密码: how long the link is valid, and the new password. */
function MailResetForm(props: { token: string; expiresAt: number | null | undefined }): ReactNode {
  const { token, expiresAt } = props;
  const reset = usePasswordReset<MailResetValues>((_values, prepared) =>
    resetPasswordByMail({ token, ...prepared }),
  );
  if (reset.done) return <PasswordResetDone subTitle="请使用新密码登录。" />;
  return (
    <>
      <Typography.Title level={3} className="kp-auth-page__title">
        设置新密码
      </Typography.Title>
      <Typography.Text type="secondary" className="kp-auth-page__intro">
        {expiresAt
          ? `本链接在 ${dayjs(expiresAt).format('HH:mm')} 前有效，且只能使用一次。`
          : '本链接只能使用一次。'}
      </Typography.Text>
      <Form
        layout="vertical"
        size="large"
        onFinish={(v: MailResetValues) => void reset.submit(v)}
        name="mail-reset"
        requiredMark={false}
      >
        <NewPasswordFields error={reset.error} />
        <Button type="primary" htmlType="submit" block loading={reset.saving} data-testid="mail-reset-submit">
          确认修改
        </Button>
      </Form>
    </>
  );
}

/** /mailPwdUpdate?token=…: sets a new password from the e-mailed link. */
export default function MailPasswordUpdatePage(): ReactNode {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useQuery({
    queryKey: ['account', 'reset-token', token],
    queryFn: () => checkResetToken(token),
    enabled: token.length >= 16,
    staleTime: Infinity,
  });

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
  else if (!check.data.valid) body = <InvalidLink />;
  else body = <MailResetForm token={token} expiresAt={check.data.expiresAt} />;

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
