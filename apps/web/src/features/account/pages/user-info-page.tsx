import type { ReactNode } from 'react';
import { Card, Skeleton, Space, Typography } from 'antd';
import { AuditOutlined, ExperimentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '../../../app/link-button';
import { PageError } from '../../../app/page-states';
import { accountKeys, fetchAccountDetail } from '../api';
import { OrganizationCard } from '../components/organization-card';
import { PasswordCard } from '../components/password-card';
import { ProfileCard } from '../components/profile-card';
import '../account.css';

/** /manage/userInfo: the signed-in user's profile, phone, password and organisation. */
export default function UserInfoPage(): ReactNode {
  const detail = useQuery({ queryKey: accountKeys.detail, queryFn: fetchAccountDetail, staleTime: 0 });

  if (detail.isPending) {
    return (
      <div className="kp-page kp-account">
        <Card>
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="kp-page kp-account">
        <PageError description="账户信息加载失败，请稍后重试。" onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  const user = detail.data;
  const kind = user.organizationKind;
  return (
    <div className="kp-page kp-account">
      <div className="kp-account__grid">
        <ProfileCard detail={user} />
        <PasswordCard hasPhone={Boolean(user.phone)} />
        <OrganizationCard />
        {kind === 'platform' && user.isAdmin ? (
          <Card title="平台管理" className="kp-account__card">
            <Space direction="vertical">
              <Typography.Text type="secondary">审核企业、院校与产业机构的入驻申请。</Typography.Text>
              <LinkButton to="/platform/applications" type="primary" icon={<AuditOutlined />}>
                入驻申请审核
              </LinkButton>
            </Space>
          </Card>
        ) : null}
        {kind === 'college' || kind === 'enterprise' ? (
          <Card title="产教融合" className="kp-account__card">
            <Space direction="vertical">
              <Typography.Text type="secondary">院校与企业共建的产教融合项目。</Typography.Text>
              <LinkButton to="/eduIndusty/project/list" icon={<ExperimentOutlined />}>
                产教融合项目
              </LinkButton>
            </Space>
          </Card>
        ) : null}
      </div>
    </div>
  );
}
