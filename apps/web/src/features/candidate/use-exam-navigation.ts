import { useEffect, useState } from 'react';

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

/**
 * The question on screen (1-based, kept in sessionStorage so a reload comes back to it) and whether the
 * answer sheet is open.
 */
export function useExamNavigation(attemptId: number, total: number) {
  const [current, setCurrent] = useState(() => restorePosition(attemptId, total));
  useEffect(() => {
    try {
      window.sessionStorage.setItem(positionKey(attemptId), String(current));
    } catch {
      // Only the position is lost.
    }
  }, [attemptId, current]);
  const [sheetOpen, setSheetOpen] = useState(false);
  return { current, setCurrent, sheetOpen, setSheetOpen };
}

export type ExamNavigation = ReturnType<typeof useExamNavigation>;
