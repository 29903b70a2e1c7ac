import type { ReactNode } from 'react';
import { Alert, Card, Empty, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PSY_PERSON_MENU, psychPaths } from '@kaopei/shared/contracts/psych';
import { LazyChart } from '../../../components/lazy-chart';
import { PageError, PageLoading } from '../../../app/page-states';
import { fetchGroupView, psychKeys, type GroupView } from '../api';
import { ExamPicker, menuGrants, useChosenExam } from '../components/exam-picker';
import { groupChartOption, groupChartSummary } from '../psych-rules';
import '../psych.css';

const loadCharts = () => import('../components/echarts-setup');
type Group = GroupView['departments'][number];

function DimensionTable({
  view,
  dimensionKey,
  name,
}: {
  view: GroupView;
  dimensionKey: string;
  name: string;
}): ReactNode {
  const groups = [...(view.overall ? [view.overall] : []), ...view.departments];
  const labels = groups[0]?.dimensions.find((d) => d.key === dimensionKey)?.levels.map((l) => l.label) ?? [];
  const of = (group: Group) => group.dimensions.find((d) => d.key === dimensionKey);
  return (
    <Card
      size="small"
      title={name}
      className="kp-psych-dimension"
      data-testid={`group-dimension-${dimensionKey}`}
    >
      <Table<Group>
        size="small"
        pagination={false}
        rowKey="name"
        dataSource={groups}
        columns={[
          { title: '部门', dataIndex: 'name' },
          { title: '人数', dataIndex: 'count', width: 70 },
          { title: '平均分', key: 'mean', width: 90, render: (_v, g) => of(g)?.mean ?? '-' },
          ...labels.map((label) => ({
            title: label,
            key: label,
            width: 110,
            render: (_v: unknown, g: Group) => {
              const count = of(g)?.levels.find((l) => l.label === label)?.count ?? 0;
              return `${count} 人（${g.count ? Math.round((count / g.count) * 100) : 0}%）`;
            },
          })),
        ]}
      />
    </Card>
  );
}

function GroupBody({ mentalExamId }: { mentalExamId: number }): ReactNode {
  const view = useQuery({
    queryKey: psychKeys.group(mentalExamId),
    queryFn: () => fetchGroupView(mentalExamId),
  });
  if (view.isPending) return <PageLoading />;
  if (view.isError) return <PageError onRetry={() => void view.refetch()} />;
  const data = view.data;
  const shown = data.overall !== null || data.departments.length > 0;
  return (
    <>
      <Typography.Paragraph>
        {data.exam.anonymous ? '匿名测评' : '实名测评'} · 已完成 {data.responseCount} 人 / 参加{' '}
        {data.exam.memberCount} 人 · 最小分组人数 {data.exam.minGroupSize}
      </Typography.Paragraph>
      {data.hidden > 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`${data.hidden} 人所在部门人数不足 ${data.exam.minGroupSize} 人，未单独或合并显示。`}
        />
      ) : null}
      {shown ? (
        <>
          <Card size="small" title="各维度平均分" className="kp-psych-dimension">
            <LazyChart
              load={loadCharts}
              option={groupChartOption(data)}
              summary={groupChartSummary(data)}
              height={320}
              testId="psych-group-chart"
            />
          </Card>
          {data.dimensions.map((d) => (
            <DimensionTable
              key={d.key}
              view={data}
              dimensionKey={d.key}
              name={`${d.name}（${d.min}–${d.max}）`}
            />
          ))}
        </>
      ) : (
        <Empty description="完成人数不足最小分组人数，暂不显示群体结果" />
      )}
    </>
  );
}

/** /manage/exam/psy_result: the group view of a mental exam, per dimension by department. */
export default function GroupResultPage(): ReactNode {
  const [mentalExamId, choose] = useChosenExam();
  return (
    <div className="kp-page">
      <Card size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <ExamPicker value={mentalExamId} onChange={choose} />
          {mentalExamId && menuGrants(PSY_PERSON_MENU) ? (
            <Link to={psychPaths.person(mentalExamId)}>查看个人结果</Link>
          ) : null}
        </Space>
        {mentalExamId ? <GroupBody mentalExamId={mentalExamId} /> : <Empty description="请选择心理测评" />}
      </Card>
    </div>
  );
}
