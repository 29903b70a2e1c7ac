import type { ReactNode } from 'react';
import { Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../app/link-button';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { examKeys, fetchPersonalReport } from '../api';
import { ReportView } from '../components/report-view';
import { ShareReportButton } from '../components/share-report-button';
import '../exam.css';

/** /manage/exam/personal/report?attemptId=: one candidate's report, with a share link. */
export default function PersonalReportPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const attemptId = Number(searchParams.get('attemptId')) || undefined;
  const report = useQuery({
    queryKey: examKeys.personal(attemptId ?? 0),
    queryFn: () => fetchPersonalReport(attemptId as number),
    enabled: attemptId !== undefined,
  });
  if (attemptId === undefined) return <PageEmpty description="请从成绩列表打开个人报告" />;
  if (report.isPending) return <PageLoading />;
  if (report.isError)
    return <PageError description="报告加载失败，请稍后重试。" onRetry={() => void report.refetch()} />;
  return (
    <ReportView
      report={report.data}
      extra={
        <Space>
          <LinkButton size="small" to={`/manage/exam/result?examId=${report.data.examId}`}>
            返回成绩
          </LinkButton>
          <ShareReportButton attemptId={report.data.attemptId} />
        </Space>
      }
    />
  );
}
