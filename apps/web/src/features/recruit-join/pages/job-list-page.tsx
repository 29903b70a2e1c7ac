import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageEmpty, PageLoading } from '../../../app/page-states';
import { PublicLayout } from '../../../components/public-layout';
import { fetchPublicJobs, recruitJoinKeys } from '../api';
import { JobCard } from '../components/job-facts';
import { LinkGone } from '../components/link-gone';
import '../recruit-join.css';

/** /join/:orgId — the jobs an organisation is hiring for, phone-first. */
export default function JobListPage(): ReactNode {
  const organizationId = Number(useParams().orgId);
  const valid = Number.isInteger(organizationId) && organizationId > 0;
  const list = useQuery({
    queryKey: recruitJoinKeys.jobs(organizationId),
    queryFn: () => fetchPublicJobs(organizationId),
    enabled: valid,
    retry: false,
  });
  let body: ReactNode;
  if (!valid) body = <PageEmpty description="链接不正确，请向招聘方确认" />;
  else if (list.isPending) body = <PageLoading />;
  else if (list.isError)
    body = (
      <LinkGone
        error={list.error}
        title="无法打开职位列表"
        hint="请向招聘方确认链接"
        onRetry={() => void list.refetch()}
      />
    );
  else
    body = (
      <>
        <h1>{list.data.organizationName}</h1>
        <p className="kp-join__muted">
          正在招聘 {list.data.jobs.length} 个职位，点击职位查看详情并投递简历。
        </p>
        {list.data.jobs.length === 0 ? (
          <PageEmpty description="暂无正在招聘的职位" />
        ) : (
          <ul className="kp-join__list" aria-label="招聘职位">
            {list.data.jobs.map((job) => (
              <JobCard key={job.jobId} job={job} />
            ))}
          </ul>
        )}
      </>
    );
  return (
    <PublicLayout>
      <div className="kp-join">{body}</div>
    </PublicLayout>
  );
}
