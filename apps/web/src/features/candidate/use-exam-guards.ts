import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { useAppFeedback } from '../../app/app-feedback';
import type { AttemptView } from './api';
import type { WarningMessage } from './anti-cheat-api';
import { leaveNotice } from './anti-cheat';
import { useAntiCheat } from './use-anti-cheat';
import { acknowledgeWarning, useExamStream } from './use-exam-stream';
import { useWebcamSnapshots } from './use-webcam-snapshots';

/** What the guards need of the exam session (use-exam-session). */
export interface GuardedSession {
  /** Not finishing (time up or closed elsewhere). */
  answeringPhase: boolean;
  lastSavedAt: RefObject<number | null>;
  halt: () => void;
  extendDeadline: (deadlineAt: number) => void;
  closedElsewhere: () => void;
}

function initialLeavesLeft({ antiCheat, counts }: AttemptView): number | null {
  return antiCheat.leaveLimit > 0
    ? Math.max(0, antiCheat.leaveLimit - counts.tabSwitches - counts.fullscreenExits)
    : null;
}

/** The leave limit, the copy-paste block and full screen; `cheated` once the server closed the attempt. */
function useLeaveGuard(initial: AttemptView, session: GuardedSession) {
  const { message, notification } = useAppFeedback();
  const { halt, lastSavedAt } = session;
  const [cheated, setCheated] = useState(false);
  const [leavesLeft, setLeavesLeft] = useState<number | null>(() => initialLeavesLeft(initial));
  const cheatedRef = useRef(false);
  /** The server closed the attempt for leaving too often: stop, say so, then show the result. */
  const autoSubmitted = useCallback(() => {
    if (cheatedRef.current) return;
    cheatedRef.current = true;
    halt();
    setCheated(true);
  }, [halt]);
  const handlers = useMemo(
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
    [autoSubmitted, message, notification, lastSavedAt],
  );
  const antiCheat = useAntiCheat(
    initial.attemptId,
    initial.antiCheat,
    session.answeringPhase && !cheated,
    handlers,
  );
  return { cheated, leavesLeft, autoSubmitted, antiCheat };
}

/** The invigilators' messages: warnings shown one at a time until acknowledged, extra time, a close. */
function useInvigilatorMessages(
  attemptId: number,
  enabled: boolean,
  on: {
    autoSubmitted: () => void;
    extendDeadline: (deadlineAt: number) => void;
    closedElsewhere: () => void;
  },
) {
  const { message } = useAppFeedback();
  const { autoSubmitted, extendDeadline, closedElsewhere } = on;
  const [warnings, setWarnings] = useState<WarningMessage[]>([]);
  const handlers = useMemo(
    () => ({
      onWarning: (warning: WarningMessage) => setWarnings((list) => [...list, warning]),
      onExtended: (deadlineAt: number) => {
        extendDeadline(deadlineAt);
        void message.info({ key: 'exam-extended', content: '监考老师已为您延长考试时间' });
      },
      onSubmitted: (reason: string) => {
        if (reason === 'cheating') autoSubmitted();
        else closedElsewhere();
      },
    }),
    [autoSubmitted, message, extendDeadline, closedElsewhere],
  );
  useExamStream(attemptId, enabled, handlers);
  const acknowledge = () => {
    const [first] = warnings;
    if (first) acknowledgeWarning(attemptId, first.id);
    setWarnings((list) => list.slice(1));
  };
  return { warning: warnings[0], acknowledge };
}

/**
 * Anti-cheating while answering (leave limit, copy-paste block, full screen), webcam snapshots and the
 * invigilators' messages. `answering` is false once finishing or closed for cheating.
 */
export function useExamGuards(initial: AttemptView, session: GuardedSession) {
  const settings = initial.antiCheat;
  const { cheated, leavesLeft, autoSubmitted, antiCheat } = useLeaveGuard(initial, session);
  const answering = session.answeringPhase && !cheated;
  const webcam = useWebcamSnapshots(
    initial.attemptId,
    settings.webcamSnapshots,
    settings.snapshotIntervalSeconds,
    answering,
    antiCheat.report,
  );
  const { warning, acknowledge } = useInvigilatorMessages(initial.attemptId, !cheated, {
    autoSubmitted,
    extendDeadline: session.extendDeadline,
    closedElsewhere: session.closedElsewhere,
  });
  return { answering, cheated, leavesLeft, antiCheat, webcam, warning, acknowledge };
}

export type ExamGuards = ReturnType<typeof useExamGuards>;
