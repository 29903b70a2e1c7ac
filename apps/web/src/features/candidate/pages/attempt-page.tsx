import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { App, Button, Modal, Spin, Tag } from 'antd';
import {
  FlagFilled,
  FlagOutlined,
  LeftOutlined,
  RightOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatScore } from '@kaopei/shared';
import { PageError, PageLoading } from '../../../app/page-states';
import { ApiError } from '../../../lib/http';
import {
  AttemptStatus,
  candidateKeys,
  fetchAttempt,
  saveAnswers,
  submitAttempt,
  type AttemptView,
  type CandidateQuestion,
} from '../api';
import { isAnswered } from '../answer-format';
import { AnswerSync, classifySaveError } from '../answer-sync';
import { AnswerSheet } from '../components/answer-sheet';
import { QuestionAnswer, TYPING_DEBOUNCE_MS } from '../components/question-answer';
import { SaveStatus } from '../components/save-status';
import { clockOffset, countdownTone, dueWarning, formatCountdown, remainingMs } from '../../../lib/countdown';
import type { ServerAnswer } from '../outbox';
import type { WarningMessage } from '../anti-cheat-api';
import { leaveNotice } from '../anti-cheat';
import { useAntiCheat } from '../use-anti-cheat';
import { acknowledgeWarning, useExamStream } from '../use-exam-stream';
import { useWebcamSnapshots } from '../use-webcam-snapshots';
import '../anti-cheat.css';

/** The attempt is read again this often: deadline changes, a second device's answers, a closed attempt. */
const REFRESH_MS = 60_000;
/** While time is up and the submit does not get through (offline), it is tried again this often. */
const SUBMIT_RETRY_MS = 3_000;

function serverAnswers(view: AttemptView): ServerAnswer[] {
  return view.sections.flatMap((section) =>
    section.questions.map(({ questionId, answer, answerSeq, flagged }) => ({
      questionId,
      answer,
      answerSeq,
      flagged,
    })),
  );
}

function positionKey(attemptId: number): string {
  return `kaopei.exam.position.${attemptId}`;
}

function restorePosition(attemptId: number, total: number): number {
  try {
    const stored = Number(window.sessionStorage.getItem(positionKey(attemptId)));
    return Number.isInteger(stored) && stored >= 1 && stored <= total ? stored : 1;
  } catch {
    return 1;
  }
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const id = setInterval(tick, intervalMs);
    // Background tabs throttle timers: catch up as soon as the page is visible again.
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [intervalMs]);
  return now;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface ServerClock {
  deadlineAt: number;
  offset: number;
}

/**
 * The time left, re-rendered on its own every half second (the rest of the page does not tick). Warns at
 * 5 and 1 minutes and reports the end once, while `active`.
 */
function ExamCountdown({
  deadlineAt,
  offset,
  active,
  onWarning,
  onExpire,
}: ServerClock & {
  active: boolean;
  onWarning: (minutes: number) => void;
  onExpire: () => void;
}): ReactNode {
  const now = useNow(500);
  const remaining = remainingMs(deadlineAt, offset, now);
  const warned = useRef<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const due = dueWarning(remaining, warned.current);
    warned.current = due.shown;
    if (due.minutes !== null && active) onWarning(due.minutes);
  }, [remaining, active, onWarning]);
  useEffect(() => {
    if (remaining <= 0 && active) onExpire();
  }, [remaining, active, onExpire]);
  return (
    <span
      className={`kp-m-countdown kp-m-countdown--${countdownTone(remaining)}`}
      role="timer"
      aria-label="剩余时间"
      data-testid="countdown"
    >
      {formatCountdown(remaining)}
    </span>
  );
}

