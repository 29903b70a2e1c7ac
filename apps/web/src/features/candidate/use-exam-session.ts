import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { useNavigate } from 'react-router';
import { candidatePaths } from '@kaopei/shared';
import { useAppFeedback } from '../../app/app-feedback';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/http';
import { clockOffset } from '../../lib/countdown';
import {
  AttemptStatus,
  candidateKeys,
  fetchAttempt,
  saveAnswers,
  submitAttempt,
  type AttemptView,
} from './api';
import { AnswerSync, classifySaveError } from './answer-sync';
import type { ServerAnswer } from './outbox';

/** The attempt is read again this often: deadline changes, a second device's answers, a closed attempt. */
const REFRESH_MS = 60_000;
/** While time is up and the submit does not get through (offline), it is tried again this often. */
const SUBMIT_RETRY_MS = 3_000;

export interface ServerClock {
  deadlineAt: number;
  offset: number;
}

export type FinishReason = 'timeup' | 'closed';

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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type SetClock = Dispatch<SetStateAction<ServerClock>>;

/** The deadline and the offset of the server's clock, also readable from callbacks through `clockRef`. */
function useServerClock(initial: AttemptView, receivedAt: number) {
  const [clock, setClock] = useState<ServerClock>(() => ({
    deadlineAt: initial.deadlineAt,
    offset: clockOffset(initial.serverNow, receivedAt),
  }));
  const clockRef = useRef(clock);
  useEffect(() => {
    clockRef.current = clock;
  }, [clock]);
  /** The invigilators gave extra time. */
  const extendDeadline = useCallback(
    (deadlineAt: number) => setClock((previous) => ({ ...previous, deadlineAt })),
    [],
  );
  return { clock, setClock, clockRef, extendDeadline };
}

/**
 * The answers of the attempt, synced with the server from mount to unmount; the page re-renders on every
 * change. `mounted` says whether the page is still there (a finish loop stops when it is not).
 */
function useAnswerSync(
  initial: AttemptView,
  clockRef: RefObject<ServerClock>,
  setClock: SetClock,
  on: { newerElsewhere: () => void; closed: () => void },
) {
  const attemptId = initial.attemptId;
  const mounted = useRef(true);
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
      onNewerElsewhere: on.newerElsewhere,
      onClosed: on.closed,
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
  return { sync, mounted, lastSavedAt };
}

/** Leaves the exam for its result page. */
function useGoToResult(attemptId: number): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: candidateKeys.all });
    void navigate(candidatePaths.result(attemptId), { replace: true });
  }, [attemptId, navigate, queryClient]);
}

/**
 * answering → finishing (time up or closed elsewhere: submitting without asking). `finishing` is also set
 * by the candidate's own submit and by an automatic submit, so that a finish does not start meanwhile.
 */
function useFinish(attemptId: number, sync: AnswerSync, mounted: RefObject<boolean>, goToResult: () => void) {
  const [phase, setPhase] = useState<'answering' | 'finishing'>('answering');
  const [finishReason, setFinishReason] = useState<FinishReason>('timeup');
  const finishing = useRef(false);

  /** Time is up (or the attempt was closed elsewhere): send what is left, submit, show the result. */
  const finish = useCallback(
    async (reason: FinishReason) => {
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
    [attemptId, goToResult, sync, mounted],
  );
  return { phase, finishReason, finishing, finish };
}

/** Reads the attempt again: the deadline, a close, another device's answers. */
function useAttemptRefresh(
  attemptId: number,
  sync: AnswerSync,
  setClock: SetClock,
  finish: (reason: FinishReason) => Promise<void>,
) {
  return useCallback(async () => {
    try {
      const view = await fetchAttempt(attemptId, { silent: true });
      setClock({ deadlineAt: view.deadlineAt, offset: clockOffset(view.serverNow, Date.now()) });
      if (view.status !== AttemptStatus.OPEN) void finish('closed');
      else sync.load(serverAnswers(view));
    } catch {
      // Offline or failing: the next refresh or save tries again.
    }
  }, [attemptId, finish, sync, setClock]);
}

/** Every minute and whenever the browser is back online. */
function usePeriodicRefresh(refresh: () => Promise<void>): void {
  useEffect(() => {
    const id = setInterval(() => void refresh(), REFRESH_MS);
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(id);
      window.removeEventListener('online', onOnline);
    };
  }, [refresh]);
}

/**
 * The running attempt: the server's clock, the answers synced with the server, finishing on time-up or
 * when the attempt was closed elsewhere, and the periodic refresh.
 */
export function useExamSession(initial: AttemptView, receivedAt: number) {
  const attemptId = initial.attemptId;
  const { clock, setClock, clockRef, extendDeadline } = useServerClock(initial, receivedAt);
  const finishRef = useRef<(reason: FinishReason) => void>(() => undefined);
  const refreshRef = useRef<() => void>(() => undefined);
  const { sync, mounted, lastSavedAt } = useAnswerSync(initial, clockRef, setClock, {
    newerElsewhere: () => refreshRef.current(),
    closed: () => finishRef.current('closed'),
  });
  const goToResult = useGoToResult(attemptId);
  const { phase, finishReason, finishing, finish } = useFinish(attemptId, sync, mounted, goToResult);
  const refresh = useAttemptRefresh(attemptId, sync, setClock, finish);
  useEffect(() => {
    finishRef.current = (reason) => void finish(reason);
    refreshRef.current = () => void refresh();
  }, [finish, refresh]);
  usePeriodicRefresh(refresh);

  const expire = useCallback(() => void finish('timeup'), [finish]);
  /** The invigilators closed the attempt (not for cheating). */
  const closedElsewhere = useCallback(() => finishRef.current('closed'), []);
  /** The server closed the attempt for cheating: stop syncing and finishing; the page says why. */
  const halt = useCallback(() => {
    finishing.current = true;
    sync.finish();
  }, [finishing, sync]);
  return {
    attemptId,
    sync,
    clock,
    phase,
    finishReason,
    finishing,
    lastSavedAt,
    goToResult,
    expire,
    closedElsewhere,
    halt,
    extendDeadline,
  };
}

export type ExamSession = ReturnType<typeof useExamSession>;

/** The candidate's own submit: the confirmation dialog, then the last answers and the submit itself. */
export function useExamSubmit({ attemptId, sync, finishing, goToResult }: ExamSession) {
  const { message } = useAppFeedback();
  const [open, setOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const confirm = async () => {
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

  return { open, setOpen, submitting, confirm };
}
