import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { RECURRENCE_LABELS, autoExamName, nextOccurrence, type Recurrence } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import { departments, examAutoRules, exams, users } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { AppError, badRequest, conflict, notFound } from '../../core/http';
import { containsPattern } from '../../core/db-errors';
import { checkRefs, createAutoPapers, generateAuto, infeasibleMessage } from '../paper/paper.generate';
import {
  examTemplateSchema,
  generationSchema,
  type AutoRuleBody,
  type AutoRuleRow,
  type ExamTemplate,
  type Generation,
  type GenerationCheck,
} from '@kaopei/shared/contracts/exam-auto';
import { createExam, getExam, publishExam, toRows, type ExamRow } from './exam.service';

/**
 * exam/auto: rules that create and publish exams from intelligent generation, once or every week or
 * month, for chosen departments. Every instance runs `runDueRules` on a timer; a rule is claimed with
 * FOR UPDATE SKIP LOCKED, so one period's exam is created once however many instances tick.
 */

/** A failed rule is tried again at most this often (until its period's window ends). */
export const RETRY_MS = 10 * 60_000;
/** Rules handled per tick and instance; the rest wait for the next tick. */
const RULES_PER_TICK = 20;

type RuleRecord = typeof examAutoRules.$inferSelect;

const ruleNotFound = () => notFound('自动考试规则不存在');

export type { AutoRuleRow, GenerationCheck } from '@kaopei/shared/contracts/exam-auto';

function recurrenceOf(rule: Pick<RuleRecord, 'recurrence'>): Recurrence {
  return rule.recurrence === 'weekly' || rule.recurrence === 'monthly' ? rule.recurrence : 'once';
}

async function toRuleRows(db: DbOrTx, rules: RuleRecord[]): Promise<AutoRuleRow[]> {
  const examIds = rules.map((rule) => rule.lastExamId).filter((id): id is number => id !== null);
  const lastExams =
    examIds.length > 0
      ? await db
          .select({ id: exams.id, name: exams.name, startAt: exams.startAt })
          .from(exams)
          .where(inArray(exams.id, examIds))
      : [];
  const examById = new Map(lastExams.map((exam) => [exam.id, exam]));
  return rules.map((rule) => {
    const recurrence = recurrenceOf(rule);
    const lastExam = rule.lastExamId !== null ? examById.get(rule.lastExamId) : undefined;
    const nextStartAt = rule.nextStartAt?.getTime() ?? null;
    return {
      id: rule.id,
      ruleId: rule.id,
      name: rule.name,
      recurrence,
      recurrenceLabel: RECURRENCE_LABELS[recurrence],
      firstStartAt: rule.firstStartAt.getTime(),
      leadMinutes: rule.leadMinutes,
      nextStartAt,
      nextRunAt: nextStartAt === null ? null : nextStartAt - rule.leadMinutes * 60_000,
      runs: rule.runs,
      lastExam: lastExam
        ? { examId: lastExam.id, name: lastExam.name, startAt: lastExam.startAt?.getTime() ?? null }
        : null,
      lastError: rule.lastError,
      enabled: rule.enabled === 1,
      generation: generationSchema.parse(rule.generation),
      examTemplate: examTemplateSchema.parse(rule.examTemplate),
      createdAt: rule.createdAt.getTime(),
      updatedAt: rule.updatedAt.getTime(),
    };
  });
}

async function requireRule(
  db: DbOrTx,
  ctx: RequestContext,
  ruleId: number,
  lock = false,
): Promise<RuleRecord> {
  const query = db
    .select()
    .from(examAutoRules)
    .where(and(eq(examAutoRules.id, ruleId), eq(examAutoRules.organizationId, ctx.organizationId)));
  const [rule] = lock ? await query.for('update') : await query;
  if (!rule) throw ruleNotFound();
  return rule;
}

export async function getRule(db: DbOrTx, ctx: RequestContext, ruleId: number): Promise<AutoRuleRow> {
  const [row] = await toRuleRows(db, [await requireRule(db, ctx, ruleId)]);
  if (!row) throw ruleNotFound();
  return row;
}

export async function searchRules(
  db: Db,
  ctx: RequestContext,
  search: { keyword?: string; limit: number; offset: number },
): Promise<{ rows: AutoRuleRow[]; total: number }> {
  const where = and(
    eq(examAutoRules.organizationId, ctx.organizationId),
    search.keyword ? ilike(examAutoRules.name, containsPattern(search.keyword)) : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(examAutoRules)
      .where(where)
      .orderBy(desc(examAutoRules.createdAt), desc(examAutoRules.id))
      .limit(search.limit)
      .offset(search.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(examAutoRules)
      .where(where),
  ]);
  return { rows: await toRuleRows(db, records), total: Number(total?.n ?? 0) };
}

