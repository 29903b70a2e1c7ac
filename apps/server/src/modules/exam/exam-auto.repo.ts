import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { examAutoRules, exams, users } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';

/**
 * The queries of exam/auto rules. Functions taking a `ruleId` without a context act on a rule the
 * caller has already found in its organisation (`findRule`) or claimed (`claimDueRuleInAnyOrg`).
 */

type OrgCtx = Pick<RequestContext, 'organizationId'>;

export type RuleRecord = typeof examAutoRules.$inferSelect;
/** The columns a rule is created or changed with (the organisation and author come from the context). */
type RuleValues = Omit<typeof examAutoRules.$inferInsert, 'id' | 'organizationId' | 'createdBy'>;

/** A rule of the caller's organisation, optionally locked for update. */
export async function findRule(
  db: DbOrTx,
  ctx: OrgCtx,
  ruleId: number,
  lock = false,
): Promise<RuleRecord | undefined> {
  const query = db
    .select()
    .from(examAutoRules)
    .where(and(eq(examAutoRules.id, ruleId), eq(examAutoRules.organizationId, ctx.organizationId)));
  const [rule] = lock ? await query.for('update') : await query;
  return rule;
}

/** A page of the organisation's rules, newest first, and how many match. */
export async function searchRuleRecords(
  db: DbOrTx,
  ctx: OrgCtx,
  search: { keyword?: string; limit: number; offset: number },
): Promise<{ records: RuleRecord[]; total: number }> {
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
  return { records, total: Number(total?.n ?? 0) };
}

/** Name and start of the exams rules last created (ids taken from rules of the caller's organisation). */
export async function listLastExams(db: DbOrTx, examIds: number[]) {
  return db
    .select({ id: exams.id, name: exams.name, startAt: exams.startAt })
    .from(exams)
    .where(inArray(exams.id, examIds));
}

/** A new rule of the caller's organisation, written by the caller; its id. */
export async function insertRule(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
  values: RuleValues,
): Promise<number> {
  const [rule] = await db
    .insert(examAutoRules)
    .values({ organizationId: ctx.organizationId, createdBy: ctx.userId, ...values })
    .returning();
  if (!rule) throw new Error('auto rule insert failed');
  return rule.id;
}

/** The start of the latest exam this rule created, if any. */
export async function findLastCreatedStart(db: DbOrTx, ruleId: number): Promise<number | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${exams.startAt})` })
    .from(exams)
    .where(eq(exams.autoRuleId, ruleId));
  return row?.at ? new Date(row.at).getTime() : null;
}

export async function updateRule(db: DbOrTx, ruleId: number, values: Partial<RuleValues>): Promise<void> {
  await db.update(examAutoRules).set(values).where(eq(examAutoRules.id, ruleId));
}

/** Records a run that created an exam: one more run, the exam, the next start, no error. */
export async function recordRuleRun(
  db: DbOrTx,
  ruleId: number,
  run: { nextStartAt: Date | null; lastExamId: number; updatedAt: Date },
): Promise<void> {
  await db
    .update(examAutoRules)
    .set({
      nextStartAt: run.nextStartAt,
      runs: sql`${examAutoRules.runs} + 1`,
      lastExamId: run.lastExamId,
      lastError: null,
      updatedAt: run.updatedAt,
    })
    .where(eq(examAutoRules.id, ruleId));
}

/** The rules of the caller's organisation with these ids. */
export async function listRuleIds(db: DbOrTx, ctx: OrgCtx, ruleIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: examAutoRules.id })
    .from(examAutoRules)
    .where(and(inArray(examAutoRules.id, ruleIds), eq(examAutoRules.organizationId, ctx.organizationId)));
  return rows.map((row) => row.id);
}

/** Deletes rules (all already found in the caller's organisation). */
export async function deleteRulesById(db: DbOrTx, ruleIds: number[]): Promise<void> {
  await db.delete(examAutoRules).where(inArray(examAutoRules.id, ruleIds));
}

/** A page of the organisation's exams a rule created, latest start first, and how many there are. */
export async function searchRuleExams(
  db: DbOrTx,
  ctx: OrgCtx,
  ruleId: number,
  paging: { limit: number; offset: number },
) {
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
  return { records, total: Number(total?.n ?? 0) };
}

/** Who a scheduled run acts as: the rule's author while active in its organisation, else an administrator. */
export async function findRuleActor(db: DbOrTx, rule: Pick<RuleRecord, 'organizationId' | 'createdBy'>) {
  const [user] = await db
    .select({ id: users.id, account: users.account, realName: users.realName, isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.organizationId, rule.organizationId), eq(users.status, 0)))
    .orderBy(
      sql`case when ${users.id} = ${rule.createdBy ?? 0} then 0 when ${users.isAdmin} then 1 else 2 end`,
      asc(users.id),
    )
    .limit(1);
  return user;
}

/**
 * The scheduler's sweep over every organisation: the next due rule (enabled, start − lead reached, not
 * failed since `retryBefore`), locked FOR UPDATE SKIP LOCKED so instances never claim the same rule.
 */
export async function claimDueRuleInAnyOrg(
  tx: DbOrTx,
  now: Date,
  retryBefore: Date,
): Promise<RuleRecord | undefined> {
  const [rule] = await tx
    .select()
    .from(examAutoRules)
    .where(
      and(
        eq(examAutoRules.enabled, 1),
        isNotNull(examAutoRules.nextStartAt),
        sql`${examAutoRules.nextStartAt} - make_interval(mins => ${examAutoRules.leadMinutes}) <= ${now}`,
        or(isNull(examAutoRules.lastError), lte(examAutoRules.updatedAt, retryBefore)),
      ),
    )
    .orderBy(asc(examAutoRules.nextStartAt), asc(examAutoRules.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rule;
}
