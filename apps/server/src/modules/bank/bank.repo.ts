import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankTags, organizations, questionBanks, questionCounts, questions, tags } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import type { BankScope } from '@kaopei/shared/contracts/bank';

type OrgScope = Pick<RequestContext, 'organizationId'>;

export type BankRecord = typeof questionBanks.$inferSelect;

/** The bank–tag link table, for `registerTagLinks` (usage counts, removal on tag deletion). */
export const bankTagLink = { table: bankTags, tagId: bankTags.tagId };

/** The platform organisation's id; not scoped: every organisation reads the platform's public banks. */
export async function findPlatformOrganizationId(db: DbOrTx): Promise<number | undefined> {
  const [platform] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'))
    .orderBy(asc(organizations.id))
    .limit(1);
  return platform?.id;
}

/**
 * Question counts per bank and type from the trigger-kept counters (a few rows per bank instead of a
 * count over its questions). `bankIds` are banks already found visible to the caller.
 */
export function sumQuestionCountsByBankAndType(db: DbOrTx, bankIds: readonly number[]) {
  return db
    .select({
      bankId: questionCounts.bankId,
      type: questionCounts.type,
      count: sql<number>`sum(${questionCounts.count})`.mapWith(Number),
    })
    .from(questionCounts)
    .where(inArray(questionCounts.bankId, [...bankIds]))
    .groupBy(questionCounts.bankId, questionCounts.type);
}

/** (bank id, tag) pairs of these banks (already found visible to the caller), by tag name. */
export function listTagsOfBanks(db: DbOrTx, bankIds: readonly number[]) {
  return db
    .select({ bankId: bankTags.bankId, tagId: tags.id, type: tags.type, name: tags.name, color: tags.color })
    .from(bankTags)
    .innerJoin(tags, eq(tags.id, bankTags.tagId))
    .where(inArray(bankTags.bankId, [...bankIds]))
    .orderBy(asc(tags.name), asc(tags.id));
}

export interface BankPageFilter {
  keyword?: string | undefined;
  category?: string | undefined;
  tagIds: number[];
  limit: number;
  offset: number;
}

/** A page of one organisation's banks (the caller's or the platform's), newest first, and the total. */
export async function listBankPage(db: DbOrTx, owner: OrgScope, filter: BankPageFilter) {
  const where = and(
    eq(questionBanks.organizationId, owner.organizationId),
    filter.keyword ? ilike(questionBanks.name, containsPattern(filter.keyword)) : undefined,
    filter.category ? eq(questionBanks.category, filter.category) : undefined,
    filter.tagIds.length > 0
      ? sql`exists (select 1 from ${bankTags} where ${bankTags.bankId} = ${questionBanks.id} and ${inArray(bankTags.tagId, filter.tagIds)})`
      : undefined,
  );
  const [banks, [totalRow]] = await Promise.all([
    db
      .select()
      .from(questionBanks)
      .where(where)
      .orderBy(desc(questionBanks.createdAt), desc(questionBanks.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(questionBanks).where(where),
  ]);
  return { banks, total: totalRow?.total ?? 0 };
}

/** Visible to the caller: its organisation's or the platform's. */
function visibleTo(platformId: number, ctx: OrgScope): SQL {
  return or(
    eq(questionBanks.organizationId, ctx.organizationId),
    eq(questionBanks.organizationId, platformId),
  ) as SQL;
}

/** A bank of the caller's organisation or the platform's. */
export async function findVisibleBank(
  db: DbOrTx,
  ctx: OrgScope,
  platformId: number,
  bankId: number,
): Promise<BankRecord | undefined> {
  const [bank] = await db
    .select()
    .from(questionBanks)
    .where(and(eq(questionBanks.id, bankId), visibleTo(platformId, ctx)));
  return bank;
}

/** Locks a bank of the caller's organisation for the transaction. */
export async function lockOwnBank(db: DbOrTx, ctx: OrgScope, bankId: number): Promise<void> {
  await db
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(and(eq(questionBanks.id, bankId), eq(questionBanks.organizationId, ctx.organizationId)))
    .for('update');
}

/** Id, name and owner of every bank visible to the caller: its own first, then by name. */
export function listVisibleBankNames(db: DbOrTx, ctx: OrgScope, platformId: number) {
  return db
    .select({
      bankId: questionBanks.id,
      name: questionBanks.name,
      organizationId: questionBanks.organizationId,
    })
    .from(questionBanks)
    .where(visibleTo(platformId, ctx))
    .orderBy(
      sql`case when ${questionBanks.organizationId} = ${ctx.organizationId} then 0 else 1 end`,
      asc(questionBanks.name),
      asc(questionBanks.id),
    );
}

/** Distinct non-empty categories of the caller's banks and/or the platform's, by name. */
export function listBankCategories(
  db: DbOrTx,
  ctx: OrgScope,
  platformId: number,
  scope: BankScope | undefined,
) {
  const owner =
    scope === 'mine'
      ? eq(questionBanks.organizationId, ctx.organizationId)
      : scope === 'public'
        ? eq(questionBanks.organizationId, platformId)
        : visibleTo(platformId, ctx);
  return db
    .selectDistinct({ category: questionBanks.category })
    .from(questionBanks)
    .where(and(owner, isNotNull(questionBanks.category), ne(questionBanks.category, '')))
    .orderBy(asc(questionBanks.category));
}

/** Replaces a bank's tags (the bank and the tags checked to be the organisation's). */
export async function replaceBankTags(tx: DbOrTx, bankId: number, tagIds: number[]): Promise<void> {
  await tx.delete(bankTags).where(eq(bankTags.bankId, bankId));
  if (tagIds.length > 0) {
    await tx.insert(bankTags).values(tagIds.map((tagId) => ({ bankId, tagId })));
  }
}

export async function insertBank(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
  values: { name: string; description: string | null; category: string | null; coverUrl: string | null },
): Promise<number | undefined> {
  const [bank] = await tx
    .insert(questionBanks)
    .values({ organizationId: ctx.organizationId, ...values, createdBy: ctx.userId })
    .returning({ id: questionBanks.id });
  return bank?.id;
}

export async function updateBank(
  tx: DbOrTx,
  ctx: OrgScope,
  bankId: number,
  set: { name?: string; description?: string | null; category?: string | null; coverUrl?: string | null },
): Promise<void> {
  await tx
    .update(questionBanks)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(questionBanks.id, bankId), eq(questionBanks.organizationId, ctx.organizationId)));
}

