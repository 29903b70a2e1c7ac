import type { DbOrTx } from '../../db/client';

/** An attempt that has just got its final grade (status 2). */
export interface GradedAttempt {
  attemptId: number;
  examId: number;
  userId: number;
  purpose: string;
}

/**
 * Who else must know when an attempt is graded — a course whose exam section it completes
 * (modules/learn registers it), the candidate's review book (modules/practice). Listeners are registered by the modules that depend on exams, so the exam
 * module names none of them.
 */
export type AttemptGradedListener = (db: DbOrTx, attempt: GradedAttempt) => Promise<void>;

const listeners: AttemptGradedListener[] = [];

export function onAttemptGraded(listener: AttemptGradedListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function attemptGraded(db: DbOrTx, attempt: GradedAttempt): Promise<void> {
  for (const listener of listeners) await listener(db, attempt);
}
