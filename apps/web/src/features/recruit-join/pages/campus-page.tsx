import { useState, type ReactNode } from 'react';
import { Radio } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageEmpty, PageLoading } from '../../../app/page-states';
import { PublicLayout } from '../../../components/public-layout';
import { formatDateTime } from '../../../lib/time-format';
import { fetchPublicCampus, PUBLIC_APPLY, recruitJoinKeys, type PublicCampus } from '../api';
import { ApplyForm } from '../../../components/resume-apply/apply-form';
import { Description, JobFacts } from '../components/job-facts';
import { LinkGone } from '../components/link-gone';
import '../recruit-join.css';

function CampusView({ session }: { session: PublicCampus }): ReactNode {
  const open = session.jobs.filter((job) => job.open);
  const [jobId, setJobId] = useState<number | null>(open.length === 1 ? (open[0]?.jobId ?? null) : null);
  const chosen = open.find((job) => job.jobId === jobId) ?? null;
  return (
    <>
      <section className="kp-join__panel" aria-labelledby="campus-title">
        <h1 id="campus-title">
          {session.organizationName} · {session.school}校园招聘
        </h1>
        <p className="kp-join__facts">
          <span>时间：{formatDateTime(session.heldAt)}</span>
          <span>地点：{session.place}</span>
        </p>
        {session.description ? <Description text={session.description} /> : null}
      </section>
      <section className="kp-join__panel" aria-labelledby="campus-jobs">
        <h2 id="campus-jobs" style={{ marginTop: 0 }}>
          选择报名职位
        </h2>
        {open.length === 0 ? (
          <PageEmpty description="本场暂无可报名的职位" />
        ) : (
          <Radio.Group
            value={jobId}
            onChange={(event) => setJobId(event.target.value as number)}
            aria-labelledby="campus-jobs"
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          >
            {open.map((job) => (
              <Radio key={job.jobId} value={job.jobId} className="kp-join__choice" data-testid="campus-job">
                <span className="kp-join__choice-body">
                  <span className="kp-join__card-title">{job.name}</span>
                  <JobFacts job={job} />
                </span>
              </Radio>
            ))}
          </Radio.Group>
        )}
      </section>
      {chosen ? (
        <section className="kp-join__panel" aria-labelledby="campus-apply">
          <h2 id="campus-apply" style={{ marginTop: 0 }}>
            报名「{chosen.name}」
          </h2>
          {chosen.description ? (
            <details style={{ marginBottom: 12 }}>
              <summary>职位描述</summary>
              <Description text={chosen.description} />
            </details>
          ) : null}
          <ApplyForm
            channel={PUBLIC_APPLY}
            key={chosen.jobId}
            jobId={chosen.jobId}
            jobName={chosen.name}
            campusSessionId={session.sessionId}
          />
        </section>
      ) : null}
    </>
  );
}

/** /join/campus/:sessionId — a campus session's sign-up page (opened by its QR code). */
export default function CampusPage(): ReactNode {
  const sessionId = Number(useParams().sessionId);
  const valid = Number.isInteger(sessionId) && sessionId > 0;
  const session = useQuery({
    queryKey: recruitJoinKeys.campus(sessionId),
    queryFn: () => fetchPublicCampus(sessionId),
    enabled: valid,
    retry: false,
  });
  let body: ReactNode;
  if (!valid) body = <PageEmpty description="链接不正确，请向招聘方确认" />;
  else if (session.isPending) body = <PageLoading />;
  else if (session.isError)
    body = (
      <LinkGone
        error={session.error}
        title="无法打开校园招聘"
        hint="请向招聘方确认二维码或链接"
        onRetry={() => void session.refetch()}
      />
    );
  else body = <CampusView session={session.data} />;
  return (
    <PublicLayout>
      <div className="kp-join">{body}</div>
    </PublicLayout>
  );
}
