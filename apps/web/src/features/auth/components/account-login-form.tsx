import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_TYPE_PASSWORD_SMS } from '@kaopei/shared';
import type { PasswordGrantForm } from '../api';
import { LoginField, PasswordField, requiredRule, useLoginFields } from './login-fields';
import { SmsCodeField } from './sms-code-button';

const SMS_CODE = /^\d{4,8}$/;

const RULES = {
  username: requiredRule('请输入账号'),
  password: (value: string) => (value === '' ? '请输入密码' : null),
  code: requiredRule('请输入短信验证码', SMS_CODE),
};

/** 账号密码登录, optionally with an SMS code (type 7) after the user clicks '短信验证'. */
export function AccountLoginForm({
  submitting,
  onSubmit,
}: {
  submitting: boolean;
  onSubmit: (form: PasswordGrantForm) => void;
}): ReactNode {
  const { validate, field } = useLoginFields('account-login', RULES);
  const [withSms, setWithSms] = useState(false);

  const finish = (event: FormEvent) => {
    event.preventDefault();
    const values = validate(withSms ? ['username', 'password', 'code'] : ['username', 'password']);
    if (!values) return;
    const username = values.username.trim();
    onSubmit(
      withSms
        ? { username, password: values.password, code: values.code.trim(), type: LOGIN_TYPE_PASSWORD_SMS }
        : { username, password: values.password },
    );
  };

  return (
    <form onSubmit={finish} noValidate name="account-login" className="kp-login__form">
      <LoginField
        {...field('username')}
        label="账号"
        icon={<UserOutlined />}
        placeholder="账号 / 手机号 / 邮箱"
        autoComplete="username"
      />
      <PasswordField
        {...field('password')}
        label="密码"
        icon={<LockOutlined />}
        placeholder="密码"
        autoComplete="current-password"
      />
      {withSms ? (
        <SmsCodeField
          {...field('code')}
          label="短信验证码"
          phone={() => validate(['username'])?.username.trim() ?? null}
        />
      ) : null}
      <div className="kp-login__row">
        <Button
          type="link"
          size="small"
          className="kp-login__link"
          onClick={() => setWithSms((value) => !value)}
          aria-pressed={withSms}
        >
          {withSms ? '取消短信验证' : '短信验证'}
        </Button>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登录
      </Button>
    </form>
  );
}
