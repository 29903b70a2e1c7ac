import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TaskItemKind } from '@kaopei/shared';
import type { ItemResult } from '@kaopei/shared/contracts/study-task';
import type { Db } from '../../db/client';
import { courseMembers, examAttempts, exams, practiceRounds } from '../../db/schema';
import { listItemsDone, type TaskBase } from './study-task-progress.repo';

/**
 * One learner's results per item of a task (task/answer, the learner's task page): course progress,
 * exam attempts and scores, practice rounds and accuracy — attempts and rounds since the task's clear
 * baseline, one query per kind.
 */

interface NamedItem {
  id: number;
  kind: TaskItemKind;
  refId: number;
  name: string;
  sort: number;
}

const refsOf = (items: readonly NamedItem[], kind: TaskItemKind) =>
  items.filter((i) => i.kind === kind).map((i) => i.refId);

const afterBaseline = (column: Parameters<typeof gt>[0], task: TaskBase) =>
  task.clearedAt ? gt(column, task.clearedAt) : undefined;

async function examResults(
  db: Db,
  organizationId: number,
  task: TaskBase,
  examIds: number[],
  userId: number,
) {
  if (examIds.length === 0) return { attempts: [], passScores: new Map<number, number>() };
  const [attempts, passes] = await Promise.all([
    db
      .select()
      .from(examAttempts)
      .where(
        and(
          inArray(examAttempts.examId, examIds),
          eq(examAttempts.userId, userId),
          eq(examAttempts.organizationId, organizationId),
          afterBaseline(examAttempts.startedAt, task),
        ),
      )
      .orderBy(asc(examAttempts.attemptNo)),
    db
      .select({ id: exams.id, passScore: exams.passScore })
      .from(exams)
      .where(and(inArray(exams.id, examIds), eq(exams.organizationId, organizationId))),
  ]);
  return { attempts, passScores: new Map(passes.map((p) => [p.id, Number(p.passScore)])) };
}

async function practiceResults(
  db: Db,
  organizationId: number,
  task: TaskBase,
  practiceIds: number[],
  userId: number,
) {
  if (practiceIds.length === 0) return [];
  return db
    .select({
      practiceId: practiceRounds.practiceId,
      rounds: sql<number>`count(*)::int`,
      finishedRounds: sql<number>`count(${practiceRounds.finishedAt})::int`,
      answered: sql<number>`coalesce(sum(${practiceRounds.answered}), 0)::int`,
      correct: sql<number>`coalesce(sum(${practiceRounds.correct}), 0)::int`,
    })
    .from(practiceRounds)
    .where(
      and(
        inArray(practiceRounds.practiceId, practiceIds),
        eq(practiceRounds.userId, userId),
        eq(practiceRounds.organizationId, organizationId),
        afterBaseline(practiceRounds.startedAt, task),
      ),
    )
    .groupBy(practiceRounds.practiceId);
}

export async function itemResults(
  db: Db,
  organizationId: number,
  task: TaskBase,
  items: readonly NamedItem[],
  userId: number,
): Promise<ItemResult[]> {
  const courseIds = refsOf(items, 'course');
  const [done, members, exam, practice] = await Promise.all([
    listItemsDone(db, organizationId, [task], [userId]),
    courseIds.length === 0
      ? []
      : db
          .select()
          .from(courseMembers)
          .where(
            and(
              inArray(courseMembers.courseId, courseIds),
              eq(courseMembers.userId, userId),
              eq(courseMembers.organizationId, organizationId),
            ),
          ),
    examResults(db, organizationId, task, refsOf(items, 'exam'), userId),
    practiceResults(db, organizationId, task, refsOf(items, 'practice'), userId),
  ]);
  const doneAt = new Map(done.map((d) => [d.itemId, d.doneAt.getTime()]));
  return items.map((item) => {
    const at = doneAt.get(item.id) ?? null;
    const member = item.kind === 'course' ? members.find((m) => m.courseId === item.refId) : undefined;
    const rounds = item.kind === 'practice' ? practice.find((p) => p.practiceId === item.refId) : undefined;
    return {
      ...item,
      done: at !== null,
      doneAt: at,
      course:
        item.kind === 'course'
          ? {
              progressPercent: member?.progressPercent ?? 0,
              startedAt: member?.startedAt?.getTime() ?? null,
              completedAt: member?.completedAt?.getTime() ?? null,
            }
          : null,
      exam:
        item.kind === 'exam'
          ? {
              passScore: exam.passScores.get(item.refId) ?? null,
              attempts: exam.attempts
                .filter((t) => t.examId === item.refId)
                .map((t) => ({
                  attemptId: t.id,
                  attemptNo: t.attemptNo,
                  status: t.status,
                  score: t.score === null ? null : Number(t.score),
                  passed: t.passed === null ? null : t.passed === 1,
                  submittedAt: t.submittedAt?.getTime() ?? null,
                })),
            }
          : null,
      practice:
        item.kind === 'practice'
          ? {
              rounds: rounds?.rounds ?? 0,
              finishedRounds: rounds?.finishedRounds ?? 0,
              answered: rounds?.answered ?? 0,
              correct: rounds?.correct ?? 0,
              accuracy:
                rounds && rounds.answered > 0
                  ? Math.round((rounds.correct * 1000) / rounds.answered) / 10
                  : null,
            }
          : null,
    };
  });
}
