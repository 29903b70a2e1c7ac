import { useState, type ReactNode } from 'react';
import { Alert, Button, Radio, Result } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { practicePaths, REVIEW_RATING_LABELS, REVIEW_RATINGS } from '@kaopei/shared/contracts/practice';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LearnerShell } from '../../../app/layout/learner-shell';
import {
  answerReview,
  fetchReviewNext,
  practiceKeys,
  type ReviewAnswerResult,
  type ReviewNext,
  type ReviewRating,
} from '../api';
import { QuestionCard } from '../components/question-card';
import { canSubmit, dueText, type Response } from '../practice-rules';
import '../practice.css';

const SOURCE_LABELS: Record<string, string> = { practice: '练习', exam: '考试', review: '复习' };

function ReviewOutcome({ result }: { result: ReviewAnswerResult }): ReactNode {
  return (
    <Alert
      type={result.mastered ? 'success' : 'info'}
      showIcon
      data-testid="review-outcome"
      message={
        result.mastered
          ? '已掌握：这道题移出错题本（再答错会重新加入）'
          : `下次复习：${dueText(result.due, Date.now())}`
      }
    />
  );
}

/** /m/review: the wrong-answer book, today's due questions one at a time, scheduled by FSRS. */
export default function ReviewPage(): ReactNode {
  const queryClient = useQueryClient();
  const next = useQuery({
    queryKey: practiceKeys.review,
    queryFn: fetchReviewNext,
    refetchOnMount: 'always',
  });
  const [response, setResponse] = useState<Response>(undefined);
  const [rating, setRating] = useState<ReviewRating>('good');
  const [result, setResult] = useState<ReviewAnswerResult | null>(null);
  const [answeredItem, setAnsweredItem] = useState<ReviewNext['item']>(null);
  // While its feedback shows, the answered question stays on screen (the next one is being fetched).
  const item = (result ? answeredItem : null) ?? next.data?.item ?? null;
  const submit = useMutation({
    mutationFn: () => answerReview(item!.question.questionId, response, rating),
    onSuccess: (answered) => {
      setAnsweredItem(item);
      setResult(answered);
    },
  });
  const [advancing, setAdvancing] = useState(false);
  // The next question is fetched before the feedback goes, so the old one is never shown unanswered.
  const advance = async () => {
    setAdvancing(true);
    try {
      await queryClient.invalidateQueries({ queryKey: practiceKeys.all });
    } finally {
      setAdvancing(false);
      setResult(null);
      setResponse(undefined);
      setRating('good');
    }
  };
  const dueCount = result?.summary.dueCount ?? next.data?.dueCount ?? 0;
  return (
    <LearnerShell>
      <LearnerHeader title="错题本" />
      <main className="kp-m-main">
        {next.isPending ? (
          <PageLoading />
        ) : next.isError ? (
          <PageError onRetry={() => void next.refetch()} />
        ) : (
          <>
            <div className="kp-m-card kp-practice-banner" data-testid="review-summary">
              <span>今天需复习 {dueCount} 题</span>
              <span className="kp-practice-card__meta">
                错题本共 {result?.summary.bookCount ?? next.data.bookCount} 题 · 已掌握{' '}
                {result?.summary.masteredCount ?? next.data.masteredCount} 题
              </span>
            </div>
            {!item ? (
              <Result
                status="success"
                title={next.data.bookCount === 0 ? '错题本是空的' : '今天的复习已完成'}
                subTitle="练习和考试中答错的题会自动加入错题本，按记忆规律安排复习。"
                extra={<LinkButton to={practicePaths.list}>去练习</LinkButton>}
              />
            ) : (
              <>
                <QuestionCard
                  heading={`错题（错过 ${item.wrongCount} 次，来自${SOURCE_LABELS[item.source] ?? '练习'}）`}
                  question={item.question}
                  response={response}
                  onChange={setResponse}
                  feedback={result}
                />
                {result ? <ReviewOutcome result={result} /> : null}
                <div className="kp-practice-actions">
                  {result ? (
                    <Button type="primary" block loading={advancing} onClick={() => void advance()}>
                      {dueCount > 0 ? '下一题' : '完成'}
                    </Button>
                  ) : (
                    <>
                      <fieldset className="kp-practice-rating">
                        <legend>如果答对，这道题对你来说：</legend>
                        <Radio.Group
                          aria-label="记忆程度"
                          optionType="button"
                          value={rating}
                          onChange={(event) => setRating(event.target.value as ReviewRating)}
                          options={REVIEW_RATINGS.map((value) => ({
                            value,
                            label: REVIEW_RATING_LABELS[value],
                          }))}
                        />
                      </fieldset>
                      <Button
                        type="primary"
                        block
                        disabled={!canSubmit(item.question.type, response)}
                        loading={submit.isPending}
                        onClick={() => submit.mutate()}
                      >
                        提交答案
                      </Button>
                    </>
                  )}
                </div>
              </>
            )}
          </>
        )}
      </main>
    </LearnerShell>
  );
}
