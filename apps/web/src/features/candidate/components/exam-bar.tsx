import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { useAppFeedback } from '../../../app/app-feedback';
import {
  countdownTone,
  dueWarning,
  formatCountdown,
  remainingMs,
  spokenRemaining,
} from '../../../lib/countdown';
import type { SyncStatus } from '../answer-sync';
import type { ServerClock } from '../use-exam-session';
import { SaveStatus } from './save-status';

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

/**
 * The time left, re-rendered on its own every half second (the rest of the page does not tick). Warns at
 * 5 and 1 minutes and reports the end once, while `active`; a polite live region says the time left at
 * those moments that matter.
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
    <>
      <span
        className={`kp-m-countdown kp-m-countdown--${countdownTone(remaining)}`}
        role="timer"
        aria-label="剩余时间"
        data-testid="countdown"
      >
        {formatCountdown(remaining)}
      </span>
      {/* The timer itself is not live (it would be read every second): this says the time left politely
          every 5 minutes, then each of the last 5 (spokenRemaining). */}
      <span className="kp-sr-only" aria-live="polite" data-testid="countdown-announcement">
        {active ? spokenRemaining(remaining) : ''}
      </span>
    </>
  );
}

/** The notice a few minutes before the end. */
function useTimeWarning(): (minutes: number) => void {
  const { notification } = useAppFeedback();
  return useCallback(
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
}

export interface ExamBarProps {
  examName: string;
  clock: ServerClock;
  /** Still answering: the countdown warns and expires, the submit button works. */
  answering: boolean;
  onExpire: () => void;
  saveStatus: SyncStatus;
  leavesLeft: number | null;
  webcamOn: boolean;
  answered: number;
  total: number;
  onSubmit: () => void;
}

/** The exam's name, the time left, where the answers are, the leaves left, progress and 交卷. */
export function ExamBar({
  examName,
  clock,
  answering,
  onExpire,
  saveStatus,
  leavesLeft,
  webcamOn,
  answered,
  total,
  onSubmit,
}: ExamBarProps): ReactNode {
  const warn = useTimeWarning();
  return (
    <header className="kp-m-exam-bar">
      <div className="kp-m-exam-bar__row">
        <span className="kp-m-exam-bar__name">{examName}</span>
        <ExamCountdown
          deadlineAt={clock.deadlineAt}
          offset={clock.offset}
          active={answering}
          onWarning={warn}
          onExpire={onExpire}
        />
      </div>
      <div className="kp-m-exam-bar__row">
        <SaveStatus status={saveStatus} />
        {leavesLeft !== null ? (
          <Tag color={leavesLeft === 0 ? 'red' : 'orange'} data-testid="leaves-left">
            还可切屏 {leavesLeft} 次
          </Tag>
        ) : null}
        {webcamOn ? <Tag color="green">摄像头监考中</Tag> : null}
        <span className="kp-m-exam-bar__progress">
          已答 {answered}/{total}
        </span>
        <Button size="small" type="primary" ghost disabled={!answering} onClick={onSubmit}>
          交卷
        </Button>
      </div>
    </header>
  );
}
