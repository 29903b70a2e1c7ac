import type { ReactNode } from 'react';
import { Button, Card, Input, Table } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError, PageLoading } from '../../../app/page-states';
import {
  analysisKeys,
  exportCourseAnalysis,
  exportCourseRows,
  fetchCourseAnalysis,
  fetchCourseRows,
  type CourseAnalysisRow,
  type SectionDropRow,
} from '../api';
import { FIGURE_HELP, oneDecimalText, rateText } from '../../../components/analysis/analysis-format';
import { explained, FigureCard } from '../../../components/analysis/figures';
import { FunnelChartCard, RatingChart, SectionDropChart } from '../../../components/analysis/staff-charts';
import '../../../components/analysis/analysis.css';

const COURSE_STATUS: Record<string, string> = { draft: '草稿', open: '开放', closed: '已关闭' };

const columns: DataTableColumn<CourseAnalysisRow>[] = [
  {
    title: '课程',
    dataIndex: 'name',
    width: 200,
    fixed: 'left',
    render: (_v, r) => <Link to={`/manage/analysis/course?courseId=${r.courseId}`}>{r.name}</Link>,
  },
  { title: '状态', dataIndex: 'status', width: 80, render: (_v, r) => COURSE_STATUS[r.status] ?? r.status },
  explained<CourseAnalysisRow>({ title: '报名', dataIndex: 'enrolled', width: 70 }, FIGURE_HELP.enrolled),
  explained<CourseAnalysisRow>({ title: '已开始', dataIndex: 'started', width: 80 }, FIGURE_HELP.started),
  explained<CourseAnalysisRow>({ title: '过半', dataIndex: 'half', width: 70 }, FIGURE_HELP.half),
  explained<CourseAnalysisRow>({ title: '已完成', dataIndex: 'completed', width: 80 }, FIGURE_HELP.completed),
  explained<CourseAnalysisRow>(
    { title: '完成率', key: 'completionRate', width: 90, render: (_v, r) => rateText(r.completionRate) },
    FIGURE_HELP.completionRate,
  ),
  explained<CourseAnalysisRow>(
    {
      title: '平均评分',
      key: 'averageRating',
      width: 100,
      render: (_v, r) =>
        r.averageRating === null ? '—' : `${oneDecimalText(r.averageRating)}（${r.ratingCount}）`,
    },
    FIGURE_HELP.averageRating,
  ),
  explained<CourseAnalysisRow>(
    {
      title: '观看(小时)',
      key: 'watchedHours',
      width: 100,
      render: (_v, r) => oneDecimalText(r.watchedHours),
    },
    FIGURE_HELP.watchedHours,
  ),
];

function CourseList(): ReactNode {
  const list = useListPage<CourseAnalysisRow, { keyword?: string | undefined }, never>({
    initialFilter: {},
    queryKey: (f, page, size) => analysisKeys.courseList(f.keyword, page, size),
    fetchPage: (f, page, size) => fetchCourseRows(f.keyword, page, size),
    rowKey: 'courseId',
    invalidate: [analysisKeys.all],
  });
  return (
    <div className="kp-page kp-analysis">
      <Card size="small" title="课程分析（点击课程查看漏斗与流失）">
        <div className="kp-analysis-bar">
          <Input.Search
            allowClear
            placeholder="课程名称"
            aria-label="课程名称"
            style={{ width: 220 }}
            onSearch={(keyword) => list.updateFilter({ keyword: keyword.trim() || undefined })}
          />
          <Button
            icon={<DownloadOutlined />}
            data-testid="analysis-courses-export"
            onClick={() => void exportCourseRows(list.filter.keyword).catch(() => undefined)}
          >
            导出 Excel
          </Button>
        </div>
        {list.query.isError ? (
          <PageError description="课程分析加载失败。" onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<CourseAnalysisRow>
            {...list.tableProps}
            selectable={false}
            columns={columns}
            scrollX={1000}
            className="kp-analysis-courses"
          />
        )}
      </Card>
    </div>
  );
}

function SectionTable({ sections }: { sections: SectionDropRow[] }): ReactNode {
  const help = (text: string) => () => ({ title: text }) as React.HTMLAttributes<HTMLElement>;
  return (
    <Card size="small" title="小节明细">
      <Table<SectionDropRow>
        size="small"
        rowKey="sectionId"
        pagination={false}
        scroll={{ x: 600 }}
        dataSource={sections}
        locale={{ emptyText: '课程还没有小节' }}
        columns={[
          { title: '章', dataIndex: 'chapterTitle' },
          { title: '小节', dataIndex: 'title' },
          { title: '学到此节', dataIndex: 'reached', width: 90, onHeaderCell: help(FIGURE_HELP.reached) },
          {
            title: '完成此节',
            dataIndex: 'completedCount',
            width: 90,
            onHeaderCell: help('完成该小节的人数。'),
          },
          {
            title: '停在此节',
            dataIndex: 'stoppedHere',
            width: 90,
            onHeaderCell: help(FIGURE_HELP.stoppedHere),
          },
        ]}
      />
    </Card>
  );
}

function CourseDetail({ courseId }: { courseId: number }): ReactNode {
  const detail = useQuery({
    queryKey: analysisKeys.course(courseId),
    queryFn: () => fetchCourseAnalysis(courseId),
  });
  if (detail.isError)
    return <PageError description="课程不存在或加载失败。" onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <PageLoading />;
  const d = detail.data;
  const c = d.course;
  return (
    <div className="kp-page kp-analysis">
      <Card size="small">
        <div className="kp-analysis-bar">
          <Link to="/manage/analysis/course">
            <Button icon={<ArrowLeftOutlined />}>课程列表</Button>
          </Link>
          <strong data-testid="course-name">{c.name}</strong>
          <Button
            icon={<DownloadOutlined />}
            data-testid="course-export"
            onClick={() => void exportCourseAnalysis(courseId, c.name).catch(() => undefined)}
          >
            导出 Excel
          </Button>
        </div>
        <div className="kp-analysis-figures">
          <FigureCard title="报名" help={FIGURE_HELP.enrolled} value={c.enrolled} />
          <FigureCard title="完成率" help={FIGURE_HELP.completionRate} value={rateText(c.completionRate)} />
          <FigureCard
            title="平均评分"
            help={FIGURE_HELP.averageRating}
            value={c.averageRating === null ? '—' : oneDecimalText(c.averageRating)}
            suffix={c.averageRating === null ? undefined : `/ 5（${c.ratingCount} 条）`}
          />
          <FigureCard
            title="观看时长"
            help={FIGURE_HELP.watchedHours}
            value={oneDecimalText(c.watchedHours)}
            suffix="小时"
          />
        </div>
      </Card>
      <div className="kp-analysis-grid">
        <FunnelChartCard funnel={d.funnel} />
        <RatingChart counts={d.ratingCounts} months={d.months} />
      </div>
      <SectionDropChart sections={d.sections} />
      <SectionTable sections={d.sections} />
    </div>
  );
}

/** /manage/analysis/course: the courses' funnels; ?courseId= one course's funnel, drop-off and ratings. */
export default function CourseAnalysisPage(): ReactNode {
  const [params] = useSearchParams();
  const courseId = Number(params.get('courseId'));
  if (Number.isInteger(courseId) && courseId > 0) return <CourseDetail key={courseId} courseId={courseId} />;
  return <CourseList />;
}