/** Departments must be the organisation's; banks, tags and knowledge points the generator may use. */
async function checkBody(db: DbOrTx, ctx: RequestContext, body: AutoRuleBody): Promise<void> {
  const departmentIds = [...new Set(body.examTemplate.departmentIds)];
  const found = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.organizationId, ctx.organizationId), inArray(departments.id, departmentIds)));
  if (found.length !== departmentIds.length) throw notFound('部门不存在（examTemplate.departmentIds）');
  await checkRefs(db, ctx, body.generation);
}

function futureStart(firstStartAt: number, now: number): void {
  if (firstStartAt <= now) throw badRequest('首次开考时间（firstStartAt）必须晚于现在');
}

function ruleValues(body: AutoRuleBody) {
  return {
    name: body.name,
    generation: body.generation as unknown as Record<string, unknown>,
    examTemplate: body.examTemplate as unknown as Record<string, unknown>,
    recurrence: body.recurrence,
    firstStartAt: new Date(body.firstStartAt),
    leadMinutes: body.leadMinutes,
    enabled: body.enabled ? 1 : 0,
  };
}

export async function addRule(db: Db, ctx: RequestContext, body: AutoRuleBody): Promise<AutoRuleRow> {
  futureStart(body.firstStartAt, Date.now());
  await checkBody(db, ctx, body);
  const [rule] = await db
    .insert(examAutoRules)
    .values({
      organizationId: ctx.organizationId,
      createdBy: ctx.userId,
      ...ruleValues(body),
      nextStartAt: new Date(body.firstStartAt),
    })
    .returning();
  if (!rule) throw new Error('auto rule insert failed');
  return getRule(db, ctx, rule.id);
}

