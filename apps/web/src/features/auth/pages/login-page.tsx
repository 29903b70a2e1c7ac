import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useAppConfig } from '../../../app/app-config-context';
import { AppFooter } from '../../../app/layout/app-footer';
import { useSessionStore } from '../../../stores/session-store';
import type { PasswordGrantForm } from '../api';
import { AccountLoginForm } from '../components/account-login-form';
import { LoginNotice } from '../components/login-fields';
import { LoginTabs } from '../components/login-tabs';
import { SmsLoginForm } from '../components/sms-login-form';
import { preparePassword, signIn, signInErrorText } from '../session';

type LoginTab = 'account' | 'sms';

const TABS = [
  { key: 'account', label: '账号密码登录' },
  { key: 'sms', label: '验证码登录' },
] as const satisfies readonly { key: LoginTab; label: string }[];

/** The sign-in: prepares (encrypts) the password if there is one, signs in, and opens the target. */
function useSignIn() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (form: PasswordGrantForm) => {
    setSubmitting(true);
    setError(null);
    try {
      const prepared =
        form.password !== undefined
          ? { ...form, ...(await preparePassword(form.password, config.requireEncryptedPassword)) }
          : form;
      const target = await signIn(prepared);
      await navigate(target, { replace: true });
    } catch (failure) {
      setError(signInErrorText(failure));
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, error, clearError: () => setError(null), submit };
}

/** The product's picture beside the form (decorative). */
function LoginAside(): ReactNode {
  const config = useAppConfig();
  return (
    <div className="kp-login__aside" aria-hidden="true">
      <div className="kp-login__aside-inner">
        <img src={config.logo} alt="" className="kp-login__aside-logo" />
        <h2>{config.displayName}</h2>
        <p>{config.slogan}</p>
        <ul>
          <li>在线考试、题库与试卷管理</li>
          <li>岗位能力模型与人才测评分析</li>
          <li>学习任务、课程与练习</li>
          <li>招聘管理与校园招聘</li>
        </ul>
      </div>
    </div>
  );
}

/** 忘记密码 and 注册新组织, then the demo accounts when the server runs as a demo. */
function LoginLinks(): ReactNode {
  const config = useAppConfig();
  return (
    <>
      <div className="kp-login__links">
        <Link to="/forgetPwd" data-testid="forgot-password">
          忘记密码
        </Link>
        <Link to="/signup" data-testid="signup-link">
          注册新组织
        </Link>
      </div>
      {config.demo ? (
        <LoginNotice tone="info" className="kp-login__demo" testId="demo-hint" title="演示账号">
          管理员 <code className="kp-code">admin</code>，员工 <code className="kp-code">zhangsan</code>
          ，密码均为 <code className="kp-code">Kaopei@2024</code>
        </LoginNotice>
      ) : null}
    </>
  );
}

/** /login: account + password (optionally with an SMS code), or phone + SMS code. */
export default function LoginPage(): ReactNode {
  const config = useAppConfig();
  const signedIn = useSessionStore((state) => state.auth !== null && state.menuInfo !== null);
  const [tab, setTab] = useState<LoginTab>('account');
  const { submitting, error, clearError, submit } = useSignIn();
  const onSubmit = (form: PasswordGrantForm) => void submit(form);

  return (
    <div className="kp-login">
      <LoginAside />
      <main className="kp-login__main">
        <div className="kp-login__card">
          <Link to={config.homePath} className="kp-login__brand">
            <img src={config.logo} alt="" />
            <span>{config.displayName}</span>
          </Link>
          <h1 className="kp-login__title">欢迎登录</h1>
          {signedIn ? (
            <LoginNotice
              tone="success"
              icon={<CheckCircleFilled />}
              className="kp-login__notice"
              title={
                <span>
                  您已登录，<Link to="/manage">进入后台</Link>
                </span>
              }
            />
          ) : null}
          <LoginTabs
            label="登录方式"
            tabs={TABS}
            active={tab}
            onChange={(key) => {
              setTab(key);
              clearError();
            }}
          >
            {tab === 'account' ? (
              <AccountLoginForm submitting={submitting} onSubmit={onSubmit} />
            ) : (
              <SmsLoginForm submitting={submitting} onSubmit={onSubmit} />
            )}
          </LoginTabs>
          {error ? (
            <LoginNotice
              tone="error"
              role="alert"
              icon={<CloseCircleFilled />}
              title={error}
              className="kp-login__error"
              testId="login-error"
            />
          ) : null}
          <LoginLinks />
        </div>
        <AppFooter className="kp-login__footer" />
      </main>
    </div>
  );
}
