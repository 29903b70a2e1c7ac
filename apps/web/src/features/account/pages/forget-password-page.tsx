import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Form, Input, Result, Space, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useAppConfig } from '../../../app/app-config-context';
import { LinkButton } from '../../../app/link-button';
import { PublicLayout } from '../../../components/public-layout';
import { PasswordEncryptionError, preparePasswords, requestPasswordReset, resetPasswordBySms } from '../api';
import { CodeButton } from '../../../components/code-button';
import {
  confirmPasswordRules,
  newPasswordRules,
  PASSWORD_HINT,
  SMS_CODE_PATTERN,
} from '../../../lib/password-rules';
import '../account.css';

interface ResetValues {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

/** /forgetPwd: a code to the account's phone (and a reset link to its e-mail), then a new password. */
export default function ForgetPasswordPage(): ReactNode {
  const config = useAppConfig();
  const [form] = Form.useForm<ResetValues>();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (values: ResetValues) => {
    setSaving(true);
    setError(null);
    try {
      const prepared = await preparePasswords({ password: values.password }, config.requireEncryptedPassword);
      await resetPasswordBySms({
        account: values.account.trim(),
        code: values.code.trim(),
        password: prepared.values.password,
        encrypted: prepared.encrypted,
      });
      setDone(true);
    } catch (failure) {
      if (failure instanceof PasswordEncryptionError) setError(failure.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <PublicLayout>
      <div className="kp-auth-page">
        <Card className="kp-auth-page__card" data-testid="forget-password">
          {done ? (
            <Result
              status="success"
              title="密码已重置"
              subTitle="请使用新密码登录。其他设备上的登录已失效。"
              extra={
                <LinkButton to="/login" type="primary">
                  去登录
                </LinkButton>
              }
            />
          ) : (
            <>
              <Typography.Title level={3} className="kp-auth-page__title">
                找回密码
              </Typography.Title>
              <Typography.Text type="secondary" className="kp-auth-page__intro">
                输入账号、手机号或邮箱。验证码将发送至账号绑定的手机；若绑定了邮箱，也会收到重置密码的链接。
              </Typography.Text>
              <Form
                form={form}
                layout="vertical"
                size="large"
                onFinish={(v) => void submit(v)}
                name="forget-password"
                requiredMark={false}
              >
                <Form.Item
                  name="account"
                  label="账号"
                  rules={[{ required: true, whitespace: true, message: '请输入账号、手机号或邮箱' }]}
                >
                  <Input
                    prefix={<UserOutlined />}
                    placeholder="账号 / 手机号 / 邮箱"
                    autoComplete="username"
                  />
                </Form.Item>
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
                      <Input
                        prefix={<SafetyOutlined />}
                        placeholder="6 位验证码"
                        inputMode="numeric"
                        maxLength={6}
                      />
                    </Form.Item>
                    <CodeButton
                      testId="send-reset-code"
                      send={async () => {
                        const { account } = await form.validateFields(['account']);
                        setNotice(await requestPasswordReset(account.trim()));
                      }}
                    />
                  </Space.Compact>
                </Form.Item>
                {notice ? (
                  <Alert
                    type="info"
                    showIcon
                    title={notice}
                    className="kp-account__error"
                    data-testid="reset-notice"
                  />
                ) : null}
                <Form.Item name="password" label="新密码" extra={PASSWORD_HINT} rules={newPasswordRules()}>
                  <Input.Password
                    prefix={<LockOutlined />}
                    placeholder="新密码"
                    autoComplete="new-password"
                  />
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
                <Button type="primary" htmlType="submit" block loading={saving} data-testid="reset-submit">
                  重置密码
                </Button>
              </Form>
              <div className="kp-auth-page__links">
                <Link to="/login">返回登录</Link>
                <Link to="/signup">注册新组织</Link>
              </div>
            </>
          )}
        </Card>
      </div>
    </PublicLayout>
  );
}
