import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { candidatePaths } from '@kaopei/shared';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import { useSessionStore } from '../../../stores/session-store';
import { LinkButton } from '../../../app/link-button';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LearnerShell } from '../../../app/layout/learner-shell';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import { fetchMyApplications, recruitJoinKeys, type MyApplication } from '../api';
import { StageSteps } from '../components/stage-steps';
import { testScoreText } from '../recruit-join-rules';
import '../recruit-join.css';

function ApplicationCard({ app }: { app: MyApplication }): ReactNode {
  const score = testScoreText(app);
  const testOpen = app.testExamId !== null && app.testScore === null && app.stage === 'test';
  return (
    <li className="kp-m-card" data-testid="my-application">
      <h2 className="kp-m-card__title">{app.jobName}</h2>
      <div className="kp-join__muted">
        {app.organizationName} · 投递于 {formatDateTime(app.appliedAt)}
      </div>
      <StageSteps stage={app.stage} />
      {score ? (
        <div>
          笔试成绩：<strong data-testid="test-score">{score}</strong>
        </div>
      ) : null}
      {testOpen && app.testExamId !== null ? (
        <div style={{ marginTop: 8 }}>
          <LinkButton to={candidatePaths.exam(app.testExamId)} type="primary" size="small">
            参加笔试
          </LinkButton>
        </div>
      ) : null}
    </li>
  );
}

/**
 * /m/recruit — the applicant's own applications: stage, written test and its score. A staff member
 * reaches it from the learner's 内部招聘 tab, with a link to their organisation's open jobs; a candidate
 * (an outsider signed in for a written test) sees only their applications.
 */
export default function MyApplicationsPage(): ReactNode {
  const member = useSessionStore((state) =>
    state.userInfo && state.userInfo.kind !== 'candidate' && state.userInfo.organizationId !== undefined
      ? Number(state.userInfo.organizationId)
      : null,
  );
  const mine = useQuery({
    queryKey: recruitJoinKeys.mine,
    queryFn: fetchMyApplications,
    refetchOnMount: 'always',
  });
  return (
    <LearnerShell>
      {member !== null ? <LearnerHeader title="内部招聘" /> : <LearnerHeader title="我的应聘" back="/m" />}
      <main className="kp-m-main">
        {member !== null ? (
          <p>
            <LinkButton to={recruitPaths.publicJobs(member)} type="primary" data-testid="open-jobs-link">
              查看在招职位
            </LinkButton>
          </p>
        ) : null}
        {mine.isPending ? (
          <PageLoading />
        ) : mine.isError ? (
          <PageError onRetry={() => void mine.refetch()} />
        ) : mine.data.length === 0 ? (
          <PageEmpty description="暂无应聘记录" />
        ) : (
          <ul className="kp-m-list">
            {mine.data.map((app) => (
              <ApplicationCard key={app.applicationId} app={app} />
            ))}
          </ul>
        )}
      </main>
    </LearnerShell>
  );
}
