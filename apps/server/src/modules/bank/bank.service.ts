import { QUESTION_TYPES, TagType, questionTypeLabel } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, forbidden, notFound } from '../../core/http';
import type { TagRef } from '@kaopei/shared/contracts/tag';
import type { BankRow, BankScope, BankSimple } from '@kaopei/shared/contracts/bank';
import { registerTagLinks, requireTags } from '../tag/tag.service';
import { copyableInBank, insertQuestionCopies } from '../question/question.copy';
import { auditStateOnSave, type QuestionSaveDeps } from '../question/question.audit';
import {
  bankTagLink,
  deleteBanksWithTags,
  findBankWithQuestions,
  findPlatformOrganizationId,
  findVisibleBank as findVisibleBankRecord,
  insertBank,
  listBankCategories,
  listBankNamesStartingWith,
  listBankPage,
  listTagsOfBanks,
  listVisibleBankNames,
  lockOwnBank,
  moveQuestionsOfBanks,
  replaceBankTags,
  sumQuestionCountsByBankAndType,
  updateBank,
  type BankRecord,
} from './bank.repo';

/**
 * Question banks. 我的题库 are the caller's organisation's banks; 公开题库 are the platform
 * organisation's, which every organisation reads and copies but only the platform changes.
 * Question counts come straight from the questions table (the questions module owns its rows).
 */

registerTagLinks(TagType.QUESTION_BANK, bankTagLink);

export type { BankRow, BankScope, BankSimple, TypeCount } from '@kaopei/shared/contracts/bank';

export const BANK_NOT_FOUND = '题库不存在';
export const PUBLIC_READ_ONLY = '公开题库不可修改';
export const BANK_NOT_EMPTY = '题库中还有试题，请先移动或删除试题';

const bankNotFound = () => notFound(BANK_NOT_FOUND);

/** The platform organisation's id (seedReference creates it). */
export async function platformOrganizationId(db: DbOrTx): Promise<number> {
  const platformId = await findPlatformOrganizationId(db);
  if (platformId === undefined) throw new Error('platform organisation missing: run seedReference first');
  return platformId;
}

/** Question counts per type of each bank. */
async function countsOfBanks(
  db: DbOrTx,
  bankIds: readonly number[],
): Promise<Map<number, Map<number, number>>> {
  const result = new Map<number, Map<number, number>>();
  if (bankIds.length === 0) return result;
  // The trigger-kept counters: a few rows per bank instead of a count over its questions.
  const rows = await sumQuestionCountsByBankAndType(db, bankIds);
  for (const row of rows) {
    const byType = result.get(row.bankId) ?? new Map<number, number>();
    byType.set(row.type, Number(row.count));
    result.set(row.bankId, byType);
  }
  return result;
}

async function tagsOfBanks(db: DbOrTx, bankIds: readonly number[]): Promise<Map<number, TagRef[]>> {
  const result = new Map<number, TagRef[]>();
  if (bankIds.length === 0) return result;
  const rows = await listTagsOfBanks(db, bankIds);
  for (const { bankId, ...tag } of rows) {
    const list = result.get(bankId) ?? [];
    list.push(tag);
    result.set(bankId, list);
  }
  return result;
}

async function toBankRows(db: DbOrTx, ctx: RequestContext, banks: BankRecord[]): Promise<BankRow[]> {
  const ids = banks.map((bank) => bank.id);
  const [counts, tagMap] = await Promise.all([countsOfBanks(db, ids), tagsOfBanks(db, ids)]);
  return banks.map((bank) => {
    const byType = counts.get(bank.id);
    // Types outside the canonical set (legacy rows) still count towards the total.
    const questionCount = [...(byType?.values() ?? [])].reduce((sum, n) => sum + n, 0);
    const editable = bank.organizationId === ctx.organizationId;
    return {
      bankId: bank.id,
      name: bank.name,
      description: bank.description,
      category: bank.category,
      coverUrl: bank.coverUrl,
      isPublic: !editable,
      editable,
      tags: tagMap.get(bank.id) ?? [],
      questionCount,
      typeCounts: QUESTION_TYPES.map((type) => ({
        type,
        label: questionTypeLabel(type),
        count: byType?.get(type) ?? 0,
      })),
      createdAt: bank.createdAt.getTime(),
      updatedAt: bank.updatedAt.getTime(),
    };
  });
}

