import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import type { PublicJob } from '../api';
import { salaryText } from '../recruit-join-rules';

/** A job's salary, place and headcount on one line (a span: it also sits inside a radio's label). */
export function JobFacts({ job }: { job: PublicJob }): ReactNode {
  return (
    <span className="kp-join__facts">
      <strong className="kp-join__salary">{salaryText(job.salaryMin, job.salaryMax)}</strong>
      {job.location ? (
        <span>
          <EnvironmentOutlined aria-hidden /> {job.location}
        </span>
      ) : null}
      <span>
        <TeamOutlined aria-hidden /> 招 {job.headcount} 人
      </span>
    </span>
  );
}

/** A job in a list: links to its page. */
export function JobCard({ job }: { job: PublicJob }): ReactNode {
  return (
    <li>
      <Link to={recruitPaths.publicJob(job.jobId)} className="kp-join__card" data-testid="public-job">
        <span className="kp-join__card-title">{job.name}</span>
        <span className="kp-join__muted">{job.postName}</span>
        <JobFacts job={job} />
      </Link>
    </li>
  );
}

/** A description kept as the recruiter wrote it (line breaks), or a note that there is none. */
export function Description({ text }: { text: string | null }): ReactNode {
  if (!text?.trim()) return <p className="kp-join__muted">暂无职位描述</p>;
  return <div className="kp-join__description">{text}</div>;
}