/** Moves the organisation's questions of these banks into `toBankId`; returns how many moved. */
export async function moveQuestionsOfBanks(
  tx: DbOrTx,
  ctx: OrgScope,
  bankIds: number[],
  toBankId: number,
): Promise<number> {
  const rows = await tx
    .update(questions)
    .set({ bankId: toBankId, updatedAt: new Date() })
    .where(and(inArray(questions.bankId, bankIds), eq(questions.organizationId, ctx.organizationId)))
    .returning({ id: questions.id });
  return rows.length;
}

/** The name of one of these banks (locked, the organisation's) that still holds questions, if any. */
export async function findBankWithQuestions(tx: DbOrTx, bankIds: number[]): Promise<string | undefined> {
  const [withQuestions] = await tx
    .select({ name: questionBanks.name })
    .from(questionBanks)
    .where(
      and(
        inArray(questionBanks.id, bankIds),
        sql`exists (select 1 from ${questions} where ${questions.bankId} = ${questionBanks.id})`,
      ),
    )
    .limit(1);
  return withQuestions?.name;
}

/** Deletes banks of the organisation and their tag links (ids locked and checked to be its own). */
export async function deleteBanksWithTags(tx: DbOrTx, ctx: OrgScope, bankIds: number[]): Promise<void> {
  await tx.delete(bankTags).where(inArray(bankTags.bankId, bankIds));
  await tx
    .delete(questionBanks)
    .where(and(inArray(questionBanks.id, bankIds), eq(questionBanks.organizationId, ctx.organizationId)));
}

/** A LIKE pattern matching names that begin with `prefix`. */
function startsWith(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Names of the organisation's banks that begin with `prefix` (case-insensitively). */
export async function listBankNamesStartingWith(
  tx: DbOrTx,
  ctx: OrgScope,
  prefix: string,
): Promise<string[]> {
  const rows = await tx
    .select({ name: questionBanks.name })
    .from(questionBanks)
    .where(
      and(
        eq(questionBanks.organizationId, ctx.organizationId),
        ilike(questionBanks.name, startsWith(prefix)),
      ),
    );
  return rows.map((row) => row.name);
}