export interface BankListQuery {
  scope: BankScope;
  keyword?: string | undefined;
  category?: string | undefined;
  tagIds?: number[] | undefined;
  limit: number;
  offset: number;
}

/** 我的题库 or 公开题库, newest first. */
export async function listBanks(
  db: Db,
  ctx: RequestContext,
  query: BankListQuery,
): Promise<{ rows: BankRow[]; total: number }> {
  const ownerId = query.scope === 'public' ? await platformOrganizationId(db) : ctx.organizationId;
  const { banks, total } = await listBankPage(
    db,
    { organizationId: ownerId },
    {
      keyword: query.keyword,
      category: query.category,
      tagIds: query.tagIds ?? [],
      limit: query.limit,
      offset: query.offset,
    },
  );
  return { rows: await toBankRows(db, ctx, banks), total };
}

async function findVisibleBank(db: DbOrTx, ctx: RequestContext, bankId: number): Promise<BankRecord> {
  const platformId = await platformOrganizationId(db);
  const bank = await findVisibleBankRecord(db, ctx, platformId, bankId);
  if (!bank) throw bankNotFound();
  return bank;
}

/** A bank the caller may change: 404 when invisible, 403 for a public bank. */
async function findOwnBank(
  db: DbOrTx,
  ctx: RequestContext,
  bankId: number,
  lock = false,
): Promise<BankRecord> {
  const bank = await findVisibleBank(db, ctx, bankId);
  if (bank.organizationId !== ctx.organizationId) throw forbidden(PUBLIC_READ_ONLY);
  if (lock) await lockOwnBank(db, ctx, bankId);
  return bank;
}

export async function getBank(db: DbOrTx, ctx: RequestContext, bankId: number): Promise<BankRow> {
  const bank = await findVisibleBank(db, ctx, bankId);
  const [row] = await toBankRows(db, ctx, [bank]);
  if (!row) throw bankNotFound();
  return row;
}

/** Id and name of every bank the caller can pick from: its own, then the public ones. */
export async function simpleBanks(db: Db, ctx: RequestContext): Promise<BankSimple[]> {
  const platformId = await platformOrganizationId(db);
  const rows = await listVisibleBankNames(db, ctx, platformId);
  return rows.map(({ organizationId, ...row }) => ({
    ...row,
    isPublic: organizationId !== ctx.organizationId,
  }));
}

/** Distinct categories of the caller's banks and/or the public ones, by name. */
export async function bankCategories(db: Db, ctx: RequestContext, scope?: BankScope): Promise<string[]> {
  const platformId = await platformOrganizationId(db);
  const rows = await listBankCategories(db, ctx, platformId, scope);
  return rows.flatMap((row) => (row.category ? [row.category] : []));
}

export interface BankInput {
  name: string;
  description?: string | null | undefined;
  category?: string | null | undefined;
  coverUrl?: string | null | undefined;
  tagIds?: number[] | undefined;
}

async function replaceTags(tx: DbOrTx, bankId: number, tagList: TagRef[]): Promise<void> {
  await replaceBankTags(
    tx,
    bankId,
    tagList.map((tag) => tag.tagId),
  );
}

export async function createBank(db: Db, ctx: RequestContext, input: BankInput): Promise<BankRow> {
  const tagList = await requireTags(db, ctx.organizationId, TagType.QUESTION_BANK, input.tagIds ?? []);
  const bankId = await db.transaction(async (tx) => {
    const id = await insertBank(tx, ctx, {
      name: input.name,
      description: input.description || null,
      category: input.category || null,
      coverUrl: input.coverUrl || null,
    });
    if (id === undefined) throw new Error('bank insert failed');
    await replaceTags(tx, id, tagList);
    return id;
  });
  return getBank(db, ctx, bankId);
}

