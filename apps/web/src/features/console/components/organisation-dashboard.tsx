import type { ReactNode } from 'react';
import { Card, Empty, Skeleton } from 'antd';
import {
  ApartmentOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FormOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ConsoleFigures } from '@kaopei/shared/contracts/statistic';
import { useAppConfig } from '../../../app/app-config-context';
import { PageError } from '../../../app/page-states';
import { consoleKeys, fetchStaffSum, type ConsoleStats } from '../api';
import { ActivityList } from './activity-list';
import { MyExamsPanel } from './my-exams-panel';
import { StaffChart } from './staff-chart';
import { StatCard } from './stat-card';

const STATS: readonly {
  key: keyof ConsoleFigures;
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

/**
 * The console of someone who manages something: the organisation's figures, everyone's recent activity,
 * the staff chart — and their own exams above, when they have any to take.
 */
export function OrganisationDashboard({ stats }: { stats: UseQueryResult<ConsoleStats> }): ReactNode {
  const config = useAppConfig();
  const staffSum = useQuery({ queryKey: consoleKeys.staffSum, queryFn: fetchStaffSum });
  const figures = stats.data?.figures;
  return (
    <>
      <MyExamsPanel hideWhenEmpty />
      <div className="kp-stat-grid" aria-busy={stats.isPending}>
        {STATS.map((stat) =>
          figures ? (
            <StatCard
              key={stat.key}
              label={stat.label}
              value={Number(figures[stat.key] ?? 0)}
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
  );
}
