import type { ReactNode } from 'react';
import { Form, Input, Radio, Select, Space } from 'antd';
import {
  BankOutlined,
  LockOutlined,
  MailOutlined,
  PhoneOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { toast } from '../../../lib/feedback';
import { CodeButton } from '../../../components/code-button';
import {
  confirmPasswordRules,
  newPasswordRules,
  PASSWORD_HINT,
  PHONE_PATTERN,
  SMS_CODE_PATTERN,
} from '../../../lib/password-rules';
import { sendRegisterCode } from '../api';
import type { SignupValues } from '../pages/use-signup-submit';

export type SignupTab = 'enterprise' | 'edu';

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

/** The organisation: its kind (on the college / industry tab), name, industry and size. */
export function OrganizationFields({ tab, isCollege }: { tab: SignupTab; isCollege: boolean }): ReactNode {
  return (
    <>
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
    </>
  );
}

/** The contact person and the phone, proved by the SMS code sent to it. */
export function ContactFields(): ReactNode {
  return (
    <>
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
      <SmsCodeField />
    </>
  );
}

/** The SMS code, with the button that validates the phone and sends a code to it. */
function SmsCodeField(): ReactNode {
  const form = Form.useFormInstance<SignupValues>();
  return (
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
          testId="send-register-code"
          send={async () => {
            const { phone } = await form.validateFields(['phone']);
            await sendRegisterCode(phone.trim());
            toast.success('验证码已发送，5 分钟内有效');
          }}
        />
      </Space.Compact>
    </Form.Item>
  );
}

/** The e-mail, and the administrator's account and password. */
export function AccountFields(): ReactNode {
  return (
    <>
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
        <Input prefix={<UserOutlined />} placeholder="登录账号" maxLength={32} autoComplete="username" />
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
        <Input.Password prefix={<LockOutlined />} placeholder="再次输入密码" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
