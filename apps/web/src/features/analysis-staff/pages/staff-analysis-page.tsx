import { useState, type ReactNode } from 'react';
import { Button, Card, Segmented } from 'antd';
import { BarChartOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { STAFF_GROUP_BY_LABELS, STAFF_GROUP_BYS, type StaffGroupBy } from '@kaopei/shared';
import { DataTable, useListPage } from '../../../components/data-table';
import { PageError, PageLoading } from '../../../app/page-states';
import {
  analysisKeys,
  exportGroups,
  fetchGroups,
  fetchTrend,
  type ScopeFilter,
  type StaffGroupRow,
} from '../api';
import { DepartmentFilter, MonthsSelect } from '../components/analysis-parts';
import { groupColumns } from '../../../components/analysis/figures';
import { GroupChart, TrendChart } from '../../../components/analysis/staff-charts';
import { PeopleTable } from '../components/people-table';
import '../../../components/analysis/analysis.css';

type KeyedGroup = StaffGroupRow & { key: string };

type GroupFilter = ScopeFilter & { by: StaffGroupBy };

function GroupsCard({ scope }: { scope: ScopeFilter }): ReactNode {
  const [by, setBy] = useState<StaffGroupBy>('department');
  const list = useListPage<KeyedGroup, GroupFilter, never>({
    initialFilter: { ...scope, by },
    queryKey: (f, page, size) =>
      analysisKeys.groups(f.by, { months: f.months, departmentId: f.departmentId }, page, size),
    fetchPage: async (f, page, size) => {
      const result = await fetchGroups(f.by, { months: f.months, departmentId: f.departmentId }, page, size);
      return { ...result, data: result.data.map((r) => ({ ...r, key: `${r.refId ?? 'none'}` })) };
    },
    rowKey: 'key',
    invalidate: [analysisKeys.all],
  });
  const label = STAFF_GROUP_BY_LABELS[by];
  return (
    <>
      <Card size="small" title="分组统计">
        <div className="kp-analysis-bar">
          <Segmented<StaffGroupBy>
            aria-label="分组方式"
            value={by}
            options={STAFF_GROUP_BYS.map((b) => ({ value: b, label: `按${STAFF_GROUP_BY_LABELS[b]}` }))}
            onChange={(value) => {
              setBy(value);
              list.updateFilter({ by: value });
            }}
          />
          <Button
            icon={<DownloadOutlined />}
            data-testid="analysis-groups-export"
            onClick={() => void exportGroups(by, scope).catch(() => undefined)}
          >
            导出 Excel
          </Button>
        </div>
        {list.query.isError ? (
          <PageError description="分组统计加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<KeyedGroup>
            {...list.tableProps}
            selectable={false}
            columns={groupColumns<KeyedGroup>(label)}
            scrollX={1100}
            className="kp-analysis-groups"
          />
        )}
      </Card>
      {list.rows.length > 0 && <GroupChart rows={list.rows} label={label} />}
    </>
  );
}

function Trend({ scope }: { scope: ScopeFilter }): ReactNode {
  const trend = useQuery({ queryKey: analysisKeys.trend(scope), queryFn: () => fetchTrend(scope) });
  if (trend.isError) return <PageError description="趋势加载失败。" onRetry={() => void trend.refetch()} />;
  if (!trend.data) return <PageLoading />;
  return <TrendChart points={trend.data} />;
}

/** /manage/analysis/staff: exams and learning by department, post or tag, monthly trend and people. */
export default function StaffAnalysisPage(): ReactNode {
  const [scope, setScope] = useState<ScopeFilter>({ months: 12 });
  const scopeKey = `${scope.months}-${scope.departmentId ?? 'all'}`;
  return (
    <div className="kp-page kp-analysis">
      <Card size="small">
        <div className="kp-analysis-bar">
          <div className="kp-analysis-bar__filters">
            <DepartmentFilter
              value={scope.departmentId}
              onChange={(departmentId) => setScope((s) => ({ ...s, departmentId }))}
            />
            <MonthsSelect value={scope.months} onChange={(months) => setScope((s) => ({ ...s, months }))} />
          </div>
          <Link to="/manage/analysis/staff/statistics">
            <Button icon={<BarChartOutlined />}>整体统计与排行</Button>
          </Link>
        </div>
      </Card>
      <GroupsCard key={`g-${scopeKey}`} scope={scope} />
      <Trend scope={scope} />
      <PeopleTable
        key={`p-${scopeKey}`}
        scope={scope}
        link={(userId) => `/manage/analysis/staff/detail?userId=${userId}`}
      />
    </div>
  );
}
