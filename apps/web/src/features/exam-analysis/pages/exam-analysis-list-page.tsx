import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Form, Input, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageError } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import { analysisKeys, exportAnalysedExams, fetchAnalysedExams, type AnalysedExamRow } from '../api';
import { percent, TIPS } from '../../../components/analysis/analysis-rules';
import { AnalysisChart, trendOption } from '../../../components/analysis/analysis-chart';
import { Explained } from '../../../components/explained';
import { analysisPaths } from '../components/use-exam-analysis';
import '../../../components/analysis/exam-analysis.css';

interface Filter {
  keyword?: string;
}

const columns: TableColumnsType<AnalysedExamRow> = [
  {
    title: '考试名称',
    dataIndex: 'name',
    render: (_v, row) => <Link to={analysisPaths.detail(row.examId)}>{row.name}</Link>,
  },
  { title: '开考时间', dataIndex: 'startAt', width: 160, render: (_v, row) => formatDateTime(row.startAt) },
  { title: <Explained label="参考人数" tip={TIPS.n} />, dataIndex: 'gradedCount', width: 110 },
  {
    title: <Explained label="平均得分率" tip="平均得分率：平均分除以满分" />,
    dataIndex: 'meanRatio',
    width: 130,
    render: (_v, row) => percent(row.meanRatio),
  },
  {
    title: <Explained label="及格率" tip={TIPS.passRate} />,
    dataIndex: 'passRate',
    width: 110,
    render: (_v, row) => percent(row.passRate),
  },
  {
    title: '操作',
    key: 'actions',
    width: 170,
    render: (_v, row) => (
      <span style={{ display: 'inline-flex', gap: 12 }}>
        <Link to={analysisPaths.detail(row.examId)} aria-label={`「${row.name}」的考试分析`}>
          考试分析
        </Link>
        <Link to={analysisPaths.questions(row.examId)} aria-label={`「${row.name}」的试题分析`}>
          试题分析
        </Link>
      </span>
    ),
  },
];

/** The page's exams oldest first, as the trend of mean score rate and pass rate over time. */
function Trend({ rows }: { rows: AnalysedExamRow[] }): ReactNode {
  const ordered = useMemo(() => [...rows].reverse(), [rows]);
  const option = useMemo(
    () =>
      trendOption(
        ordered.map((r) => r.name),
        [
          {
            name: '平均得分率',
            values: ordered.map((r) => (r.meanRatio === null ? null : Math.round(r.meanRatio * 1000) / 10)),
          },
          {
            name: '及格率',
            values: ordered.map((r) => (r.passRate === null ? null : Math.round(r.passRate * 1000) / 10)),
          },
        ],
      ),
    [ordered],
  );
  if (rows.length < 2) return null;
  return (
    <Card
      size="small"
      title={<Explained label="考试对比与趋势" tip="按开考时间从早到晚，比较各场考试的平均得分率与及格率" />}
    >
      <AnalysisChart
        option={option}
        summary={ordered
          .map((r) => `${r.name}：平均得分率 ${percent(r.meanRatio)}，及格率 ${percent(r.passRate)}`)
          .join('；')}
      />
    </Card>
  );
}

/** /manage/analysis/exam: exams with graded answers, their figures side by side and over time. */
export default function ExamAnalysisListPage(): ReactNode {
  const [form] = Form.useForm<Filter>();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const list = useQuery({
    queryKey: analysisKeys.exams(keyword, paging.page - 1, paging.size),
    queryFn: () => fetchAnalysedExams(keyword, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const search = (next: string | undefined) => {
    setKeyword(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const rows = list.data?.data ?? [];
  return (
    <div className="kp-page" style={{ display: 'grid', gap: 12 }}>
      <Card size="small">
        <Form<Filter>
          form={form}
          layout="inline"
          aria-label="考试筛选"
          onFinish={(values) => search(values.keyword?.trim() || undefined)}
          style={{ marginBottom: 12 }}
        >
          <Form.Item name="keyword" label="考试名称">
            <Input allowClear placeholder="关键字" style={{ width: 200 }} />
          </Form.Item>
          <FilterButtons icon={<SearchOutlined />} onReset={() => search(undefined)} />
          <Form.Item>
            <Button onClick={() => void exportAnalysedExams(keyword)}>导出 Excel</Button>
          </Form.Item>
        </Form>
        {list.isError ? (
          <PageError description="考试列表加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
        ) : (
          <Table<AnalysedExamRow>
            rowKey="examId"
            size="small"
            aria-label="可分析的考试"
            loading={list.isFetching}
            dataSource={rows}
            columns={columns}
            scroll={{ x: 800 }}
            locale={{ emptyText: '还没有已评分的考试' }}
            pagination={{
              current: paging.page,
              pageSize: paging.size,
              total: list.data?.total ?? 0,
              showSizeChanger: false,
              onChange: (page, size) => setPaging({ page, size }),
            }}
          />
        )}
      </Card>
      <Trend rows={rows} />
    </div>
  );
}
