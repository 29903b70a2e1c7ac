import type { ReactNode } from 'react';
import { Button, Card, Input, Space, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { formatScore } from '@kaopei/shared';
import {
  DataTable,
  useListPage,
  type DataTableColumn,
  type DataTableSlot,
} from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { examKeys, exportResults, searchResults, type ExamRow, type ResultRow } from '../api';
import { formatSeconds } from '../exam-rules';
import { ExamFrame } from '../components/exam-frame';
import { PassTag } from '../components/report-view';

const SUBMIT_REASONS: Record<string, string> = {
  timeout: '超时自动交卷',
  forced: '强制交卷',
  cheating: '作弊/切屏超限',
};

const columns: DataTableColumn<ResultRow>[] = [
  { title: '排名', dataIndex: 'rank', width: 70, render: (v) => (v === null ? '-' : String(v)) },
  { title: '姓名', dataIndex: 'realName', width: 110 },
  { title: '账号', dataIndex: 'account', width: 120 },
  { title: '部门', dataIndex: 'departmentName', width: 130, render: (v) => (v ? String(v) : '-') },
  {
    title: '成绩',
    dataIndex: 'score',
    width: 110,
    render: (_v, row) => `${formatScore(row.score)} / ${formatScore(row.totalPoints)}`,
  },
  { title: '是否及格', dataIndex: 'passed', width: 90, slot: 'passed' },
  {
    title: '用时',
    dataIndex: 'timeUsedSeconds',
    width: 120,
    render: (v) => formatSeconds(v as number | null),
  },
  {
    title: '交卷时间',
    dataIndex: 'submittedAt',
    width: 150,
    render: (v) => (v ? dayjs(Number(v)).format('YYYY-MM-DD HH:mm') : '-'),
  },
  { title: '第几次', dataIndex: 'attemptNo', width: 70 },
  { title: '状态', dataIndex: 'statusLabel', width: 130, slot: 'status' },
  { title: '操作', key: 'actions', width: 110, slot: 'actions', fixed: 'right' },
];

function resultSlots(openReport: (attemptId: number) => void): Record<string, DataTableSlot<ResultRow>> {
  return {
    passed: (row) => <PassTag passed={row.passed} />,
    status: (row) => (
      <Space size={2} wrap>
        <span>{row.statusLabel}</span>
        {row.submitReason && SUBMIT_REASONS[row.submitReason] ? (
          <Tag>{SUBMIT_REASONS[row.submitReason]}</Tag>
        ) : null}
      </Space>
    ),
    actions: (row) => (
      <Button type="link" size="small" onClick={() => openReport(row.attemptId)}>
        个人报告
      </Button>
    ),
  };
}

function ResultTable({ exam }: { exam: ExamRow }): ReactNode {
  const navigate = useNavigate();
  const list = useListPage({
    initialFilter: { keyword: '' },
    // The key counts pages from 1.
    queryKey: ({ keyword }, page, size) => examKeys.results(exam.examId, keyword, page + 1, size),
    fetchPage: ({ keyword }, page, size) => searchResults(exam.examId, keyword, page, size),
    rowKey: 'attemptId',
    invalidate: [['exam', 'results', exam.examId]],
  });
  const exporting = useMutation({ mutationFn: () => exportResults(exam.examId, exam.name) });

  return (
    <Card size="small">
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索姓名或账号"
          aria-label="搜索考生"
          maxLength={50}
          style={{ width: 240 }}
          onSearch={(value) => list.updateFilter({ keyword: value.trim() })}
        />
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出 Excel
        </Button>
      </div>
      {list.query.isError ? (
        <PageError description="成绩加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<ResultRow>
          {...list.tableProps}
          selectable={false}
          columns={columns}
          scrollX={1200}
          slots={resultSlots(
            (attemptId) => void navigate(`/manage/exam/personal/report?attemptId=${attemptId}`),
          )}
        />
      )}
    </Card>
  );
}

/** /manage/exam/result?examId=: each candidate's best attempt, ranked, with export to Excel. */
export default function ResultPage(): ReactNode {
  return <ExamFrame path="/manage/exam/result">{(exam) => <ResultTable exam={exam} />}</ExamFrame>;
}
