import { useMemo, type ReactNode } from 'react';
import { candidatePaths } from '@kaopei/shared';
import { Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PageError, PageLoading } from '../../../app/page-states';
import { ApiError } from '../../../lib/http';
import { AttemptStatus, candidateKeys, fetchAttempt, type AttemptView, type CandidateQuestion } from '../api';
import { isAnswered } from '../answer-format';
import type { AnswerSync } from '../answer-sync';
import type { SheetEntry } from '../components/answer-sheet';
import { ExamBar } from '../components/exam-bar';
import { ExamGuardDialogs, FinishingDialog, SubmitDialog } from '../components/exam-dialogs';
import { ExamFooter } from '../components/exam-footer';
import { ExamQuestion } from '../components/exam-question';
import { useExamGuards } from '../use-exam-guards';
import { useExamNavigation } from '../use-exam-navigation';
import { useExamSession, useExamSubmit } from '../use-exam-session';
import '../anti-cheat.css';

/** Answered and flagged, per question and counted. */
function answerProgress(questions: readonly CandidateQuestion[], sync: AnswerSync) {
  const stateOf = (questionId: number): SheetEntry => {
    const local = sync.get(questionId);
    const question = questions.find((q) => q.questionId === questionId);
    return {
      answered: question ? isAnswered(question.type, local?.answer ?? null) : false,
      flagged: local?.flagged ?? false,
    };
  };
  const states = questions.map((question) => stateOf(question.questionId));
  const answered = states.filter((state) => state.answered).length;
  const flagged = states.filter((state) => state.flagged).length;
  return { stateOf, answered, flagged };
}

/** The running exam: one question at a time, answers synced as they are given. */
function ExamRunner({ initial, receivedAt }: { initial: AttemptView; receivedAt: number }): ReactNode {
  const questions = useMemo(() => initial.sections.flatMap((section) => section.questions), [initial]);
  const total = questions.length;
  const session = useExamSession(initial, receivedAt);
  const { sync } = session;
  const guards = useExamGuards(initial, { ...session, answeringPhase: session.phase === 'answering' });
  const navigation = useExamNavigation(initial.attemptId, total);
  const submit = useExamSubmit(session);

  const progress = answerProgress(questions, sync);
  const question: CandidateQuestion | undefined = questions[navigation.current - 1];
  const { answering } = guards;
  const openSubmit = () => {
    navigation.setSheetOpen(false);
    submit.setOpen(true);
  };

  if (!question) return <PageError title="试卷没有试题" description="请联系考试管理员。" />;

  return (
    <div className="kp-m-exam-page">
      <ExamBar
        examName={initial.examName}
        clock={session.clock}
        answering={answering}
        onExpire={session.expire}
        saveStatus={sync.status}
        leavesLeft={guards.leavesLeft}
        webcamOn={guards.webcam.state === 'on'}
        answered={progress.answered}
        total={total}
        onSubmit={openSubmit}
      />
      <main className="kp-m-main">
        <ExamQuestion question={question} total={total} sync={sync} disabled={!answering} />
      </main>
      <ExamFooter
        navigation={navigation}
        total={total}
        sections={initial.sections}
        stateOf={progress.stateOf}
        answering={answering}
        onSubmit={openSubmit}
      />
      <SubmitDialog
        open={submit.open && answering}
        unanswered={total - progress.answered}
        flagged={progress.flagged}
        submitting={submit.submitting}
        onCancel={() => submit.setOpen(false)}
        onConfirm={() => void submit.confirm()}
      />
      <ExamGuardDialogs guards={guards} settings={initial.antiCheat} onResult={session.goToResult} />
      <FinishingDialog
        open={!answering && !guards.cheated}
        reason={session.finishReason}
        saveStatus={sync.status}
      />
    </div>
  );
}

/** /m/attempts/:attemptId: taking the exam. */
export default function AttemptPage(): ReactNode {
  const attemptId = Number(useParams().attemptId);
  const valid = Number.isSafeInteger(attemptId) && attemptId > 0;
  const attempt = useQuery({
    queryKey: candidateKeys.attempt(attemptId),
    queryFn: () => fetchAttempt(attemptId),
    enabled: valid,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
  });

  let content: ReactNode;
  if (!valid) content = <PageError title="答卷不存在" description="链接中的答卷编号不正确。" />;
  else if (attempt.isPending) content = <PageLoading />;
  else if (attempt.isError) {
    const text =
      attempt.error instanceof ApiError && attempt.error.status !== undefined
        ? attempt.error.message
        : '网络未连接，已作答的答案保存在本机。请恢复网络后重试。';
    content = <PageError description={text} onRetry={() => void attempt.refetch()} />;
  } else if (attempt.data.status !== AttemptStatus.OPEN) {
    return <Navigate to={candidatePaths.result(attemptId)} replace />;
  } else {
    return <ExamRunner key={attemptId} initial={attempt.data} receivedAt={attempt.dataUpdatedAt} />;
  }
  return <main className="kp-m-main">{content}</main>;
}
