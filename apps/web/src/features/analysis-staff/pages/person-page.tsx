import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Empty, Select, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError, PageLoading } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import {
  analysisKeys,
  exportProfile,
  fetchPeople,
  fetchPersonCourses,
  fetchPersonExams,
  fetchProfile,
  fetchTrend,
  type PersonCourseRow,
  type PersonExamRow,
  type PersonProfile,
} from '../api';
import { FIGURE_HELP, oneDecimalText, rateText } from '../../../components/analysis/analysis-format';
import { explained, FigureCard } from '../../../components/analysis/figures';
import { TrendChart } from '../../../components/analysis/staff-charts';
import '../../../components/analysis/analysis.css';
import { ColorTag } from '../../../components/color-tag';

const examColumns: DataTableColumn<PersonExamRow>[] = [
  { title: '考试', dataIndex: 'examName', width: 180 },
  { title: '第几次', dataIndex: 'attemptNo', width: 70 },
  {
    title: '交卷时间',
    dataIndex: 'submittedAt',
    width: 150,
    render: (_v, r) => (r.submittedAt === null ? '—' : formatDateTime(r.submittedAt)),
  },
  {
    title: '得分',
    key: 'score',
    width: 100,
    render: (_v, r) => `${r.score.toFixed(1)} / ${r.totalPoints.toFixed(1)}`,
  },
  {
    title: '结果',
    key: 'passed',
    width: 80,
    render: (_v, r) => (r.passed ? <Tag color="green">通过</Tag> : <Tag color="red">未通过</Tag>),
  },
  explained<PersonExamRow>(
    { title: '名次', key: 'place', width: 90, render: (_v, r) => `${r.place} / ${r.attempts}` },
    FIGURE_HELP.place,
  ),
  explained<PersonExamRow>(
    {
      title: '百分位',
      key: 'percentile',
      width: 90,
      render: (_v, r) => <span data-testid="exam-percentile">{rateText(r.percentile)}</span>,
    },
    FIGURE_HELP.percentile,
  ),
];

const courseColumns: DataTableColumn<PersonCourseRow>[] = [
  { title: '课程', dataIndex: 'name', width: 180 },
  { title: '进度', key: 'progress', width: 80, render: (_v, r) => `${r.progressPercent}%` },
  explained<PersonCourseRow>(
    { title: '学时(小时)', key: 'hours', width: 100, render: (_v, r) => oneDecimalText(r.hours) },
    '课程的计划学时（课程学时 ÷ 60）。',
  ),
  explained<PersonCourseRow>(
    { title: '观看(小时)', key: 'watched', width: 100, render: (_v, r) => oneDecimalText(r.watchedHours) },
    FIGURE_HELP.watchedHours,
  ),
  {
    title: '完成时间',
    key: 'completedAt',
    width: 150,
    render: (_v, r) => (r.completedAt === null ? '未完成' : formatDateTime(r.completedAt)),
  },
];

function ExamHistory({ userId }: { userId: number }): ReactNode {
  const list = useListPage<PersonExamRow, { userId: number }, never>({
    initialFilter: { userId },
    queryKey: (f, page, size) => analysisKeys.exams(f.userId, page, size),
    fetchPage: (f, page, size) => fetchPersonExams(f.userId, page, size),
    rowKey: 'attemptId',
    invalidate: [analysisKeys.all],
  });
  return (
    <Card size="small" title="考试记录">
      <DataTable<PersonExamRow>
        {...list.tableProps}
        selectable={false}
        columns={examColumns}
        scrollX={800}
        className="kp-analysis-exams"
      />
    </Card>
  );
}

function Courses({ userId }: { userId: number }): ReactNode {
  const list = useListPage<PersonCourseRow, { userId: number }, never>({
    initialFilter: { userId },
    queryKey: (f, page, size) => analysisKeys.courses(f.userId, page, size),
    fetchPage: (f, page, size) => fetchPersonCourses(f.userId, page, size),
    rowKey: 'courseId',
    invalidate: [analysisKeys.all],
  });
  return (
    <Card size="small" title="课程学习">
      <DataTable<PersonCourseRow>
        {...list.tableProps}
        selectable={false}
        columns={courseColumns}
        scrollX={640}
      />
    </Card>
  );
}

/** The measured or rated abilities (the post-match profile lists every ability of the library). */
function Abilities({ abilities }: { abilities: PersonProfile['abilities'] }): ReactNode {
  const measured = abilities.filter((a) => a.level !== null);
  return (
    <Card size="small" title={`能力档案（已测 ${measured.length} 项，共 ${abilities.length} 项）`}>
      <Table
        size="small"
        rowKey="abilityId"
        pagination={false}
        scroll={{ x: 320 }}
        dataSource={measured}
        locale={{ emptyText: '尚无能力测评或评定' }}
        columns={[
          { title: '能力', dataIndex: 'name' },
          { title: '维度', dataIndex: 'dimensionName' },
          {
            title: '等级',
            dataIndex: 'level',
            onHeaderCell: () =>
              ({
                title: '岗位匹配的有效等级：考试测得与人工评定中的较高者（见岗位匹配）。',
              }) as React.HTMLAttributes<HTMLElement>,
            render: (v: number | null) => (v === null ? '未测' : `L${v}`),
            width: 80,
          },
        ]}
      />
    </Card>
  );
}

