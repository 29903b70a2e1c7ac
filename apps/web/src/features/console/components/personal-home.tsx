import type { ReactNode } from 'react';
import { Card, Empty, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ConsoleStats } from '../api';
import { ActivityList } from './activity-list';
import { MyExamsPanel } from './my-exams-panel';
import { RecentResultsPanel } from './recent-results-panel';

/**
 * The console of someone who manages nothing: their own home — the exams waiting for them, their recent
 * results and their own activity (later also their study tasks and courses).
 */
export function PersonalHome({ stats }: { stats: UseQueryResult<ConsoleStats> }): ReactNode {
  const own = stats.data?.recentActivity ?? [];
  return (
    <div className="kp-home" data-testid="personal-home">
      <MyExamsPanel />
      <div className="kp-console__panels">
        <RecentResultsPanel />
        <Card title="我的动态" className="kp-home-card">
          {stats.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : own.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无动态" />
          ) : (
            <ActivityList items={own} />
          )}
        </Card>
      </div>
    </div>
  );
}
