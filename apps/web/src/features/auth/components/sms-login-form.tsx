import type { FormEvent, ReactNode } from 'react';
import { Button } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { LOGIN_TYPE_SMS, PHONE_PATTERN } from '@kaopei/shared';
import type { PasswordGrantForm } from '../api';
import { LoginField, requiredRule, useLoginFields } from './login-fields';
import { SmsCodeField } from './sms-code-button';

const RULES = {
  phone: requiredRule('请输入手机号', PHONE_PATTERN, '请输入正确的 11 位手机号'),
  code: requiredRule('请输入验证码', /^\d{4,8}$/),
};

/** 验证码登录: phone + SMS code (type 8). */
export function SmsLoginForm({
  submitting,
  onSubmit,
}: {
  submitting: boolean;
  onSubmit: (form: PasswordGrantForm) => void;
}): ReactNode {
  const { validate, field } = useLoginFields('sms-login', RULES);
  const finish = (event: FormEvent) => {
    event.preventDefault();
    const values = validate();
    if (values) onSubmit({ username: values.phone.trim(), code: values.code.trim(), type: LOGIN_TYPE_SMS });
  };
  return (
    <form onSubmit={finish} noValidate name="sms-login" className="kp-login__form">
      <LoginField
        {...field('phone')}
        label="手机号"
        icon={<MobileOutlined />}
        placeholder="手机号"
        inputMode="tel"
        maxLength={11}
        autoComplete="tel"
      />
      <SmsCodeField
        {...field('code')}
        label="验证码"
        phone={() => validate(['phone'])?.phone.trim() ?? null}
      />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登录
      </Button>
    </form>
  );
}
