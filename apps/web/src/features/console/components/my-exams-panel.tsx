import type { ReactNode } from 'react';
import { Card, Empty, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { candidatePaths } from '@kaopei/shared';
import { LinkButton } from '../../../app/link-button';
import { PageError } from '../../../app/page-states';
import { candidateKeys, fetchMyExams, type MyExamRow } from '../../candidate/api';
import { formatWindow } from '../../../lib/time-format';

/** Where an exam row leads: back into the open attempt, else to the exam's page (instructions, start). */
function examAction(exam: MyExamRow): { to: string; label: string } {
  if (exam.openAttemptId !== null)
    return { to: candidatePaths.attempt(exam.openAttemptId), label: '继续答题' };
  return { to: candidatePaths.exam(exam.examId), label: '参加考试' };
}

function ExamRowItem({ exam, upcoming }: { exam: MyExamRow; upcoming: boolean }): ReactNode {
  const action = examAction(exam);
  return (
    <li className="kp-home-list__item" data-testid="home-exam">
      <div className="kp-home-list__main">
        <div className="kp-home-list__title">
          {exam.name}
          {upcoming ? (
            <Tag>未开始</Tag>
          ) : exam.openAttemptId !== null ? (
            <Tag color="processing">答题中</Tag>
          ) : null}
        </div>
        <div className="kp-home-list__meta">
          {formatWindow(exam.startAt, exam.endAt)} · 时长 {exam.durationText}
        </div>
      </div>
      {upcoming ? (
        <LinkButton to={candidatePaths.exam(exam.examId)}>查看</LinkButton>
      ) : (
        <LinkButton type="primary" to={action.to}>
          {action.label}
        </LinkButton>
      )}
    </li>
  );
}

/**
 * 待参加的考试: the exams open now (with their start button) and those about to open. `hideWhenEmpty`
 * for people whose console is the organisation's dashboard.
 */
export function MyExamsPanel({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }): ReactNode {
  const ongoing = useQuery({
    queryKey: candidateKeys.exams('ongoing'),
    queryFn: () => fetchMyExams('ongoing'),
  });
  const upcoming = useQuery({
    queryKey: candidateKeys.exams('upcoming'),
    queryFn: () => fetchMyExams('upcoming'),
  });
  const rows = [
    ...(ongoing.data ?? []).map((exam) => ({ exam, upcoming: false })),
    ...(upcoming.data ?? []).map((exam) => ({ exam, upcoming: true })),
  ];
  const pending = ongoing.isPending || upcoming.isPending;
  if (hideWhenEmpty && (pending || rows.length === 0)) return null;

  let body: ReactNode;
  if (pending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (ongoing.isError || upcoming.isError)
    body = (
      <PageError
        title=""
        description="考试加载失败"
        onRetry={() => void Promise.all([ongoing.refetch(), upcoming.refetch()])}
      />
    );
  else if (rows.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待参加的考试" />;
  else
    body = (
      <ul className="kp-home-list" aria-label="待参加的考试">
        {rows.map(({ exam, upcoming: soon }) => (
          <ExamRowItem key={exam.examId} exam={exam} upcoming={soon} />
        ))}
      </ul>
    );

  return (
    <Card
      title="待参加的考试"
      className="kp-home-card"
      extra={
        <LinkButton type="link" to={candidatePaths.exams}>
          全部考试
        </LinkButton>
      }
      data-testid="home-my-exams"
    >
      {body}
    </Card>
  );
}
