import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Form, Tabs, Typography } from 'antd';
import { useAppConfig } from '../../../app/app-config-context';
import { PublicLayout } from '../../../components/public-layout';
import type { SignupKind } from '../api';
import {
  AccountFields,
  ContactFields,
  OrganizationFields,
  type SignupTab,
} from '../components/signup-fields';
import { SignupResultCard } from '../components/signup-result';
import { useSignupSubmit, type SignupValues } from './use-signup-submit';
import '../signup.css';

/** /signup: company sign-up, or registration of a college or industry body, verified by SMS. */
export default function SignupPage(): ReactNode {
  const config = useAppConfig();
  const [form] = Form.useForm<SignupValues>();
  const [tab, setTab] = useState<SignupTab>('enterprise');
  const eduKind = Form.useWatch('eduKind', form) ?? 'college';
  const kind: SignupKind = tab === 'enterprise' ? 'enterprise' : eduKind;
  const { submitting, error, clearError, outcome, submit } = useSignupSubmit(
    kind,
    config.requireEncryptedPassword,
  );

  if (outcome) {
    return (
      <PublicLayout>
        <div className="kp-auth-page">
          <SignupResultCard outcome={outcome} homePath={config.homePath} />
        </div>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      <div className="kp-auth-page">
        <Card className="kp-signup__card" data-testid="signup">
          <Typography.Title level={3} className="kp-auth-page__title">
            注册 {config.displayName}
          </Typography.Title>
          <Typography.Text type="secondary" className="kp-auth-page__intro">
            开通组织账号，注册人将成为组织管理员。
          </Typography.Text>
          <Tabs
            activeKey={tab}
            onChange={(key) => {
              setTab(key as SignupTab);
              clearError();
            }}
            items={[
              { key: 'enterprise', label: '企业注册' },
              { key: 'edu', label: '院校 / 产业机构注册' },
            ]}
          />
          <Form
            form={form}
            layout="vertical"
            onFinish={(values) => void submit(values)}
            initialValues={{ eduKind: 'college' }}
            name="signup"
            requiredMark="optional"
            scrollToFirstError
          >
            <OrganizationFields tab={tab} isCollege={kind === 'college'} />
            <ContactFields />
            <AccountFields />
            {error ? <Alert type="error" showIcon title={error} className="kp-account__error" /> : null}
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={submitting}
              data-testid="signup-submit"
            >
              {tab === 'enterprise' ? '注册企业' : '提交注册'}
            </Button>
          </Form>
          <div className="kp-auth-page__links">
            <span>
              已有账号？<Link to="/login">去登录</Link>
            </span>
            <Link to="/forgetPwd">忘记密码</Link>
          </div>
        </Card>
      </div>
    </PublicLayout>
  );
}