function SubmitDialog({
  open,
  unanswered,
  flagged,
  submitting,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  unanswered: number;
  flagged: number;
  submitting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}): ReactNode {
  return (
    <Modal
      open={open}
      title="确认交卷"
      okText="确认交卷"
      cancelText="继续答题"
      confirmLoading={submitting}
      onOk={onConfirm}
      onCancel={onCancel}
      width={360}
      centered
    >
      <div data-testid="submit-summary">
        {unanswered > 0 ? (
          <p>
            还有 <strong>{unanswered}</strong> 道题未作答。
          </p>
        ) : (
          <p>所有题目都已作答。</p>
        )}
        {flagged > 0 ? (
          <p>
            有 <strong>{flagged}</strong> 道题标记了待检查。
          </p>
        ) : null}
        <p>交卷后不能再修改答案。</p>
      </div>
    </Modal>
  );
}

/** The running exam: one question at a time, answers synced as they are given. */
function ExamRunner({ initial, receivedAt }: { initial: AttemptView; receivedAt: number }): ReactNode {
  const attemptId = initial.attemptId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, notification } = App.useApp();
  const questions = useMemo(() => initial.sections.flatMap((section) => section.questions), [initial]);
  const total = questions.length;

  const [clock, setClock] = useState<ServerClock>(() => ({
    deadlineAt: initial.deadlineAt,
    offset: clockOffset(initial.serverNow, receivedAt),
  }));
  const clockRef = useRef(clock);
  useEffect(() => {
    clockRef.current = clock;
  }, [clock]);

  /** answering → finishing (time up or closed elsewhere: submitting without asking). */
  const [phase, setPhase] = useState<'answering' | 'finishing'>('answering');
  const [finishReason, setFinishReason] = useState<'timeup' | 'closed'>('timeup');
  const finishing = useRef(false);
  const mounted = useRef(true);
  const finishRef = useRef<(reason: 'timeup' | 'closed') => void>(() => undefined);
  const refreshRef = useRef<() => void>(() => undefined);

  const lastSavedAt = useRef<number | null>(null);
  const [sync] = useState(() => {
    const created = new AnswerSync({
      attemptId,
      startedAt: initial.startedAt,
      send: async (answers) => {
        const saved = await saveAnswers(attemptId, answers);
        lastSavedAt.current = Date.now();
        return saved;
      },
      serverClock: () => Date.now() + clockRef.current.offset,
      onServerTime: (deadlineAt, serverNow) =>
        setClock({ deadlineAt, offset: clockOffset(serverNow, Date.now()) }),
      onNewerElsewhere: () => refreshRef.current(),
      onClosed: () => finishRef.current('closed'),
    });
    created.load(serverAnswers(initial));
    return created;
  });
  useSyncExternalStore(sync.subscribe, sync.getVersion);
  useEffect(() => {
    mounted.current = true;
    sync.start();
    return () => {
      mounted.current = false;
      sync.dispose();
    };
  }, [sync]);

  const goToResult = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: candidateKeys.all });
    void navigate(`/m/attempts/${attemptId}/result`, { replace: true });
  }, [attemptId, navigate, queryClient]);

  /** Time is up (or the attempt was closed elsewhere): send what is left, submit, show the result. */
  const finish = useCallback(
    async (reason: 'timeup' | 'closed') => {
      if (finishing.current) return;
      finishing.current = true;
      setFinishReason(reason);
      setPhase('finishing');
      while (mounted.current) {
        if (reason === 'timeup') await sync.flushNow();
        try {
          await submitAttempt(attemptId, { silent: true });
          break;
        } catch (error) {
          const failure = classifySaveError(error);
          // Nothing more this page can do (e.g. the attempt is gone): the result page explains.
          if (failure === 'fatal' || failure === 'closed') break;
          await delay(SUBMIT_RETRY_MS);
        }
      }
      if (!mounted.current) return;
      sync.finish();
      goToResult();
    },
    [attemptId, goToResult, sync],
  );

  const refresh = useCallback(async () => {
    try {
      const view = await fetchAttempt(attemptId, { silent: true });
      setClock({ deadlineAt: view.deadlineAt, offset: clockOffset(view.serverNow, Date.now()) });
      if (view.status !== AttemptStatus.OPEN) void finish('closed');
      else sync.load(serverAnswers(view));
    } catch {
      // Offline or failing: the next refresh or save tries again.
    }
  }, [attemptId, finish, sync]);

  useEffect(() => {
    finishRef.current = (reason) => void finish(reason);
    refreshRef.current = () => void refresh();
  }, [finish, refresh]);

  useEffect(() => {
    const id = setInterval(() => void refresh(), REFRESH_MS);
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(id);
      window.removeEventListener('online', onOnline);
    };
  }, [refresh]);

  const warn = useCallback(
    (minutes: number) =>
      notification.warning({
        key: 'exam-time-warning',
        title: '考试即将结束',
        description: `距离考试结束还有 ${minutes} 分钟，请抓紧时间。到时系统将自动交卷。`,
        placement: 'top',
        duration: 8,
      }),
    [notification],
  );
  const expire = useCallback(() => void finish('timeup'), [finish]);

  // ---------- anti-cheating and the invigilators' messages ----------

  const settings = initial.antiCheat;
  const [cheated, setCheated] = useState(false);
  const [leavesLeft, setLeavesLeft] = useState<number | null>(() =>
    settings.leaveLimit > 0
      ? Math.max(0, settings.leaveLimit - initial.counts.tabSwitches - initial.counts.fullscreenExits)
      : null,
  );
  const [warnings, setWarnings] = useState<WarningMessage[]>([]);
  const cheatedRef = useRef(false);
  /** The server closed the attempt for leaving too often: stop, say so, then show the result. */
  const autoSubmitted = useCallback(() => {
    if (cheatedRef.current) return;
    cheatedRef.current = true;
    finishing.current = true;
    sync.finish();
    setCheated(true);
  }, [sync]);
  const antiCheatHandlers = useMemo(
    () => ({
      onLeave: (result: { leavesLeft: number | null; submitted: boolean }) => {
        setLeavesLeft(result.leavesLeft);
        if (result.submitted) return;
        notification.warning({
          key: 'exam-leave',
          title: '请勿离开考试页面',
          description: leaveNotice(result),
          placement: 'top',
          duration: 6,
        });
      },
      onAutoSubmitted: autoSubmitted,
      onBlocked: () =>
        void message.warning({ key: 'exam-blocked', content: '考试期间禁止复制、粘贴和右键菜单' }),
      lastSavedAt: () => lastSavedAt.current,
    }),
    [autoSubmitted, message, notification],
  );
  const antiCheat = useAntiCheat(attemptId, settings, phase === 'answering' && !cheated, antiCheatHandlers);
  const webcam = useWebcamSnapshots(
    attemptId,
    settings.webcamSnapshots,
    settings.snapshotIntervalSeconds,
    phase === 'answering' && !cheated,
    antiCheat.report,
  );
  const streamHandlers = useMemo(
    () => ({
      onWarning: (warning: WarningMessage) => setWarnings((list) => [...list, warning]),
      onExtended: (deadlineAt: number) => {
        setClock((previous) => ({ ...previous, deadlineAt }));
        void message.info({ key: 'exam-extended', content: '监考老师已为您延长考试时间' });
      },
      onSubmitted: (reason: string) => {
        if (reason === 'cheating') autoSubmitted();
        else finishRef.current('closed');
      },
    }),
    [autoSubmitted, message],
  );
  useExamStream(attemptId, !cheated, streamHandlers);
  const acknowledge = () => {
    const [first] = warnings;
    if (first) acknowledgeWarning(attemptId, first.id);
    setWarnings((list) => list.slice(1));
  };

  // ---------- navigation ----------

  const [current, setCurrent] = useState(() => restorePosition(attemptId, total));
  useEffect(() => {
    try {
      window.sessionStorage.setItem(positionKey(attemptId), String(current));
    } catch {
      // Only the position is lost.
    }
  }, [attemptId, current]);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [submitOpen, setSubmitOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const stateOf = (questionId: number) => {
    const local = sync.get(questionId);
    const question = questions.find((q) => q.questionId === questionId);
    return {
      answered: question ? isAnswered(question.type, local?.answer ?? null) : false,
      flagged: local?.flagged ?? false,
    };
  };
  const states = questions.map((question) => stateOf(question.questionId));
  const answeredCount = states.filter((state) => state.answered).length;
  const flaggedCount = states.filter((state) => state.flagged).length;

  const question: CandidateQuestion | undefined = questions[current - 1];
  const local = question ? sync.get(question.questionId) : undefined;
  const answering = phase === 'answering' && !cheated;

  const openSubmit = () => {
    setSheetOpen(false);
    setSubmitOpen(true);
  };

  const confirmSubmit = async () => {
    setSubmitting(true);
    const flushed = await sync.flushNow();
    if (!flushed && sync.status !== 'closed') {
      message.error('网络未连接，答案已暂存本机。请恢复网络后再交卷。');
      setSubmitting(false);
      return;
    }
    try {
      finishing.current = true;
      await submitAttempt(attemptId);
    } catch (error) {
      finishing.current = false;
      setSubmitting(false);
      if (!(error instanceof ApiError) || error.status === undefined) {
        message.error('交卷失败：网络未连接，请稍后重试。');
      }
      return;
    }
    sync.finish();
    goToResult();
  };

  if (!question) return <PageError title="试卷没有试题" description="请联系考试管理员。" />;

  return (
    <div className="kp-m-exam-page">
      <header className="kp-m-exam-bar">
        <div className="kp-m-exam-bar__row">
          <span className="kp-m-exam-bar__name">{initial.examName}</span>
          <ExamCountdown
            deadlineAt={clock.deadlineAt}
            offset={clock.offset}
            active={answering}
            onWarning={warn}
            onExpire={expire}
          />
        </div>
        <div className="kp-m-exam-bar__row">
          <SaveStatus status={sync.status} />
          {leavesLeft !== null ? (
            <Tag color={leavesLeft === 0 ? 'red' : 'orange'} data-testid="leaves-left">
              还可切屏 {leavesLeft} 次
            </Tag>
          ) : null}
          {webcam.state === 'on' ? <Tag color="green">摄像头监考中</Tag> : null}
          <span className="kp-m-exam-bar__progress">
            已答 {answeredCount}/{total}
          </span>
          <Button size="small" type="primary" ghost disabled={!answering} onClick={openSubmit}>
            交卷
          </Button>
        </div>
      </header>

      <main className="kp-m-main">
        <article
          className="kp-m-card kp-m-question"
          data-testid="question"
          data-question-id={question.questionId}
          data-question-type={question.type}
        >
          <div className="kp-m-question__head">
            <span className="kp-m-question__number">
              第 {question.number}/{total} 题
            </span>
            <Tag color="blue">{question.typeLabel}</Tag>
            <span className="kp-m-muted">{formatScore(question.points)} 分</span>
            <Button
              type="text"
              size="small"
              className="kp-m-question__flag"
              aria-pressed={local?.flagged ?? false}
              icon={local?.flagged ? <FlagFilled /> : <FlagOutlined />}
              disabled={!answering}
              onClick={() => sync.update(question.questionId, { flagged: !(local?.flagged ?? false) })}
            >
              {local?.flagged ? '已标记' : '标记'}
            </Button>
          </div>
          <div
            className="kp-m-question__stem"
            // Stems are sanitised by the server on every write (question.rules sanitizeStem).
            dangerouslySetInnerHTML={{ __html: question.stem }}
          />
          <QuestionAnswer
            key={question.questionId}
            question={question}
            answer={local?.answer ?? null}
            disabled={!answering}
            onChange={(answer, typing) =>
              sync.update(question.questionId, { answer }, typing ? TYPING_DEBOUNCE_MS : 0)
            }
          />
        </article>
      </main>

      <footer className="kp-m-exam-nav">
        <Button icon={<LeftOutlined />} disabled={current <= 1} onClick={() => setCurrent(current - 1)}>
          上一题
        </Button>
        <Button icon={<UnorderedListOutlined />} onClick={() => setSheetOpen(true)}>
          答题卡
        </Button>
        {current < total ? (
          <Button type="primary" onClick={() => setCurrent(current + 1)}>
            下一题 <RightOutlined />
          </Button>
        ) : (
          <Button type="primary" disabled={!answering} onClick={openSubmit}>
            交卷
          </Button>
        )}
      </footer>

      <AnswerSheet
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        sections={initial.sections}
        stateOf={stateOf}
        current={current}
        onPick={(number) => {
          setCurrent(number);
          setSheetOpen(false);
        }}
        onSubmit={openSubmit}
        submitDisabled={!answering}
      />
      <SubmitDialog
        open={submitOpen && answering}
        unanswered={total - answeredCount}
        flagged={flaggedCount}
        submitting={submitting}
        onCancel={() => setSubmitOpen(false)}
        onConfirm={() => void confirmSubmit()}
      />
      {antiCheat.needsFullscreen && answering ? (
        <div className="kp-m-fullscreen-gate" role="dialog" aria-label="全屏作答">
          <p>本场考试要求全屏作答，退出全屏将被记录为离开考试页面。</p>
          <Button type="primary" size="large" onClick={() => void antiCheat.enterFullscreen()}>
            进入全屏
          </Button>
        </div>
      ) : null}
      <Modal
        open={webcam.state === 'asking' && answering}
        title="摄像头监考"
        okText="同意并开启"
        cancelText="不同意"
        closable={false}
        maskClosable={false}
        centered
        width={360}
        onOk={() => void webcam.accept()}
        onCancel={webcam.decline}
      >
        <p>
          本场考试需要开启摄像头，考试期间将每 {settings.snapshotIntervalSeconds}{' '}
          秒抓拍一张照片供监考老师查看。
        </p>
        <p className="kp-m-muted">不同意也可以继续答题，监考老师会看到您未开启摄像头。</p>
      </Modal>
      <Modal
        open={warnings.length > 0 && !cheated}
        title="监考老师提醒"
        closable={false}
        maskClosable={false}
        keyboard={false}
        centered
        width={340}
        footer={
          <Button type="primary" onClick={acknowledge}>
            我知道了
          </Button>
        }
      >
        <p className="kp-m-warning-text" role="alert">
          监考老师提醒：{warnings[0]?.message}
        </p>
      </Modal>
      <Modal
        open={cheated}
        title="已自动交卷"
        closable={false}
        maskClosable={false}
        keyboard={false}
        centered
        width={340}
        footer={
          <Button type="primary" onClick={goToResult}>
            查看结果
          </Button>
        }
      >
        <p role="alert" data-testid="cheating-notice">
          您离开考试页面的次数超过了限制（{settings.leaveLimit} 次），系统已自动交卷。
        </p>
      </Modal>
      <Modal
        open={!answering && !cheated}
        closable={false}
        footer={null}
        centered
        width={320}
        maskClosable={false}
      >
        <div className="kp-m-finishing" role="alert">
          <Spin />
          <p>{finishReason === 'timeup' ? '考试时间已到，正在交卷…' : '答卷已提交，正在打开成绩…'}</p>
          {sync.status === 'offline' ? <p className="kp-m-muted">网络未连接，恢复后自动交卷。</p> : null}
        </div>
      </Modal>
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
    return <Navigate to={`/m/attempts/${attemptId}/result`} replace />;
  } else {
    return <ExamRunner key={attemptId} initial={attempt.data} receivedAt={attempt.dataUpdatedAt} />;
  }
  return <main className="kp-m-main">{content}</main>;
}
