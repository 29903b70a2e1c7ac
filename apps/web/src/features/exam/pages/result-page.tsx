import { useState, type ReactNode } from 'react';
import { Button, Card, Input, Space, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, formatScore } from '@kaopei/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
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

function ResultTable({ exam }: { exam: ExamRow }): ReactNode {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const results = useQuery({
    queryKey: examKeys.results(exam.examId, keyword, paging.page, paging.size),
    queryFn: () => searchResults(exam.examId, keyword, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({ mutationFn: () => exportResults(exam.examId, exam.name) });

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

  return (
    <Card size="small">
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索姓名或账号"
          aria-label="搜索考生"
          maxLength={50}
          style={{ width: 240 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出 Excel
        </Button>
      </div>
      {results.isError ? (
        <PageError description="成绩加载失败，请稍后重试。" onRetry={() => void results.refetch()} />
      ) : (
        <DataTable<ResultRow>
          rowKey="attemptId"
          columns={columns}
          dataSource={results.data?.data ?? []}
          total={results.data?.total ?? 0}
          loading={results.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          autoHeight={false}
          scrollX={1200}
          slots={{
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
              <Button
                type="link"
                size="small"
                onClick={() => void navigate(`/manage/exam/personal/report?attemptId=${row.attemptId}`)}
              >
                个人报告
              </Button>
            ),
          }}
        />
      )}
    </Card>
  );
}

/** /manage/exam/result?examId=: each candidate's best attempt, ranked, with export to Excel. */
export default function ResultPage(): ReactNode {
  return (
    <ExamFrame path="/manage/exam/result" title="成绩管理">
      {(exam) => <ResultTable exam={exam} />}
    </ExamFrame>
  );
}
