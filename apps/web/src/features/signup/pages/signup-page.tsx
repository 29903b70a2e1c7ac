import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Form, Input, Radio, Result, Select, Space, Tabs, Typography } from 'antd';
import {
  BankOutlined,
  LockOutlined,
  MailOutlined,
  PhoneOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useAppConfig } from '../../../app/app-config-context';
import { LinkButton } from '../../../app/link-button';
import { toast } from '../../../lib/feedback';
import { PasswordEncryptionError, preparePasswords } from '../../account/api';
import { CodeButton } from '../../../components/code-button';
import {
  confirmPasswordRules,
  newPasswordRules,
  PASSWORD_HINT,
  PHONE_PATTERN,
  SMS_CODE_PATTERN,
} from '../../../lib/password-rules';
import { PublicLayout } from '../../../components/public-layout';
import { sendRegisterCode, submitSignup, type SignupKind, type SignupResult } from '../api';
import '../signup.css';

type SignupTab = 'enterprise' | 'edu';

interface SignupValues {
  eduKind?: 'college' | 'industry';
  organizationName: string;
  industry?: string;
  scale?: string;
  contactName: string;
  phone: string;
  code: string;
  email?: string;
  account: string;
  password: string;
  confirm: string;
}

const INDUSTRIES = [
  '互联网',
  '软件与信息服务',
  '制造业',
  '金融',
  '教育培训',
  '医疗健康',
  '零售与消费',
  '能源',
  '建筑地产',
  '交通物流',
  '政府与公共事业',
  '其他',
];
const STAFF_SCALES = ['1-49 人', '50-199 人', '200-499 人', '500-999 人', '1000 人以上'];
const STUDENT_SCALES = ['5000 人以下', '5000-10000 人', '10000-20000 人', '20000 人以上'];
const ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** /signup: company sign-up, or registration of a college or industry body, verified by SMS. */
export default function SignupPage(): ReactNode {
  const config = useAppConfig();
  const [form] = Form.useForm<SignupValues>();
  const [tab, setTab] = useState<SignupTab>('enterprise');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ result: SignupResult; message: string; account: string } | null>(
    null,
  );
  const eduKind = Form.useWatch('eduKind', form) ?? 'college';
  const kind: SignupKind = tab === 'enterprise' ? 'enterprise' : eduKind;

  const submit = async (values: SignupValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const prepared = await preparePasswords({ password: values.password }, config.requireEncryptedPassword);
      const { result, message } = await submitSignup(kind, {
        organizationName: values.organizationName.trim(),
        contactName: values.contactName.trim(),
        phone: values.phone.trim(),
        code: values.code.trim(),
        email: values.email?.trim() || undefined,
        account: values.account.trim(),
        password: prepared.values.password,
        encrypted: prepared.encrypted,
        industry: kind === 'college' ? undefined : values.industry,
        scale: values.scale,
      });
      setOutcome({ result, message, account: values.account.trim() });
    } catch (failure) {
      if (failure instanceof PasswordEncryptionError) setError(failure.message);
    } finally {
      setSubmitting(false);
    }
  };

  if (outcome) {
    const approved = outcome.result.status === 1;
    return (
      <PublicLayout>
        <div className="kp-auth-page">
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
                  <LinkButton to={config.homePath}>返回首页</LinkButton>
                )
              }
            />
          </Card>
        </div>
      </PublicLayout>
    );
  }

  const isCollege = kind === 'college';
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
              setError(null);
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
            {tab === 'edu' ? (
              <Form.Item name="eduKind" label="机构类型">
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'college', label: '院校' },
                    { value: 'industry', label: '产业机构' },
                  ]}
                />
              </Form.Item>
            ) : null}
            <Form.Item
              name="organizationName"
              label={isCollege ? '院校名称' : tab === 'edu' ? '机构名称' : '企业名称'}
              rules={[
                { required: true, whitespace: true, message: '请输入组织名称' },
                { min: 2, message: '组织名称至少 2 个字' },
                { max: 100, message: '组织名称不能超过 100 个字符' },
              ]}
            >
              <Input prefix={<BankOutlined />} placeholder="与营业执照或办学许可一致" maxLength={100} />
            </Form.Item>
            <div className="kp-signup__row">
              {isCollege ? null : (
                <Form.Item name="industry" label="所属行业">
                  <Select options={toOptions(INDUSTRIES)} placeholder="请选择" allowClear />
                </Form.Item>
              )}
              <Form.Item name="scale" label={isCollege ? '在校生规模' : '人员规模'}>
                <Select
                  options={toOptions(isCollege ? STUDENT_SCALES : STAFF_SCALES)}
                  placeholder="请选择"
                  allowClear
                />
              </Form.Item>
            </div>
            <Form.Item
              name="contactName"
              label="联系人"
              rules={[
                { required: true, whitespace: true, message: '请输入联系人' },
                { max: 50, message: '联系人不能超过 50 个字符' },
              ]}
            >
              <Input prefix={<UserOutlined />} placeholder="联系人姓名" maxLength={50} autoComplete="name" />
            </Form.Item>
            <Form.Item
              name="phone"
              label="手机号"
              rules={[
                { required: true, message: '请输入手机号' },
                { pattern: PHONE_PATTERN, message: '手机号格式不正确' },
              ]}
            >
              <Input
                prefix={<PhoneOutlined />}
                placeholder="用于登录与接收通知"
                inputMode="tel"
                maxLength={11}
                autoComplete="tel"
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
                  testId="send-register-code"
                  send={async () => {
                    const { phone } = await form.validateFields(['phone']);
                    await sendRegisterCode(phone.trim());
                    toast.success('验证码已发送，5 分钟内有效');
                  }}
                />
              </Space.Compact>
            </Form.Item>
            <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
              <Input
                prefix={<MailOutlined />}
                placeholder="选填，用于找回密码"
                maxLength={200}
                autoComplete="email"
              />
            </Form.Item>
            <Form.Item
              name="account"
              label="管理员账号"
              extra="4–32 位字母、数字或下划线，以字母开头"
              rules={[
                { required: true, message: '请输入管理员账号' },
                { pattern: ACCOUNT_PATTERN, message: '账号需为 4–32 位字母、数字或下划线，并以字母开头' },
              ]}
            >
              <Input
                prefix={<UserOutlined />}
                placeholder="登录账号"
                maxLength={32}
                autoComplete="username"
              />
            </Form.Item>
            <Form.Item name="password" label="密码" extra={PASSWORD_HINT} rules={newPasswordRules('密码')}>
              <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label="确认密码"
              dependencies={['password']}
              rules={confirmPasswordRules('password')}
            >
              <Input.Password
                prefix={<LockOutlined />}
                placeholder="再次输入密码"
                autoComplete="new-password"
              />
            </Form.Item>
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
