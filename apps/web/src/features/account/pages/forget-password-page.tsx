import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Form, Input, Space, Typography, type FormInstance } from 'antd';
import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { PublicLayout } from '../../../components/public-layout';
import { requestPasswordReset, resetPasswordBySms } from '../api';
import { CodeButton } from '../../../components/code-button';
import { SMS_CODE_PATTERN } from '../../../lib/password-rules';
import { NewPasswordFields, PasswordResetDone, usePasswordReset } from '../components/password-reset-parts';
import '../account.css';

interface ResetValues {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

/** 账号 and 短信验证码 with its send button; what the send answered is shown below. */
function AccountAndCodeFields({ form }: { form: FormInstance<ResetValues> }): ReactNode {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <Form.Item
        name="account"
        label="账号"
        rules={[{ required: true, whitespace: true, message: '请输入账号、手机号或邮箱' }]}
      >
        <Input prefix={<UserOutlined />} placeholder="账号 / 手机号 / 邮箱" autoComplete="username" />
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
            <Input prefix={<SafetyOutlined />} placeholder="6 位验证码" inputMode="numeric" maxLength={6} />
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
        <Alert type="info" showIcon title={notice} className="kp-account__error" data-testid="reset-notice" />
      ) : null}
    </>
  );
}

/** /forgetPwd: a code to the account's phone (and a reset link to its e-mail), then a new password. */
export default function ForgetPasswordPage(): ReactNode {
  const [form] = Form.useForm<ResetValues>();
  const reset = usePasswordReset<ResetValues>((values, prepared) =>
    resetPasswordBySms({ account: values.account.trim(), code: values.code.trim(), ...prepared }),
  );

  return (
    <PublicLayout>
      <div className="kp-auth-page">
        <Card className="kp-auth-page__card" data-testid="forget-password">
          {reset.done ? (
            <PasswordResetDone subTitle="请使用新密码登录。其他设备上的登录已失效。" />
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
                onFinish={(v) => void reset.submit(v)}
                name="forget-password"
                requiredMark={false}
              >
                <AccountAndCodeFields form={form} />
                <NewPasswordFields error={reset.error} />
                <Button
                  type="primary"
                  htmlType="submit"
                  block
                  loading={reset.saving}
                  data-testid="reset-submit"
                >
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