/** The start of the latest exam this rule created, if any. */
async function lastCreatedStart(db: DbOrTx, ruleId: number): Promise<number | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${exams.startAt})` })
    .from(exams)
    .where(eq(exams.autoRuleId, ruleId));
  return row?.at ? new Date(row.at).getTime() : null;
}

/**
 * Changes a rule. The next exam follows the new schedule after the last exam already created, so a
 * period is never created twice; a changed first start must lie ahead.
 */
export async function modifyRule(
  db: Db,
  ctx: RequestContext,
  ruleId: number,
  body: AutoRuleBody,
): Promise<AutoRuleRow> {
  await db.transaction(async (tx) => {
    const rule = await requireRule(tx, ctx, ruleId, true);
    if (rule.firstStartAt.getTime() !== body.firstStartAt) futureStart(body.firstStartAt, Date.now());
    await checkBody(tx, ctx, body);
    const last = await lastCreatedStart(tx, ruleId);
    const next = last === null ? body.firstStartAt : nextOccurrence(body.firstStartAt, body.recurrence, last);
    await tx
      .update(examAutoRules)
      .set({
        ...ruleValues(body),
        nextStartAt: next === null ? null : new Date(next),
        lastError: null,
        updatedAt: new Date(),
      })
      .where(eq(examAutoRules.id, ruleId));
  });
  return getRule(db, ctx, ruleId);
}

export async function setRuleEnabled(
  db: Db,
  ctx: RequestContext,
  ruleId: number,
  enabled: boolean,
): Promise<AutoRuleRow> {
  await requireRule(db, ctx, ruleId);
  await db
    .update(examAutoRules)
    // Enabling again starts afresh: the next tick tries at once.
    .set({ enabled: enabled ? 1 : 0, ...(enabled ? { lastError: null } : {}), updatedAt: new Date() })
    .where(eq(examAutoRules.id, ruleId));
  return getRule(db, ctx, ruleId);
}

/** Deletes rules (all or nothing); the exams they created stay. */
export async function deleteRules(db: Db, ctx: RequestContext, ids: number[]): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: examAutoRules.id })
      .from(examAutoRules)
      .where(and(inArray(examAutoRules.id, unique), eq(examAutoRules.organizationId, ctx.organizationId)));
    if (found.length !== unique.length) throw ruleNotFound();
    await tx.delete(examAutoRules).where(inArray(examAutoRules.id, unique));
    return { count: unique.length };
  });
}

/** The exams a rule created, newest first. */
export async function ruleExams(
  db: Db,
  ctx: RequestContext,
  ruleId: number,
  paging: { limit: number; offset: number },
): Promise<{ rows: ExamRow[]; total: number }> {
  await requireRule(db, ctx, ruleId);
  const where = and(eq(exams.organizationId, ctx.organizationId), eq(exams.autoRuleId, ruleId));
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(exams)
      .where(where)
      .orderBy(desc(exams.startAt), desc(exams.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(exams)
      .where(where),
  ]);
  return { rows: await toRows(db, records), total: Number(total?.n ?? 0) };
}

/** 检查规则: generates against today's question pool without saving anything. */
export async function checkGeneration(
  db: Db,
  ctx: RequestContext,
  generation: Generation,
): Promise<GenerationCheck> {
  const report = await generateAuto(db, ctx, generation);
  return {
    feasible: report.feasible,
    message: report.feasible ? null : infeasibleMessage(report),
    violations: report.violations,
    best: report.best,
    papers: report.papers.map((paper) => ({ totals: paper.totals })),
    solveMs: report.solveMs,
  };
}

// ---------- running a rule ----------

/**
 * The start of the period to create now: the rule's next start, moving past periods whose window has
 * already ended (an instance was down, or the rule was disabled); null when the schedule has none left.
 */
export function periodToCreate(rule: RuleRecord, template: ExamTemplate, now: number): number | null {
  const recurrence = recurrenceOf(rule);
  const first = rule.firstStartAt.getTime();
  const windowMs = template.windowMinutes * 60_000;
  let start = rule.nextStartAt?.getTime() ?? null;
  while (start !== null && start + windowMs <= now) start = nextOccurrence(first, recurrence, start);
  return start;
}

/** Generates the paper, creates the exam for the departments and publishes it (candidates notified). */
async function createPeriodExam(
  db: Db,
  ctx: RequestContext,
  rule: RuleRecord,
  template: ExamTemplate,
  startAt: number,
): Promise<number> {
  const recurrence = recurrenceOf(rule);
  const name = autoExamName(template.examName, startAt, recurrence);
  const generation = generationSchema.parse(rule.generation);
  const { papers } = await createAutoPapers(db, ctx, {
    // One seed per rule and period: a retry of the same period draws the same paper.
    rules: { ...generation, seed: `exam-auto-${rule.id}-${startAt}` },
    paper: { name },
  });
  const exam = await createExam(db, ctx, {
    name,
    description: template.description ?? null,
    coverUrl: null,
    paperIds: papers.map((paper) => paper.paperId),
    startAt,
    endAt: startAt + template.windowMinutes * 60_000,
    durationMinutes: template.durationMinutes,
    attemptsAllowed: template.attemptsAllowed,
    passScore: template.passScore,
    lateEntryMinutes: null,
    settings: template.settings,
    audience: {
      mode: 'assigned',
      departmentIds: template.departmentIds,
      includeSubDepartments: template.includeSubDepartments,
      userIds: [],
      tagIds: [],
      registrationFields: [],
    },
    notify: template.notify,
  });
  await db.update(exams).set({ autoRuleId: rule.id }).where(eq(exams.id, exam.id));
  await publishExam(db, ctx, exam.id);
  return exam.id;
}

function failureMessage(error: unknown): string {
  if (error instanceof AppError) return error.message.slice(0, 2000);
  return `生成考试失败：${error instanceof Error ? error.message.slice(0, 500) : String(error)}`;
}

type RunOutcome = { examId: number } | { error: unknown } | { none: true } | { deferred: true };

/**
 * Runs a rule locked by the caller's transaction: the exam of the current period is created inside a
 * savepoint, so a failure (no feasible paper, nobody in the departments) leaves no paper or exam behind
 * and is recorded as the rule's last error, while the rule still moves past periods already over.
 */
async function runLocked(
  tx: Db,
  ctx: RequestContext,
  rule: RuleRecord,
  now: number,
  force: boolean,
): Promise<RunOutcome> {
  const template = examTemplateSchema.parse(rule.examTemplate);
  const start = periodToCreate(rule, template, now);
  if (start === null) {
    const missed = rule.nextStartAt !== null;
    await tx
      .update(examAutoRules)
      .set({
        nextStartAt: null,
        ...(missed ? { lastError: '考试开放时间已过，未生成考试' } : {}),
        updatedAt: new Date(now),
      })
      .where(eq(examAutoRules.id, rule.id));
    return { none: true };
  }
  if (!force && start - rule.leadMinutes * 60_000 > now) {
    // Missed periods were skipped and the next one is not due yet: wait for it.
    await tx
      .update(examAutoRules)
      .set({ nextStartAt: new Date(start), updatedAt: new Date(now) })
      .where(eq(examAutoRules.id, rule.id));
    return { deferred: true };
  }
  try {
    const examId = await tx.transaction((inner) => createPeriodExam(inner, ctx, rule, template, start));
    const next = nextOccurrence(rule.firstStartAt.getTime(), recurrenceOf(rule), start);
    await tx
      .update(examAutoRules)
      .set({
        nextStartAt: next === null ? null : new Date(next),
        runs: sql`${examAutoRules.runs} + 1`,
        lastExamId: examId,
        lastError: null,
        updatedAt: new Date(now),
      })
      .where(eq(examAutoRules.id, rule.id));
    return { examId };
  } catch (error) {
    await tx
      .update(examAutoRules)
      .set({ nextStartAt: new Date(start), lastError: failureMessage(error), updatedAt: new Date(now) })
      .where(eq(examAutoRules.id, rule.id));
    return { error };
  }
}

/** 立即生成: creates the rule's next exam now, whatever its lead time. */
export async function runRuleNow(db: Db, ctx: RequestContext, ruleId: number): Promise<ExamRow> {
  const outcome = await db.transaction(async (tx) => {
    const rule = await requireRule(tx, ctx, ruleId, true);
    return runLocked(tx, ctx, rule, Date.now(), true);
  });
  if ('none' in outcome || 'deferred' in outcome)
    throw conflict('该规则已没有待生成的考试（一次性规则已生成过考试）');
  if ('error' in outcome) {
    if (outcome.error instanceof AppError) throw outcome.error;
    throw badRequest(failureMessage(outcome.error));
  }
  return getExam(db, ctx, outcome.examId);
}

/** Who a scheduled run acts as: the rule's author while active in the organisation, else an administrator. */
async function ruleContext(db: DbOrTx, rule: RuleRecord): Promise<RequestContext | null> {
  const [user] = await db
    .select({ id: users.id, account: users.account, realName: users.realName, isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.organizationId, rule.organizationId), eq(users.status, 0)))
    .orderBy(
      sql`case when ${users.id} = ${rule.createdBy ?? 0} then 0 when ${users.isAdmin} then 1 else 2 end`,
      asc(users.id),
    )
    .limit(1);
  if (!user) return null;
  return {
    userId: user.id,
    organizationId: rule.organizationId,
    isAdmin: user.isAdmin,
    account: user.account,
    realName: user.realName ?? '',
  };
}

export interface TickResult {
  created: number[];
  failed: { ruleId: number; message: string }[];
}

/**
 * One scheduler tick: claims due rules one at a time (enabled, start − lead reached, not failed within
 * RETRY_MS) with FOR UPDATE SKIP LOCKED and runs each in its own transaction.
 */
export async function runDueRules(db: Db, now = Date.now()): Promise<TickResult> {
  const result: TickResult = { created: [], failed: [] };
  const retryBefore = new Date(now - RETRY_MS);
  for (let i = 0; i < RULES_PER_TICK; i++) {
    const handled = await db.transaction(async (tx) => {
      const [rule] = await tx
        .select()
        .from(examAutoRules)
        .where(
          and(
            eq(examAutoRules.enabled, 1),
            isNotNull(examAutoRules.nextStartAt),
            sql`${examAutoRules.nextStartAt} - make_interval(mins => ${examAutoRules.leadMinutes}) <= ${new Date(now)}`,
            or(isNull(examAutoRules.lastError), lte(examAutoRules.updatedAt, retryBefore)),
          ),
        )
        .orderBy(asc(examAutoRules.nextStartAt), asc(examAutoRules.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!rule) return false;
      const ctx = await ruleContext(tx, rule);
      if (!ctx) {
        await tx
          .update(examAutoRules)
          .set({ lastError: '组织内没有可用的账号，无法生成考试', updatedAt: new Date(now) })
          .where(eq(examAutoRules.id, rule.id));
        result.failed.push({ ruleId: rule.id, message: '组织内没有可用的账号' });
        return true;
      }
      const outcome = await runLocked(tx, ctx, rule, now, false);
      if ('examId' in outcome) result.created.push(outcome.examId);
      if ('error' in outcome) result.failed.push({ ruleId: rule.id, message: failureMessage(outcome.error) });
      return true;
    });
    if (!handled) break;
  }
  return result;
}
