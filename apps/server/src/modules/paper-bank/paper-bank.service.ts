import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { conflict, forbidden, notFound } from '../../core/http';
import type { BankGroup, PaperBankRow } from '@kaopei/shared/contracts/paper-bank';
import { platformOrganizationId } from '../question/question.service';
import {
  categoryNames,
  categoryWithDescendants,
  requireCategory,
} from '../paper-category/paper-category.service';
import {
  countPapersInBanks,
  countPapersPerBankInAnyOrg,
  deletePaperBankRecords,
  findCategoryPublishedInAnyOrg,
  findPaperBankInAnyOrg,
  insertPaperBank,
  listBankRecordsBesides,
  listBankRecordsByName,
  listCategoryNames,
  searchBankRecords,
  updatePaperBank,
  type BankRecord,
  type BankSearchScope,
} from './paper-bank.repo';

/**
 * 试卷库. An organisation's own banks are 内部 (inner); the platform organisation's banks in a
 * published category are 公开 (outer): every organisation reads their papers, only the platform changes them.
 */

const bankNotFound = () => notFound('试卷库不存在');
export const PUBLIC_PAPER_BANK_READ_ONLY = '公开试卷库不可修改';

async function toRows(db: DbOrTx, ctx: RequestContext, banks: BankRecord[]): Promise<PaperBankRow[]> {
  const ids = banks.map((bank) => bank.id);
  const counts = new Map<number, number>();
  if (ids.length > 0) {
    const rows = await countPapersPerBankInAnyOrg(db, ids);
    for (const row of rows) if (row.bankId !== null) counts.set(row.bankId, row.n);
  }
  const names = await categoryNames(
    db,
    banks.flatMap((bank) => (bank.categoryId === null ? [] : [bank.categoryId])),
  );
  return banks.map((bank) => ({
    id: bank.id,
    paperBankId: bank.id,
    name: bank.name,
    description: bank.description,
    categoryId: bank.categoryId ?? 0,
    categoryName: bank.categoryId === null ? '' : (names.get(bank.categoryId) ?? ''),
    paperCount: counts.get(bank.id) ?? 0,
    isPublic: bank.organizationId !== ctx.organizationId,
    editable: bank.organizationId === ctx.organizationId,
    createdAt: bank.createdAt.getTime(),
    updatedAt: bank.updatedAt.getTime(),
  }));
}

/** A bank the caller may change: their own (a public one is 403, anything else 404). */
export async function requireOwnPaperBank(
  db: DbOrTx,
  ctx: RequestContext,
  bankId: number,
): Promise<BankRecord> {
  const bank = await findPaperBankInAnyOrg(db, bankId);
  if (!bank) throw bankNotFound();
  if (bank.organizationId === ctx.organizationId) return bank;
  if (bank.organizationId === (await platformOrganizationId(db)) && (await isPublicBank(db, bank)))
    throw forbidden(PUBLIC_PAPER_BANK_READ_ONLY);
  throw bankNotFound();
}

async function isPublicBank(db: DbOrTx, bank: BankRecord): Promise<boolean> {
  if (bank.categoryId === null) return false;
  const category = await findCategoryPublishedInAnyOrg(db, bank.categoryId);
  return category?.published ?? false;
}

/** Whether the caller may read papers of this bank: own, or a public platform bank. */
export async function canReadBank(db: DbOrTx, ctx: RequestContext, bankId: number | null): Promise<boolean> {
  if (bankId === null) return false;
  const bank = await findPaperBankInAnyOrg(db, bankId);
  if (!bank) return false;
  if (bank.organizationId === ctx.organizationId) return true;
  return bank.organizationId === (await platformOrganizationId(db)) && isPublicBank(db, bank);
}

export interface BankSearch {
  scope: 'inner' | 'outer';
  keyword?: string;
  categoryId?: number;
  limit: number;
  offset: number;
}

export async function searchPaperBanks(
  db: Db,
  ctx: RequestContext,
  search: BankSearch,
): Promise<{ rows: PaperBankRow[]; total: number }> {
  let scope: BankSearchScope;
  if (search.scope === 'outer') {
    const platform = await platformOrganizationId(db);
    if (platform === undefined) return { rows: [], total: 0 };
    scope = { scope: 'outer', platformId: platform };
  } else {
    scope = { scope: 'inner' };
  }
  const categoryIds =
    search.scope === 'inner' && search.categoryId
      ? await categoryWithDescendants(db, ctx, search.categoryId)
      : undefined;
  const { banks, total } = await searchBankRecords(db, ctx, scope, {
    categoryIds,
    categoryId: search.scope === 'outer' ? search.categoryId : undefined,
    keyword: search.keyword,
    limit: search.limit,
    offset: search.offset,
  });
  return { rows: await toRows(db, ctx, banks), total };
}

/** Own banks grouped by category (未分类 last, id 0). */
export async function banksByCategory(db: Db, ctx: RequestContext): Promise<BankGroup[]> {
  const banks = await listBankRecordsByName(db, ctx);
  const categories = await listCategoryNames(db, ctx);
  const groups = [...categories, { id: 0, name: '未分类' }].map((category) => ({
    categoryId: category.id,
    categoryName: category.name,
    paperBanks: banks
      .filter((bank) => (bank.categoryId ?? 0) === category.id)
      .map((bank) => ({ paperBankId: bank.id, name: bank.name })),
  }));
  return groups.filter((group) => group.paperBanks.length > 0 || group.categoryId !== 0);
}

/** Own banks other than `bankId` (targets for moving papers). */
export async function banksBesides(db: Db, ctx: RequestContext, bankId: number): Promise<PaperBankRow[]> {
  await requireOwnPaperBank(db, ctx, bankId);
  const banks = await listBankRecordsBesides(db, ctx, bankId);
  return toRows(db, ctx, banks);
}

export async function createPaperBank(
  db: Db,
  ctx: RequestContext,
  input: { name: string; categoryId?: number; description?: string | null },
): Promise<PaperBankRow> {
  if (input.categoryId) await requireCategory(db, ctx, input.categoryId);
  const bank = await insertPaperBank(db, ctx, {
    name: input.name,
    categoryId: input.categoryId || null,
    description: input.description || null,
  });
  if (!bank) throw new Error('paper bank insert failed');
  const [row] = await toRows(db, ctx, [bank]);
  return row as PaperBankRow;
}

export async function modifyPaperBank(
  db: Db,
  ctx: RequestContext,
  input: { paperBankId: number; name?: string; categoryId?: number; description?: string | null },
): Promise<PaperBankRow> {
  const bank = await requireOwnPaperBank(db, ctx, input.paperBankId);
  if (input.categoryId) await requireCategory(db, ctx, input.categoryId);
  const updated = await updatePaperBank(db, ctx, bank.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.categoryId !== undefined ? { categoryId: input.categoryId || null } : {}),
    ...(input.description !== undefined ? { description: input.description || null } : {}),
    updatedAt: new Date(),
  });
  const [row] = await toRows(db, ctx, [updated as BankRecord]);
  return row as PaperBankRow;
}

/** Deletes banks, all or nothing; refused (409) while a bank still holds papers. */
export async function deletePaperBanks(
  db: Db,
  ctx: RequestContext,
  ids: number[],
): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  for (const id of unique) await requireOwnPaperBank(db, ctx, id);
  if ((await countPapersInBanks(db, unique)) > 0) throw conflict('试卷库中还有试卷，请先移动或删除试卷');
  const deleted = await deletePaperBankRecords(db, ctx, unique);
  return { count: deleted.length };
}
