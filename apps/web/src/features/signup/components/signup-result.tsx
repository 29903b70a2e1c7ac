import type { ReactNode } from 'react';
import { Card, Result } from 'antd';
import { LinkButton } from '../../../app/link-button';
import type { SignupOutcome } from '../pages/use-signup-submit';

/** The answer to a sign-up: open at once (sign in now) or waiting for the platform's review. */
export function SignupResultCard({
  outcome,
  homePath,
}: {
  outcome: SignupOutcome;
  homePath: string;
}): ReactNode {
  const approved = outcome.result.status === 1;
  return (
    <Card className="kp-signup__card" data-testid="signup-result">
      <Result
        status={approved ? 'success' : 'info'}
        title={approved ? '注册成功' : '申请已提交'}
        subTitle={
          approved
            ? `组织已开通。请使用管理员账号 ${outcome.account} 登录，开始添加部门与员工。`
            : '平台将尽快审核您的入驻申请，审核结果会以短信（及邮件）通知您。'
        }
        extra={
          approved ? (
            <LinkButton to="/login" type="primary" data-testid="signup-login">
              立即登录
            </LinkButton>
          ) : (
            <LinkButton to={homePath}>返回首页</LinkButton>
          )
        }
      />
    </Card>
  );
}
