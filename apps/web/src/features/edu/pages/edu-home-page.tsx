import type { ReactNode } from 'react';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import { LinkButton } from '../../../app/link-button';
import type { AccountDetail } from '../../account/api';
import { eduKeys, fetchProjects, PROJECT_STATUSES } from '../api';

/** /eduIndusty: what 产教融合 is, with the organisation's project counts per status. */
export default function EduHomePage(): ReactNode {
  const user = useOutletContext<AccountDetail>();
  const counts = useQuery({
    queryKey: [...eduKeys.all, 'counts'],
    queryFn: async () => {
      const pages = await Promise.all(
        PROJECT_STATUSES.map((s) => fetchProjects({ status: s.value, page: 0, size: 1 })),
      );
      return pages.map((page) => page.total);
    },
  });

  return (
    <div className="kp-edu__home">
      <section className="kp-edu__intro">
        <Typography.Title level={2}>产教融合</Typography.Title>
        <Typography.Paragraph type="secondary">
          {user.organizationName} 与合作{user.organizationKind === 'college' ? '企业' : '院校'}
          共建实训基地、订单班与联合课程，在这里统一登记项目、成员单位与联系人，跟踪项目进度。
        </Typography.Paragraph>
        <LinkButton to="/eduIndusty/project/list" type="primary" size="large">
          管理合作项目
        </LinkButton>
      </section>
      <Row gutter={[16, 16]}>
        {PROJECT_STATUSES.map((status, index) => (
          <Col xs={24} sm={8} key={status.value}>
            <Card>
              {counts.isPending ? (
                <Skeleton active paragraph={false} />
              ) : (
                <Statistic
                  title={`${status.label}的项目`}
                  value={counts.isError ? '—' : (counts.data?.[index] ?? 0)}
                  suffix={counts.isError ? undefined : '个'}
                />
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
