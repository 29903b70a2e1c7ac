import type { ReactNode } from 'react';
import { Card, Empty, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { candidatePaths, formatScore } from '@kaopei/shared';
import { LinkButton } from '../../../app/link-button';
import { PageError } from '../../../app/page-states';
import { candidateKeys, fetchMyExams, type MyExamRow } from '../../candidate/api';
import { formatWindow } from '../../../lib/time-format';

/** How many finished exams the home page shows. */
export const RECENT_RESULTS = 5;

/** The result as the candidate may see it: the score and 及格/不及格, or why there is none yet. */
export function resultText(exam: MyExamRow): { text: string; tag?: { color: string; label: string } } {
  if (exam.lastStatus === 1) return { text: '待阅卷' };
  if (exam.bestScore === null) return { text: exam.lastAttemptId === null ? '未参加' : '成绩未公布' };
  const passed = exam.bestScore >= exam.passScore;
  return {
    text: `${formatScore(exam.bestScore)} 分`,
    tag: passed ? { color: 'success', label: '及格' } : { color: 'error', label: '不及格' },
  };
}

/** The most recent finished exams first (by the end of their window, then their start). */
export function latestFirst(rows: readonly MyExamRow[]): MyExamRow[] {
  const at = (exam: MyExamRow) => exam.endAt ?? exam.startAt ?? 0;
  return [...rows].sort((a, b) => at(b) - at(a)).slice(0, RECENT_RESULTS);
}

function ResultItem({ exam }: { exam: MyExamRow }): ReactNode {
  const result = resultText(exam);
  return (
    <li className="kp-home-list__item kp-home-list__item--result" data-testid="home-result">
      <div className="kp-home-list__main">
        <div className="kp-home-list__title">{exam.name}</div>
        <div className="kp-home-list__meta">考试时间 {formatWindow(exam.startAt, exam.endAt)}</div>
      </div>
      <div className="kp-home-list__score">
        <span>{result.text}</span>
        {result.tag ? <Tag color={result.tag.color}>{result.tag.label}</Tag> : null}
      </div>
      {exam.lastAttemptId !== null ? (
        <LinkButton type="link" to={candidatePaths.result(exam.lastAttemptId)}>
          查看成绩
        </LinkButton>
      ) : null}
    </li>
  );
}

/** 最近成绩: the latest finished exams with their released scores. */
export function RecentResultsPanel(): ReactNode {
  const finished = useQuery({
    queryKey: candidateKeys.exams('finished'),
    queryFn: () => fetchMyExams('finished'),
  });
  let body: ReactNode;
  if (finished.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (finished.isError)
    body = <PageError title="" description="成绩加载失败" onRetry={() => void finished.refetch()} />;
  else if (finished.data.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有考试成绩" />;
  else
    body = (
      <ul className="kp-home-list" aria-label="最近成绩">
        {latestFirst(finished.data).map((exam) => (
          <ResultItem key={exam.examId} exam={exam} />
        ))}
      </ul>
    );
  return (
    <Card
      title="最近成绩"
      className="kp-home-card"
      extra={
        <LinkButton type="link" to={`${candidatePaths.exams}?tab=finished`}>
          全部成绩
        </LinkButton>
      }
      data-testid="home-results"
    >
      {body}
    </Card>
  );
}
