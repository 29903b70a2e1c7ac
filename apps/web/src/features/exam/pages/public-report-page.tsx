import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/page-states';
import { ApiError } from '../../../lib/http';
import { examKeys, fetchPublicReport } from '../api';
import { ReportView } from '../components/report-view';
import '../exam.css';

/** /report?token=: a shared personal report (spec §2 public route; no sign-in). */
export default function PublicReportPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const report = useQuery({
    queryKey: examKeys.publicReport(token),
    queryFn: () => fetchPublicReport(token),
    enabled: token !== '',
    retry: false,
  });
  let body: ReactNode;
  if (token === '') {
    body = <Result status="warning" title="链接不完整" subTitle="请使用完整的报告分享链接打开此页面。" />;
  } else if (report.isPending) {
    body = <PageLoading />;
  } else if (report.isError) {
    const expired = report.error instanceof ApiError && report.error.status === 404;
    body = (
      <Result
        status={expired ? 'warning' : 'error'}
        title={expired ? '报告链接无效或已过期' : '报告加载失败'}
        subTitle={expired ? '请向分享人索取新的链接。' : '请稍后刷新重试。'}
      />
    );
  } else {
    body = <ReportView report={report.data} />;
  }
  return <div className="kp-exam-public">{body}</div>;
}
