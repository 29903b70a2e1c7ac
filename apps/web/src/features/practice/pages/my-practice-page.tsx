import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Pagination, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { practicePaths } from '@kaopei/shared/contracts/practice';
import { LinkButton } from '../../../app/link-button';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LearnerShell } from '../../../app/layout/learner-shell';
import { fetchMyPractices, fetchReviewNext, practiceKeys, type MyPracticeRow } from '../api';
import { accuracyText } from '../practice-rules';
import '../practice.css';

const PAGE_SIZE = 10;

function PracticeCard({ row }: { row: MyPracticeRow }): ReactNode {
  return (
    <li className="kp-m-card kp-practice-card" data-testid="my-practice">
      <Link to={practicePaths.practice(row.practiceId)} className="kp-practice-card__name">
        {row.name}
      </Link>
      {row.description ? <p className="kp-practice-card__meta">{row.description}</p> : null}
      <div className="kp-practice-card__meta">
        题池 {row.questionCount} 题 · 每轮 {Math.min(row.roundSize, row.questionCount)} 题
      </div>
      <div className="kp-practice-card__meta">
        已练 {row.myFinishedRounds} 轮 · 作答 {row.myAnswers} 题 · 正确率 {accuracyText(row.myAccuracy)}
        {row.openRoundId ? <Tag style={{ marginLeft: 6 }}>有未完成的一轮</Tag> : null}
      </div>
      <div className="kp-practice-card__actions">
        <LinkButton to={practicePaths.practice(row.practiceId)} type="primary" size="small">
          {row.openRoundId ? '继续练习' : row.myRounds > 0 ? '再练一轮' : '开始练习'}
        </LinkButton>
      </div>
    </li>
  );
}

function ReviewBanner(): ReactNode {
  const review = useQuery({
    queryKey: practiceKeys.review,
    queryFn: fetchReviewNext,
    refetchOnMount: 'always',
  });
  if (!review.data || review.data.bookCount === 0) return null;
  return (
    <div className="kp-m-card kp-practice-banner">
      <span>今天需复习 {review.data.dueCount} 题</span>
      <Link to={practicePaths.review}>去错题本</Link>
    </div>
  );
}

/** /m/practice: the released practice sets of my organisation, with my rounds and accuracy. */
export default function MyPracticePage(): ReactNode {
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: practiceKeys.my(page, PAGE_SIZE),
    queryFn: () => fetchMyPractices(page, PAGE_SIZE),
    refetchOnMount: 'always',
  });
  return (
    <LearnerShell>
      <LearnerHeader title="练习" />
      <main className="kp-m-main">
        <ReviewBanner />
        {list.isPending ? (
          <PageLoading />
        ) : list.isError ? (
          <PageError onRetry={() => void list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <PageEmpty description="暂无可练习的题目" />
        ) : (
          <>
            <ul className="kp-m-list">
              {list.data.data.map((row) => (
                <PracticeCard key={row.practiceId} row={row} />
              ))}
            </ul>
            {list.data.total > PAGE_SIZE ? (
              <Pagination
                simple
                align="center"
                current={page + 1}
                pageSize={PAGE_SIZE}
                total={list.data.total}
                onChange={(next) => setPage(next - 1)}
              />
            ) : null}
          </>
        )}
      </main>
    </LearnerShell>
  );
}
