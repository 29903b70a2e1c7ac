import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import { PageError, PageLoading } from '../../../app/page-states';
import { fetchApplicant, recruitKeys } from '../api';
import { ApplicantFormCard } from '../components/applicant-form';
import { ApplicationCard } from '../components/application-history';
import { ResumeViewer } from '../components/resume-viewer';
import { useMoveApplications } from '../components/use-move';
import '../recruitment.css';

/** staff/resume?applicantId= and job/detail/resume?applicantId=&jobId=: the applicant and their résumé. */
export default function ResumePage(): ReactNode {
  const [params] = useSearchParams();
  const applicantId = Number(params.get('applicantId')) || 0;
  const jobId = Number(params.get('jobId')) || null;
  const detail = useQuery({
    queryKey: recruitKeys.applicant(applicantId),
    queryFn: () => fetchApplicant(applicantId),
    enabled: applicantId > 0,
  });
  const move = useMoveApplications(jobId);
  if (detail.isPending) return <PageLoading />;
  if (detail.isError)
    return <PageError description="应聘者不存在或加载失败。" onRetry={() => void detail.refetch()} />;
  const applicant = detail.data;
  // The job the page was opened from first.
  const applications = [...applicant.applications].sort(
    (a, b) => Number(b.jobId === jobId) - Number(a.jobId === jobId),
  );
  return (
    <div className="kp-page">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {applicant.name}
        </Typography.Title>
        {jobId ? <Link to={recruitPaths.jobDetail(jobId)}>返回看板</Link> : null}
      </Space>
      <div className="kp-recruit-resume">
        <div>
          {applications.map((a) => (
            <ApplicationCard
              key={a.applicationId}
              application={a}
              onMove={(to) => move([a.applicationId], to)}
            />
          ))}
          <ApplicantFormCard applicant={applicant} />
        </div>
        <ResumeViewer resumes={applicant.resumes} />
      </div>
    </div>
  );
}
