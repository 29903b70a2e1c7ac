import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button, Progress, Result } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { practicePaths } from '@kaopei/shared/contracts/practice';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LearnerShell } from '../../../app/layout/learner-shell';
import {
  answerPractice,
  practiceKeys,
  startRound,
  type PracticeAnswerResult,
  type PracticeRoundView,
} from '../api';
import { QuestionCard } from '../components/question-card';
import { canSubmit, type Response } from '../practice-rules';
import '../practice.css';

function RoundDone({ round, onAgain }: { round: PracticeRoundView; onAgain: () => void }): ReactNode {
  return (
    <Result
      status="success"
      title="本轮练习完成"
      subTitle={`答对 ${round.correct} / ${round.total} 题；答错的题已加入错题本。`}
      extra={[
        <Button key="again" type="primary" onClick={onAgain}>
          再练一轮
        </Button>,
        <LinkButton key="review" to={practicePaths.review}>
          去错题本
        </LinkButton>,
        <LinkButton key="list" to={practicePaths.list}>
          返回练习列表
        </LinkButton>,
      ]}
    />
  );
}

/** /m/practice/:practiceId: one round, one question at a time, with immediate feedback (resumes where it stopped). */
export default function PracticePage(): ReactNode {
  const practiceId = Number(useParams().practiceId);
  const queryClient = useQueryClient();
  const [round, setRound] = useState<PracticeRoundView | null>(null);
  const [response, setResponse] = useState<Response>(undefined);
  const [answered, setAnswered] = useState<PracticeAnswerResult | null>(null);
  const start = useMutation({
    mutationFn: () => startRound(practiceId),
    onSuccess: (view) => {
      setRound(view);
      setAnswered(null);
      setResponse(undefined);
    },
  });
  const answer = useMutation({
    mutationFn: () => answerPractice(round!.roundId, round!.question!.questionId, response),
    onSuccess: (result) => {
      setAnswered(result);
      void queryClient.invalidateQueries({ queryKey: practiceKeys.all });
    },
  });
  const { mutate } = start;
  useEffect(() => mutate(), [mutate, practiceId]);

  const next = () => {
    if (!answered) return;
    setRound(answered.round);
    setAnswered(null);
    setResponse(undefined);
  };
  const shown = answered
    ? { ...round!, answered: answered.round.answered, correct: answered.round.correct }
    : round;
  return (
    <LearnerShell>
      <LearnerHeader title={round?.practiceName ?? '练习'} back={practicePaths.list} />
      <main className="kp-m-main">
        {start.isError ? (
          <PageError description={start.error.message} onRetry={() => start.mutate()} />
        ) : !round || !shown ? (
          <PageLoading />
        ) : round.finished && !answered ? (
          <RoundDone round={round} onAgain={() => start.mutate()} />
        ) : round.question ? (
          <>
            <Progress
              percent={Math.round((shown.answered / shown.total) * 100)}
              format={() => `${shown.answered}/${shown.total}`}
              aria-label={`已答 ${shown.answered} / ${shown.total} 题`}
            />
            <QuestionCard
              heading={`第 ${round.answered + 1} 题`}
              question={round.question}
              response={response}
              onChange={setResponse}
              feedback={answered}
            />
            <div className="kp-practice-actions">
              {answered ? (
                <Button type="primary" block onClick={next}>
                  {answered.round.finished ? '查看本轮结果' : '下一题'}
                </Button>
              ) : (
                <Button
                  type="primary"
                  block
                  disabled={!canSubmit(round.question.type, response)}
                  loading={answer.isPending}
                  onClick={() => answer.mutate()}
                >
                  提交答案
                </Button>
              )}
            </div>
          </>
        ) : (
          <PageError description="题目已不存在，请联系管理员" onRetry={() => start.mutate()} />
        )}
      </main>
    </LearnerShell>
  );
}
