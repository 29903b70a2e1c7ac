import { RECURRENCE_LABELS, autoExamName, nextOccurrence, type Recurrence } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { AppError, badRequest, conflict, notFound } from '../../core/http';
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
import { listDepartmentIds, updateExam } from './exam.repo';
import {
  claimDueRuleInAnyOrg,
  deleteRulesById,
  findLastCreatedStart,
  findRule,
  findRuleActor,
  insertRule,
  listLastExams,
  listRuleIds,
  recordRuleRun,
  searchRuleExams,
  searchRuleRecords,
  updateRule,
  type RuleRecord,
} from './exam-auto.repo';

/**
 * exam/auto: rules that create and publish exams from intelligent generation, once or every week or
 * month, for chosen departments. Every instance runs `runDueRules` on a timer; a rule is claimed with
 * FOR UPDATE SKIP LOCKED, so one period's exam is created once however many instances tick.
 */

/** A failed rule is tried again at most this often (until its period's window ends). */
export const RETRY_MS = 10 * 60_000;
/** Rules handled per tick and instance; the rest wait for the next tick. */
const RULES_PER_TICK = 20;

const ruleNotFound = () => notFound('自动考试规则不存在');

export type { AutoRuleRow, GenerationCheck } from '@kaopei/shared/contracts/exam-auto';

function recurrenceOf(rule: Pick<RuleRecord, 'recurrence'>): Recurrence {
  return rule.recurrence === 'weekly' || rule.recurrence === 'monthly' ? rule.recurrence : 'once';
}

async function toRuleRows(db: DbOrTx, rules: RuleRecord[]): Promise<AutoRuleRow[]> {
  const examIds = rules.map((rule) => rule.lastExamId).filter((id): id is number => id !== null);
  const lastExams = examIds.length > 0 ? await listLastExams(db, examIds) : [];
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
  const rule = await findRule(db, ctx, ruleId, lock);
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
  const { records, total } = await searchRuleRecords(db, ctx, search);
  return { rows: await toRuleRows(db, records), total };
}

/** Departments must be the organisation's; banks, tags and knowledge points the generator may use. */
async function checkBody(db: DbOrTx, ctx: RequestContext, body: AutoRuleBody): Promise<void> {
  const departmentIds = [...new Set(body.examTemplate.departmentIds)];
  const found = await listDepartmentIds(db, ctx, departmentIds);
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
  const ruleId = await insertRule(db, ctx, { ...ruleValues(body), nextStartAt: new Date(body.firstStartAt) });
  return getRule(db, ctx, ruleId);
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
    const last = await findLastCreatedStart(tx, ruleId);
    const next = last === null ? body.firstStartAt : nextOccurrence(body.firstStartAt, body.recurrence, last);
    await updateRule(tx, ruleId, {
      ...ruleValues(body),
      nextStartAt: next === null ? null : new Date(next),
      lastError: null,
      updatedAt: new Date(),
    });
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
  // Enabling again starts afresh: the next tick tries at once.
  await updateRule(db, ruleId, {
    enabled: enabled ? 1 : 0,
    ...(enabled ? { lastError: null } : {}),
    updatedAt: new Date(),
  });
  return getRule(db, ctx, ruleId);
}

/** Deletes rules (all or nothing); the exams they created stay. */
export async function deleteRules(db: Db, ctx: RequestContext, ids: number[]): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await listRuleIds(tx, ctx, unique);
    if (found.length !== unique.length) throw ruleNotFound();
    await deleteRulesById(tx, unique);
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
  const { records, total } = await searchRuleExams(db, ctx, ruleId, paging);
  return { rows: await toRows(db, records), total };
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
  await updateExam(db, exam.id, { autoRuleId: rule.id });
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
    await updateRule(tx, rule.id, {
      nextStartAt: null,
      ...(missed ? { lastError: '考试开放时间已过，未生成考试' } : {}),
      updatedAt: new Date(now),
    });
    return { none: true };
  }
  if (!force && start - rule.leadMinutes * 60_000 > now) {
    // Missed periods were skipped and the next one is not due yet: wait for it.
    await updateRule(tx, rule.id, { nextStartAt: new Date(start), updatedAt: new Date(now) });
    return { deferred: true };
  }
  try {
    const examId = await tx.transaction((inner) => createPeriodExam(inner, ctx, rule, template, start));
    const next = nextOccurrence(rule.firstStartAt.getTime(), recurrenceOf(rule), start);
    await recordRuleRun(tx, rule.id, {
      nextStartAt: next === null ? null : new Date(next),
      lastExamId: examId,
      updatedAt: new Date(now),
    });
    return { examId };
  } catch (error) {
    await updateRule(tx, rule.id, {
      nextStartAt: new Date(start),
      lastError: failureMessage(error),
      updatedAt: new Date(now),
    });
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
  const user = await findRuleActor(db, rule);
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
      const rule = await claimDueRuleInAnyOrg(tx, new Date(now), retryBefore);
      if (!rule) return false;
      const ctx = await ruleContext(tx, rule);
      if (!ctx) {
        await updateRule(tx, rule.id, {
          lastError: '组织内没有可用的账号，无法生成考试',
          updatedAt: new Date(now),
        });
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
