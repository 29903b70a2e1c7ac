import { useState, type ReactNode } from 'react';
import { Card, Input, List, Pagination, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatScore } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { examKeys, fetchPersonalReport, searchResults, type ExamRow, type ResultRow } from '../api';
import { ExamFrame } from '../components/exam-frame';
import { ReportView } from '../components/report-view';
import { ShareReportButton } from '../components/share-report-button';

const PAGE_SIZE = 20;

/** One candidate's paper with their answers, and the button that shares its report. */
function AttemptPaper({ attemptId }: { attemptId: number }): ReactNode {
  const report = useQuery({
    queryKey: examKeys.personal(attemptId),
    queryFn: () => fetchPersonalReport(attemptId),
  });
  if (report.isPending) return <PageLoading />;
  if (report.isError)
    return <PageError description="试卷加载失败，请稍后重试。" onRetry={() => void report.refetch()} />;
  return <ReportView report={report.data} extra={<ShareReportButton attemptId={report.data.attemptId} />} />;
}

/** A candidate who submitted: name and score (or state); clicking opens their paper. */
function CandidateItem(props: {
  row: ResultRow;
  chosen: boolean;
  onChoose: (attemptId: number) => void;
}): ReactNode {
  const { row, chosen, onChoose } = props;
  return (
    <List.Item
      onClick={() => onChoose(row.attemptId)}
      style={{
        cursor: 'pointer',
        paddingInline: 8,
        background: chosen ? 'rgba(22, 119, 255, 0.08)' : undefined,
      }}
      aria-current={chosen}
    >
      <Typography.Link>{row.realName}</Typography.Link>
      <span>{row.status === 2 ? formatScore(row.score) : <Tag color="orange">{row.statusLabel}</Tag>}</span>
    </List.Item>
  );
}

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
                <CandidateItem
                  key={row.attemptId}
                  row={row}
                  chosen={row.attemptId === attemptId}
                  onChoose={choose}
                />
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
        ) : (
          <AttemptPaper attemptId={attemptId} />
        )}
      </div>
    </div>
  );
}

/** /manage/exam/IndividualPapers?examId=: each candidate's own paper, with their answers against the key. */
export default function IndividualPapersPage(): ReactNode {
  return <ExamFrame path="/manage/exam/IndividualPapers">{(exam) => <Papers exam={exam} />}</ExamFrame>;
}