/** Changes the fields sent; `tagIds` replaces the bank's tags when present. */
export async function modifyBank(
  db: Db,
  ctx: RequestContext,
  input: Partial<BankInput> & { bankId: number },
): Promise<BankRow> {
  await findOwnBank(db, ctx, input.bankId);
  const tagList =
    input.tagIds !== undefined
      ? await requireTags(db, ctx.organizationId, TagType.QUESTION_BANK, input.tagIds)
      : undefined;
  const set = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description || null } : {}),
    ...(input.category !== undefined ? { category: input.category || null } : {}),
    ...(input.coverUrl !== undefined ? { coverUrl: input.coverUrl || null } : {}),
  };
  await db.transaction(async (tx) => {
    await updateBank(tx, ctx, input.bankId, set);
    if (tagList) await replaceTags(tx, input.bankId, tagList);
  });
  return getBank(db, ctx, input.bankId);
}

export const MOVE_TO_DELETED = '试题不能移动到要删除的题库';

/**
 * Deletes banks, all or nothing: a missing or foreign id deletes nothing (404), a public one 403, and a
 * bank that still holds questions 409 (its questions may sit in papers; move or delete them first).
 * With `moveTo` (another bank of the caller's) the questions move there first, in the same transaction;
 * they keep their ids, so papers using them are unaffected.
 */
export async function deleteBanks(
  db: Db,
  ctx: RequestContext,
  bankIds: number[],
  moveTo?: number,
): Promise<{ count: number; moved: number }> {
  const ids = [...new Set(bankIds)].sort((a, b) => a - b);
  if (moveTo !== undefined && ids.includes(moveTo)) throw badRequest(MOVE_TO_DELETED);
  return db.transaction(async (tx) => {
    // Locked in id order (target included), so concurrent deletes and moves cannot deadlock.
    for (const id of [...ids, ...(moveTo !== undefined ? [moveTo] : [])].sort((a, b) => a - b)) {
      await findOwnBank(tx, ctx, id, true);
    }
    let moved = 0;
    if (moveTo !== undefined) {
      moved = await moveQuestionsOfBanks(tx, ctx, ids, moveTo);
    } else {
      const withQuestions = await findBankWithQuestions(tx, ids);
      if (withQuestions !== undefined) throw conflict(`${BANK_NOT_EMPTY}（${withQuestions}）`);
    }
    await deleteBanksWithTags(tx, ctx, ids);
    return { count: ids.length, moved };
  });
}

/** A name for the copy that the caller's organisation does not use yet. */
async function copyName(tx: DbOrTx, ctx: RequestContext, name: string): Promise<string> {
  const taken = new Set(await listBankNamesStartingWith(tx, ctx, name));
  if (!taken.has(name)) return name;
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '（副本）' : `（副本${n}）`;
    const candidate = name.slice(0, 100 - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Copies a public bank (its approved questions) or one of the caller's own (all its questions) into the
 * caller's organisation, in one transaction, by the rules of `insertQuestionCopies`.
 */
export async function copyBank(
  deps: QuestionSaveDeps,
  ctx: RequestContext,
  bankId: number,
): Promise<BankRow> {
  const { db } = deps;
  const audit = await auditStateOnSave(deps, ctx);
  const newId = await db.transaction(async (tx) => {
    const source = await findVisibleBank(tx, ctx, bankId);
    const id = await insertBank(tx, ctx, {
      name: await copyName(tx, ctx, source.name),
      description: source.description,
      category: source.category,
      coverUrl: source.coverUrl,
    });
    if (id === undefined) throw new Error('bank insert failed');
    await insertQuestionCopies(
      tx,
      ctx,
      id,
      copyableInBank(source.id, source.organizationId === ctx.organizationId),
      audit,
    );
    return id;
  });
  return getBank(db, ctx, newId);
}
