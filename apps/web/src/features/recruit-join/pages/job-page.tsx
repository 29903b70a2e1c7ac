import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import { PageEmpty, PageLoading } from '../../../app/page-states';
import { LinkButton } from '../../../app/link-button';
import { PublicLayout } from '../../../components/public-layout';
import { formatDateTime } from '../../../lib/time-format';
import { fetchPublicJob, PUBLIC_APPLY, recruitJoinKeys, type PublicJob } from '../api';
import { ApplyForm } from '../../../components/resume-apply/apply-form';
import { Description, JobFacts } from '../components/job-facts';
import { LinkGone } from '../components/link-gone';
import '../recruit-join.css';

function JobView({ job }: { job: PublicJob }): ReactNode {
  const listUrl = recruitPaths.publicJobs(job.organizationId);
  return (
    <>
      <Link to={listUrl} className="kp-join__muted">
        ‹ {job.organizationName} 全部职位
      </Link>
      <section className="kp-join__panel" style={{ marginTop: 8 }} aria-labelledby="job-title">
        <h1 id="job-title">{job.name}</h1>
        <div className="kp-join__muted">
          {job.organizationName} · {job.postName}
          {job.publishedAt ? ` · 发布于 ${formatDateTime(job.publishedAt).slice(0, 10)}` : ''}
        </div>
        <JobFacts job={job} />
      </section>
      <section className="kp-join__panel" aria-labelledby="job-description">
        <h2 id="job-description" style={{ marginTop: 0 }}>
          职位描述
        </h2>
        <Description text={job.description} />
      </section>
      <section className="kp-join__panel" aria-labelledby="job-apply">
        <h2 id="job-apply" style={{ marginTop: 0 }}>
          投递简历
        </h2>
        {job.open ? (
          <ApplyForm
            channel={PUBLIC_APPLY}
            jobId={job.jobId}
            jobName={job.name}
            after={<LinkButton to={listUrl}>查看其他职位</LinkButton>}
          />
        ) : (
          <Alert
            type="warning"
            showIcon
            message="该职位已停止招聘"
            description="您可以查看该单位的其他职位。"
          />
        )}
      </section>
    </>
  );
}

/** /join/job/:jobId — a job's public page with the apply form, phone-first. */
export default function JobPage(): ReactNode {
  const jobId = Number(useParams().jobId);
  const valid = Number.isInteger(jobId) && jobId > 0;
  const job = useQuery({
    queryKey: recruitJoinKeys.job(jobId),
    queryFn: () => fetchPublicJob(jobId),
    enabled: valid,
    retry: false,
  });
  let body: ReactNode;
  if (!valid) body = <PageEmpty description="链接不正确，请向招聘方确认" />;
  else if (job.isPending) body = <PageLoading />;
  else if (job.isError)
    body = (
      <LinkGone
        error={job.error}
        title="无法打开职位"
        hint="请向招聘方确认链接"
        onRetry={() => void job.refetch()}
      />
    );
  else body = <JobView job={job.data} />;
  return (
    <PublicLayout>
      <div className="kp-join">{body}</div>
    </PublicLayout>
  );
}
