import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LazyChart } from '../../../components/lazy-chart';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { courseKeys, fetchStatistics, type CourseStatistics } from '../api';
import { percentText, ratingText } from '../course-rules';

type DepartmentFigures = CourseStatistics['byDepartment'][number];
const loadSetup = () => import('./course-chart-setup');

function chartOption(rows: DepartmentFigures[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['学员', '已完成'] },
    grid: { left: 40, right: 16, bottom: 40, top: 36 },
    xAxis: { type: 'category', data: rows.map((d) => d.departmentName), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '学员', type: 'bar', data: rows.map((d) => d.enrolled), itemStyle: { color: '#1677ff' } },
      { name: '已完成', type: 'bar', data: rows.map((d) => d.completed), itemStyle: { color: '#389e0d' } },
    ],
  };
}

/** The 统计 tab: the course's figures and completion by department. */
export function StatisticsTab({ courseId }: { courseId: number }): ReactNode {
  const stats = useQuery({
    queryKey: courseKeys.statistics(courseId),
    queryFn: () => fetchStatistics(courseId),
  });
  if (stats.isPending) return <PageLoading />;
  if (stats.isError) return <PageError description="统计加载失败" onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const summary = s.byDepartment
    .map((d) => `${d.departmentName}：学员 ${d.enrolled} 人，已完成 ${d.completed} 人`)
    .join('；');
  return (
    <div className="kp-course-detail" data-testid="course-statistics">
      <Row gutter={[16, 16]}>
        {[
          ['学员数', String(s.enrolled)],
          ['已开始', String(s.started)],
          ['已完成', String(s.completed)],
          ['完成率', percentText(s.completionRate)],
          ['平均进度', percentText(s.averageProgress)],
          ['平均评分', `${ratingText(s.averageRating)}${s.ratingCount ? `（${s.ratingCount} 人评价）` : ''}`],
        ].map(([title, value]) => (
          <Col xs={12} md={8} xl={4} key={title}>
            <Card size="small">
              <Statistic title={title} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      {s.byDepartment.length === 0 ? (
        <PageEmpty description="还没有学员" />
      ) : (
        <Card size="small" title="各部门完成情况">
          <LazyChart
            load={loadSetup}
            option={chartOption(s.byDepartment)}
            summary={`各部门学员与完成人数。${summary}`}
            height={280}
          />
          <Table<DepartmentFigures>
            size="small"
            rowKey={(r) => r.departmentId ?? 0}
            pagination={false}
            dataSource={s.byDepartment}
            columns={[
              { title: '部门', dataIndex: 'departmentName' },
              { title: '学员', dataIndex: 'enrolled' },
              { title: '已开始', dataIndex: 'started' },
              { title: '已完成', dataIndex: 'completed' },
              { title: '完成率', dataIndex: 'completionRate', render: (v: number) => percentText(v) },
              { title: '平均进度', dataIndex: 'averageProgress', render: (v: number) => percentText(v) },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
