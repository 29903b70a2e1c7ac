import type { ReactNode } from 'react';
import { Alert, Descriptions, Typography } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';

/** The body of the dialog that shows a generated password — the only time anyone sees it. */
export function PasswordNotice({
  realName,
  account,
  password,
}: {
  realName: string;
  account: string;
  password: string;
}): ReactNode {
  return (
    <div data-testid="password-notice">
      <Alert
        type="warning"
        showIcon
        title="密码只显示这一次，请立即复制并告知员工；员工登录后可在“账号信息”中修改密码。"
        style={{ marginBottom: 16 }}
      />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="姓名">{realName}</Descriptions.Item>
        <Descriptions.Item label="账号">{account}</Descriptions.Item>
        <Descriptions.Item label="密码">
          <Typography.Text
            code
            copyable={{ text: password, tooltips: ['复制', '已复制'] }}
            data-testid="generated-password"
          >
            {password}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/** Opens the one-time password dialog. */
export function showPasswordOnce(
  modal: HookAPI,
  title: string,
  person: { realName: string; account: string; password: string },
): void {
  modal.success({
    title,
    width: 480,
    okText: '我已记下',
    content: <PasswordNotice {...person} />,
  });
}