function Summary({ p }: { p: PersonProfile }): ReactNode {
  return (
    <div className="kp-analysis-figures">
      <FigureCard title="考试次数" help={FIGURE_HELP.graded} value={p.exams.graded} />
      <FigureCard title="通过率" help={FIGURE_HELP.passRate} value={rateText(p.exams.passRate)} />
      <FigureCard title="平均得分率" help={FIGURE_HELP.scoreRate} value={rateText(p.exams.scoreRate)} />
      <FigureCard
        title="平均百分位"
        help={FIGURE_HELP.averagePercentile}
        value={rateText(p.exams.averagePercentile)}
      />
      <FigureCard
        title="学时"
        help="已完成课程的计划学时之和。"
        value={oneDecimalText(p.learning.hours)}
        suffix="小时"
      />
      <FigureCard
        title="观看时长"
        help={FIGURE_HELP.watchedHours}
        value={oneDecimalText(p.learning.watchedHours)}
        suffix="小时"
      />
      <FigureCard
        title="课程完成"
        help="已完成 / 报名的课程数。"
        value={`${p.learning.completed}/${p.learning.enrolled}`}
      />
      <FigureCard
        title="任务完成"
        help="已完成 / 分配的学习任务数。"
        value={`${p.learning.tasksCompleted}/${p.learning.tasksAssigned}`}
      />
    </div>
  );
}

function Person({ userId, withTrend }: { userId: number; withTrend: boolean }): ReactNode {
  const profile = useQuery({ queryKey: analysisKeys.profile(userId), queryFn: () => fetchProfile(userId) });
  const trend = useQuery({
    queryKey: analysisKeys.trend({ months: 12 }, userId),
    queryFn: () => fetchTrend({ months: 12 }, userId),
    enabled: withTrend,
  });
  if (profile.isError)
    return <PageError description="员工不存在或加载失败。" onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <PageLoading />;
  const p = profile.data;
  return (
    <div className="kp-page kp-analysis">
      <Card size="small">
        <div className="kp-analysis-bar">
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }} data-testid="person-name">
            {p.person.realName}
            {p.person.status === 1 && <Tag style={{ marginLeft: 8 }}>离职</Tag>}
          </Typography.Title>
          <Button
            icon={<DownloadOutlined />}
            data-testid="person-export"
            onClick={() => void exportProfile(userId, p.person.realName).catch(() => undefined)}
          >
            导出档案
          </Button>
        </div>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="工号">{p.person.jobNumber ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="部门">{p.person.departmentName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="岗位">{p.person.postName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="标签">
            {p.tags.length === 0
              ? '—'
              : p.tags.map((t) => (
                  <ColorTag key={t.id} color={t.color}>
                    {t.name}
                  </ColorTag>
                ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Summary p={p} />
      {withTrend && trend.data && <TrendChart points={trend.data} title="近 12 个月趋势" />}
      <ExamHistory userId={userId} />
      <div className="kp-analysis-grid">
        <Abilities abilities={p.abilities} />
        <Courses userId={userId} />
      </div>
    </div>
  );
}

/** Pick a person (search by name or job number) when the page was opened without one. */
function PersonPicker({ basePath }: { basePath: string }): ReactNode {
  const [keyword, setKeyword] = useState('');
  const navigate = useNavigate();
  const people = useQuery({
    queryKey: analysisKeys.people({ months: 12, keyword }, 0, 20),
    queryFn: () => fetchPeople({ months: 12, keyword: keyword || undefined }, 0, 20),
  });
  return (
    <div className="kp-page kp-analysis">
      <Card size="small" title="选择员工">
        <Select
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          aria-label="员工"
          placeholder="输入姓名或工号搜索"
          style={{ width: 280, maxWidth: '100%' }}
          loading={people.isFetching}
          options={(people.data?.data ?? []).map((r) => ({
            value: r.userId,
            label: `${r.realName}（${r.departmentName ?? '未分配部门'}）`,
          }))}
          onChange={(userId: number) => void navigate(`${basePath}?userId=${userId}`)}
        />
        <Empty description="选择一名员工查看其档案" style={{ marginTop: 24 }} />
      </Card>
    </div>
  );
}

function PersonRoute({ basePath, withTrend }: { basePath: string; withTrend: boolean }): ReactNode {
  const [params] = useSearchParams();
  const userId = Number(params.get('userId'));
  if (!Number.isInteger(userId) || userId <= 0) return <PersonPicker basePath={basePath} />;
  return <Person key={userId} userId={userId} withTrend={withTrend} />;
}

/** /manage/analysis/user/profile?userId=: one person's profile. */
export default function ProfilePage(): ReactNode {
  return <PersonRoute basePath="/manage/analysis/user/profile" withTrend={false} />;
}

/** /manage/analysis/staff/detail?userId=: a person's analysis, with their monthly trend. */
export function StaffDetailPage(): ReactNode {
  return <PersonRoute basePath="/manage/analysis/staff/detail" withTrend />;
}
