import { useEffect, useRef } from 'react';
import { fetchWarnings, followExamStream, type WarningMessage } from './anti-cheat-api';

export interface ExamStreamHandlers {
  onWarning: (warning: WarningMessage) => void;
  onExtended: (deadlineAt: number) => void;
  onSubmitted: (reason: string) => void;
}

const ackKey = (attemptId: number) => `kaopei.exam.warningsRead.${attemptId}`;

/** The newest warning the candidate acknowledged on this device (0 when none). */
export function readAcknowledged(attemptId: number): number {
  try {
    const value = Number(window.localStorage.getItem(ackKey(attemptId)));
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

export function acknowledgeWarning(attemptId: number, warningId: number): void {
  try {
    if (warningId > readAcknowledged(attemptId))
      window.localStorage.setItem(ackKey(attemptId), String(warningId));
  } catch {
    // Only a repeat of the warning after a reload is the cost.
  }
}

/**
 * Follows the invigilators' messages to this attempt while `enabled`: warnings (each once, also those
 * sent while the stream was down: they are read over HTTP on every connection), extra time and a close.
 */
export function useExamStream(attemptId: number, enabled: boolean, handlers: ExamStreamHandlers): void {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);

  useEffect(() => {
    if (!enabled) return;
    const seen = new Set<number>();
    let newest = readAcknowledged(attemptId);
    const deliver = (warning: WarningMessage) => {
      if (warning.id <= readAcknowledged(attemptId) || seen.has(warning.id)) return;
      seen.add(warning.id);
      newest = Math.max(newest, warning.id);
      handlersRef.current.onWarning(warning);
    };
    let stopped = false;
    const stop = followExamStream(attemptId, {
      onOpen: () => {
        fetchWarnings(attemptId, newest)
          .then((warnings) => {
            if (!stopped) warnings.forEach(deliver);
          })
          .catch(() => undefined);
      },
      onMessage: (message) => {
        if (message.event === 'warning') deliver(message.data);
        else if (message.event === 'extended') handlersRef.current.onExtended(message.data.deadlineAt);
        else handlersRef.current.onSubmitted(message.data.reason);
      },
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [attemptId, enabled]);
}
