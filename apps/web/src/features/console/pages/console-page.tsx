import { useMemo, type ReactNode } from 'react';
import { Card, Empty, Skeleton, Tag, Typography } from 'antd';
import {
  ApartmentOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FormOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { relativeTime } from '@kaopei/shared';
import { useAppConfig } from '../../../app/app-config-context';
import { PageError } from '../../../app/page-states';
import { useSessionStore } from '../../../stores/session-store';
import {
  activityLabel,
  activityTime,
  consoleKeys,
  fetchConsoleStats,
  fetchStaffSum,
  type ConsoleStats,
} from '../api';
import { StaffChart } from '../components/staff-chart';
import { StatCard } from '../components/stat-card';

export function greeting(hour: number): string {
  if (hour >= 5 && hour < 11) return '上午好';
  if (hour >= 11 && hour < 13) return '中午好';
  if (hour >= 13 && hour < 18) return '下午好';
  return '晚上好';
}

const STATS: readonly {
  key: keyof Omit<ConsoleStats, 'recentActivity'>;
  label: string;
  testId: string;
  icon: ReactNode;
  tone: string;
}[] = [
  { key: 'staffCount', label: '员工', testId: 'stat-staff', icon: <TeamOutlined />, tone: '#1677ff' },
  {
    key: 'departmentCount',
    label: '部门',
    testId: 'stat-department',
    icon: <ApartmentOutlined />,
    tone: '#13c2c2',
  },
  {
    key: 'questionBankCount',
    label: '题库',
    testId: 'stat-question-bank',
    icon: <DatabaseOutlined />,
    tone: '#722ed1',
  },
  { key: 'paperCount', label: '试卷', testId: 'stat-paper', icon: <FileTextOutlined />, tone: '#fa8c16' },
  { key: 'examCount', label: '考试', testId: 'stat-exam', icon: <FormOutlined />, tone: '#52c41a' },
];

/** The organisation's recent activity, newest first, with relative times. */
function ActivityList({ items }: { items: ConsoleStats['recentActivity'] }): ReactNode {
  return (
    <ul className="kp-activity" data-testid="recent-activity">
      {items.map((item) => {
        const at = activityTime(item.createdAt);
        return (
          <li key={String(item.id)} className="kp-activity__item">
            <div className="kp-activity__main">
              <div className="kp-activity__title">
                {item.detail || `${item.actorName ?? ''} ${activityLabel(item.action)}`.trim()}
              </div>
              <div className="kp-activity__meta">
                <Tag variant="filled">{activityLabel(item.action)}</Tag>
                {item.actorName ? <span>{item.actorName}</span> : null}
              </div>
            </div>
            {at !== null ? (
              <time
                className="kp-console__time"
                dateTime={new Date(at).toISOString()}
                title={dayjs(at).format('YYYY-MM-DD HH:mm')}
              >
                {relativeTime(at)}
              </time>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** /manage/console: the organisation's dashboard. */
export default function ConsolePage(): ReactNode {
  const config = useAppConfig();
  const userInfo = useSessionStore((state) => state.userInfo);
  const stats = useQuery({ queryKey: consoleKeys.stats, queryFn: fetchConsoleStats });
  const staffSum = useQuery({ queryKey: consoleKeys.staffSum, queryFn: fetchStaffSum });
  const today = useMemo(() => dayjs(), []);

  return (
    <div className="kp-page kp-console">
      <section className="kp-console__welcome">
        <div>
          <Typography.Title level={3} className="kp-console__greeting" data-testid="console-greeting">
            {greeting(today.hour())}，{userInfo?.realName || '欢迎回来'}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="console-org">
            {userInfo?.organizationName || config.displayName} · {today.format('YYYY年M月D日 dddd')}
          </Typography.Text>
        </div>
      </section>

      {stats.isError ? (
        <PageError description="控制台数据加载失败，请稍后重试。" onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <div className="kp-stat-grid" aria-busy={stats.isPending}>
            {STATS.map((stat) =>
              stats.data ? (
                <StatCard
                  key={stat.key}
                  label={stat.label}
                  value={Number(stats.data[stat.key] ?? 0)}
                  icon={stat.icon}
                  tone={stat.tone}
                  testId={stat.testId}
                />
              ) : (
                <Card key={stat.key} className="kp-stat" size="small">
                  <Skeleton active paragraph={false} title={{ width: '60%' }} />
                  <Skeleton.Button active size="small" />
                </Card>
              ),
            )}
          </div>

          <div className="kp-console__panels">
            <Card title="最近动态" className="kp-console__activity">
              {stats.isPending ? (
                <Skeleton active paragraph={{ rows: 4 }} />
              ) : (stats.data?.recentActivity ?? []).length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无动态" />
              ) : (
                <ActivityList items={stats.data?.recentActivity ?? []} />
              )}
            </Card>
            <Card title="员工分布" className="kp-console__chart">
              {staffSum.isPending ? (
                <Skeleton active paragraph={{ rows: 4 }} />
              ) : staffSum.isError ? (
                <PageError title="" description="员工统计加载失败" onRetry={() => void staffSum.refetch()} />
              ) : (
                <StaffChart sum={staffSum.data} color={config.primaryColor} />
              )}
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
