import { useState, type ReactNode } from 'react';
import { Card, Input, List, Pagination, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatScore } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { examKeys, fetchPersonalReport, searchResults, type ExamRow } from '../api';
import { ExamFrame } from '../components/exam-frame';
import { ReportView } from '../components/report-view';
import { ShareReportButton } from '../components/share-report-button';

const PAGE_SIZE = 20;

function Papers({ exam }: { exam: ExamRow }): ReactNode {
  const [searchParams, setSearchParams] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const chosen = Number(searchParams.get('attemptId')) || undefined;
  const results = useQuery({
    queryKey: examKeys.results(exam.examId, keyword, page, PAGE_SIZE),
    queryFn: () => searchResults(exam.examId, keyword, page - 1, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const attemptId = chosen ?? results.data?.data[0]?.attemptId;
  const report = useQuery({
    queryKey: examKeys.personal(attemptId ?? 0),
    queryFn: () => fetchPersonalReport(attemptId as number),
    enabled: attemptId !== undefined,
  });
  const choose = (id: number) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('attemptId', String(id));
        return next;
      },
      { replace: true },
    );

  return (
    <div className="kp-exam-split">
      <Card size="small" title="已交卷的考生">
        <Input.Search
          allowClear
          placeholder="搜索姓名或账号"
          aria-label="搜索考生"
          maxLength={50}
          style={{ marginBottom: 8 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        {results.isError ? (
          <PageError description="考生加载失败，请稍后重试。" onRetry={() => void results.refetch()} />
        ) : (
          <>
            <List
              size="small"
              loading={results.isFetching}
              dataSource={results.data?.data ?? []}
              locale={{ emptyText: '还没有考生交卷' }}
              renderItem={(row) => (
                <List.Item
                  key={row.attemptId}
                  onClick={() => choose(row.attemptId)}
                  style={{
                    cursor: 'pointer',
                    paddingInline: 8,
                    background: row.attemptId === attemptId ? 'rgba(22, 119, 255, 0.08)' : undefined,
                  }}
                  aria-current={row.attemptId === attemptId}
                >
                  <Typography.Link>{row.realName}</Typography.Link>
                  <span>
                    {row.status === 2 ? formatScore(row.score) : <Tag color="orange">{row.statusLabel}</Tag>}
                  </span>
                </List.Item>
              )}
            />
            {(results.data?.total ?? 0) > PAGE_SIZE ? (
              <Pagination
                size="small"
                current={page}
                pageSize={PAGE_SIZE}
                total={results.data?.total ?? 0}
                onChange={setPage}
                showSizeChanger={false}
              />
            ) : null}
          </>
        )}
      </Card>
      <div>
        {attemptId === undefined ? (
          results.isPending ? (
            <PageLoading />
          ) : (
            <PageEmpty description="还没有考生交卷" />
          )
        ) : report.isPending ? (
          <PageLoading />
        ) : report.isError ? (
          <PageError description="试卷加载失败，请稍后重试。" onRetry={() => void report.refetch()} />
        ) : (
          <ReportView report={report.data} extra={<ShareReportButton attemptId={report.data.attemptId} />} />
        )}
      </div>
    </div>
  );
}

/** /manage/exam/IndividualPapers?examId=: each candidate's own paper, with their answers against the key. */
export default function IndividualPapersPage(): ReactNode {
  return (
    <ExamFrame path="/manage/exam/IndividualPapers" title="个人试卷">
      {(exam) => <Papers exam={exam} />}
    </ExamFrame>
  );
}
