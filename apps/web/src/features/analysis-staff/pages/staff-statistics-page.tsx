import { useState, type ReactNode } from 'react';
import { Button, Card, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageError, PageLoading } from '../../../app/page-states';
import {
  analysisKeys,
  exportStatistics,
  fetchStatistics,
  type RankEntry,
  type StaffStatistics,
} from '../api';
import { FIGURE_HELP, oneDecimalText, rateText } from '../../../components/analysis/analysis-format';
import { MonthsSelect } from '../components/analysis-parts';
import { FigureCard } from '../../../components/analysis/figures';
import { GroupChart } from '../../../components/analysis/staff-charts';
import '../../../components/analysis/analysis.css';

function Figures({ s }: { s: StaffStatistics }): ReactNode {
  return (
    <div className="kp-analysis-figures">
      <FigureCard title="在职人数" help={FIGURE_HELP.staffCount} value={s.staffCount} />
      <FigureCard title="参考人数" help={FIGURE_HELP.examinees} value={s.examinees} />
      <FigureCard title="参考率" help={FIGURE_HELP.participationRate} value={rateText(s.participationRate)} />
      <FigureCard title="考试次数" help={FIGURE_HELP.graded} value={s.graded} />
      <FigureCard
        title="通过率"
        help={FIGURE_HELP.passRate}
        value={rateText(s.passRate)}
        testId="stat-pass-rate"
      />
      <FigureCard title="平均得分率" help={FIGURE_HELP.scoreRate} value={rateText(s.scoreRate)} />
      <FigureCard title="学时" help={FIGURE_HELP.hours} value={oneDecimalText(s.hours)} suffix="小时" />
      <FigureCard title="完成课程" help={FIGURE_HELP.completions} value={s.completions} />
      <FigureCard
        title="任务完成率"
        help={FIGURE_HELP.taskCompletionRate}
        value={rateText(s.taskCompletionRate)}
      />
    </div>
  );
}

function Ranking({
  title,
  rows,
  valueTitle,
  help,
}: {
  title: string;
  rows: RankEntry[];
  valueTitle: string;
  help: string;
}) {
  return (
    <Card size="small" title={title}>
      <Table<RankEntry>
        size="small"
        rowKey="userId"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '名次', key: 'place', width: 60, render: (_v, _r, i) => i + 1 },
          {
            title: '姓名',
            dataIndex: 'realName',
            render: (_v, r) => (
              <Link to={`/manage/analysis/staff/detail?userId=${r.userId}`}>{r.realName}</Link>
            ),
          },
          { title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
          {
            title: valueTitle,
            dataIndex: 'value',
            width: 110,
            onHeaderCell: () => ({ title: help }) as React.HTMLAttributes<HTMLElement>,
            render: (v: number) => oneDecimalText(v),
          },
        ]}
      />
    </Card>
  );
}

/** /manage/analysis/staff/statistics: organisation-wide figures and rankings. */
export default function StaffStatisticsPage(): ReactNode {
  const [months, setMonths] = useState(12);
  const stats = useQuery({
    queryKey: analysisKeys.statistics(months),
    queryFn: () => fetchStatistics(months),
  });
  return (
    <div className="kp-page kp-analysis">
      <Card size="small">
        <div className="kp-analysis-bar">
          <MonthsSelect value={months} onChange={setMonths} />
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void exportStatistics(months).catch(() => undefined)}
          >
            导出 Excel
          </Button>
        </div>
      </Card>
      {stats.isError ? (
        <PageError description="统计加载失败。" onRetry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <PageLoading />
      ) : (
        <>
          <Figures s={stats.data} />
          {stats.data.topDepartments.length > 0 && (
            <GroupChart rows={stats.data.topDepartments} label="部门" />
          )}
          <div className="kp-analysis-grid">
            <Ranking
              title="学时榜"
              rows={stats.data.topLearners}
              valueTitle="学时(小时)"
              help={FIGURE_HELP.hours}
            />
            <Ranking
              title="得分率榜"
              rows={stats.data.topScorers}
              valueTitle="平均得分率(%)"
              help={FIGURE_HELP.scoreRate}
            />
            <Card size="small" title="部门通过率榜">
              <Table
                size="small"
                rowKey={(r) => String(r.refId)}
                pagination={false}
                dataSource={stats.data.topDepartments}
                locale={{ emptyText: '暂无数据' }}
                columns={[
                  { title: '名次', key: 'place', width: 60, render: (_v, _r, i) => i + 1 },
                  { title: '部门', dataIndex: 'name' },
                  { title: '考试次数', dataIndex: 'graded', width: 90 },
                  {
                    title: '通过率',
                    dataIndex: 'passRate',
                    width: 90,
                    onHeaderCell: () =>
                      ({ title: FIGURE_HELP.passRate }) as React.HTMLAttributes<HTMLElement>,
                    render: (v: number | null) => rateText(v),
                  },
                ]}
              />
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
