import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { platformOrganizationId, questionNotFound, requireWritableBank } from './question.service';
import { auditStateOnSave, type AuditStamp, type QuestionSaveDeps } from './question.audit';
import {
  insertQuestionCopyRows,
  insertQuestionKnowledgeLinks,
  listBankIdsOfCategory,
  listCopyableQuestionIds,
  listReadableKnowledgeLinks,
  lockOwnBank,
  type CopySource,
} from './question.repo';
import type { QuestionFilter } from '@kaopei/shared/contracts/question';

/**
 * Copying questions between banks, shared by the whole-bank copy (bank module) and the copy of
 * selected questions (`POST /question/api/v1/questions/copy`), so both follow one rule:
 * every question column is copied except identity, ownership, audit trail, timestamps and generated
 * columns (columns added later come along); the copies take the save's audit state (question.audit.ts),
 * and an approved source stays approved even when that is 待审核; knowledge
 * links are kept for nodes the caller's organisation may read (its own and the platform's); tags are
 * not copied, as they belong to the source organisation.
 */

/** Organisations whose questions and knowledge nodes the caller may read: its own and the platform's. */
export async function readableOrganizations(db: DbOrTx, ctx: RequestContext): Promise<number[]> {
  const platform = await platformOrganizationId(db);
  return platform === undefined || platform === ctx.organizationId
    ? [ctx.organizationId]
    : [ctx.organizationId, platform];
}

/**
 * Inserts copies of the questions matching `source` into `toBankId` of the caller's organisation,
 * inside `tx`, with the save's audit state (`auditStateOnSave`, decided before `tx` opened; an approved
 * source stays approved). Returns the new ids paired with their sources, in source id order.
 */
export async function insertQuestionCopies(
  tx: DbOrTx,
  ctx: RequestContext,
  toBankId: number,
  source: CopySource,
  audit: AuditStamp,
): Promise<{ sourceId: number; id: number }[]> {
  const pairs = await insertQuestionCopyRows(tx, ctx, toBankId, source, audit);
  if (pairs.length === 0) return pairs;

  const readable = await readableOrganizations(tx, ctx);
  const links = await listReadableKnowledgeLinks(
    tx,
    pairs.map((pair) => pair.sourceId),
    readable,
  );
  const copyOf = new Map(pairs.map((pair) => [pair.sourceId, pair.id]));
  const values = links.flatMap((link) => {
    const questionId = copyOf.get(link.questionId);
    return questionId === undefined ? [] : [{ questionId, knowledgeId: link.knowledgeId }];
  });
  for (let start = 0; start < values.length; start += 1000) {
    await insertQuestionKnowledgeLinks(tx, values.slice(start, start + 1000));
  }
  return pairs;
}

/**
 * Which questions of a source bank a copy takes: all of the caller's own bank, only the approved ones
 * of a platform bank (other organisations never see the platform's unapproved questions).
 */
export function copyableInBank(bankId: number, ownedByCaller: boolean): CopySource {
  return { bankId, approvedOnly: !ownedByCaller };
}

/**
 * Copies questions into one of the caller's banks, all or nothing: each id must be the caller's own
 * question or an approved platform question (anything else is 404); the target must be the caller's
 * bank (a public bank is 403, a foreign one 404).
 */
export async function copyQuestions(
  deps: QuestionSaveDeps,
  ctx: RequestContext,
  toBankId: number,
  ids: number[],
): Promise<{ count: number; ids: number[] }> {
  const { db } = deps;
  await requireWritableBank(db, ctx, toBankId);
  const unique = [...new Set(ids)];
  const platform = await platformOrganizationId(db);
  const found = await listCopyableQuestionIds(db, ctx, unique, platform);
  if (found.length !== unique.length) throw questionNotFound();
  const audit = await auditStateOnSave(deps, ctx);
  const pairs = await db.transaction(async (tx) => {
    // The target bank may have been deleted meanwhile: lock it and check again inside the transaction.
    const bank = await lockOwnBank(tx, ctx, toBankId);
    if (!bank) throw questionNotFound();
    const source = { ids: unique, platformId: platform };
    const inserted = await insertQuestionCopies(tx, ctx, toBankId, source, audit);
    // A source deleted since the check above: copy nothing.
    if (inserted.length !== unique.length) throw questionNotFound();
    return inserted;
  });
  return { count: pairs.length, ids: pairs.map((pair) => pair.id) };
}

/**
 * Narrows a question filter to banks of one category (测评试题 lists the questions of 测评 banks).
 * Returns null when no bank of the caller's organisation matches, i.e. nothing can be found.
 */
export async function narrowToBankCategory(
  db: Db,
  ctx: RequestContext,
  filter: QuestionFilter & { bankCategory?: string | undefined },
): Promise<QuestionFilter | null> {
  const { bankCategory, bankId, ...rest } = filter;
  if (!bankCategory) return bankId === undefined ? rest : { ...rest, bankId };
  const inCategory = new Set(await listBankIdsOfCategory(db, ctx, bankCategory));
  const asked = [...(rest.bankIds ?? []), ...(bankId !== undefined ? [bankId] : [])];
  const bankIds = asked.length > 0 ? asked.filter((id) => inCategory.has(id)) : [...inCategory];
  if (bankIds.length === 0) return null;
  return { ...rest, bankIds };
}
