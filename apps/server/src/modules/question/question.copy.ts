import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { knowledgeNodes, questionBanks, questionKnowledge, questions } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { platformOrganizationId, questionNotFound, requireWritableBank } from './question.service';
import type { QuestionFilter } from '@kaopei/shared/contracts/question';

/**
 * Copying questions between banks, shared by the whole-bank copy (bank module) and the copy of
 * selected questions (`POST /question/api/v1/questions/copy`), so both follow one rule:
 * every question column is copied except identity, ownership, audit trail, timestamps and generated
 * columns (columns added later come along); an approved source stays approved, anything else starts 待审核; knowledge
 * links are kept for nodes the caller's organisation may read (its own and the platform's); tags are
 * not copied, as they belong to the source organisation.
 */

/** Question columns a copy does not take over (status is decided separately). */
const UNCOPIED_COLUMNS = new Set([
  'id',
  'organizationId',
  'bankId',
  'status',
  'createdBy',
  'createdAt',
  'updatedAt',
  'auditReason',
  'auditedBy',
  'auditedAt',
]);

/** Organisations whose questions and knowledge nodes the caller may read: its own and the platform's. */
export async function readableOrganizations(db: DbOrTx, ctx: RequestContext): Promise<number[]> {
  const platform = await platformOrganizationId(db);
  return platform === undefined || platform === ctx.organizationId
    ? [ctx.organizationId]
    : [ctx.organizationId, platform];
}

/**
 * Inserts copies of the questions matching `source` into `toBankId` of the caller's organisation,
 * inside `tx`. Returns the new ids paired with their sources, in source id order.
 */
export async function insertQuestionCopies(
  tx: DbOrTx,
  ctx: RequestContext,
  toBankId: number,
  source: SQL,
): Promise<{ sourceId: number; id: number }[]> {
  // Generated columns (e.g. search helpers) are computed by the database, never inserted.
  const copied = Object.entries(getTableColumns(questions)).filter(
    ([key, column]) => !UNCOPIED_COLUMNS.has(key) && column.generated === undefined,
  );
  const names = sql.join(
    copied.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const fromSource = sql.join(
    copied.map(([, column]) => sql`q.${sql.identifier(column.name)}`),
    sql`, `,
  );
  // New ids are drawn first so each copy is paired with its source without relying on row order.
  const result = await tx.execute(sql`
    with source as (
      select id as source_id, nextval(pg_get_serial_sequence('questions', 'id')) as copy_id
      from ${questions} where ${source}
    ), copied as (
      insert into ${questions} (id, organization_id, bank_id, created_by, status, ${names})
      overriding system value
      select source.copy_id, ${ctx.organizationId}::bigint, ${toBankId}::bigint, ${ctx.userId}::bigint,
        case when q.status = 1 then 1 else 0 end, ${fromSource}
      from source join ${questions} q on q.id = source.source_id
      returning id
    )
    select source.source_id, source.copy_id from source order by source.source_id`);
  const pairs = rowsOf<{ source_id: string | number; copy_id: string | number }>(result).map((row) => ({
    sourceId: Number(row.source_id),
    id: Number(row.copy_id),
  }));
  if (pairs.length === 0) return pairs;

  const readable = await readableOrganizations(tx, ctx);
  const links = await tx
    .select({ questionId: questionKnowledge.questionId, knowledgeId: questionKnowledge.knowledgeId })
    .from(questionKnowledge)
    .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, questionKnowledge.knowledgeId))
    .where(
      and(
        inArray(
          questionKnowledge.questionId,
          pairs.map((pair) => pair.sourceId),
        ),
        inArray(knowledgeNodes.organizationId, readable),
      ),
    );
  const copyOf = new Map(pairs.map((pair) => [pair.sourceId, pair.id]));
  const values = links.flatMap((link) => {
    const questionId = copyOf.get(link.questionId);
    return questionId === undefined ? [] : [{ questionId, knowledgeId: link.knowledgeId }];
  });
  for (let start = 0; start < values.length; start += 1000) {
    await tx
      .insert(questionKnowledge)
      .values(values.slice(start, start + 1000))
      .onConflictDoNothing();
  }
  return pairs;
}

/**
 * Which questions of a source bank a copy takes: all of the caller's own bank, only the approved ones
 * of a platform bank (other organisations never see the platform's unapproved questions).
 */
export function copyableInBank(bankId: number, ownedByCaller: boolean): SQL {
  return and(eq(questions.bankId, bankId), ownedByCaller ? undefined : eq(questions.status, 1)) as SQL;
}

/**
 * Copies questions into one of the caller's banks, all or nothing: each id must be the caller's own
 * question or an approved platform question (anything else is 404); the target must be the caller's
 * bank (a public bank is 403, a foreign one 404).
 */
export async function copyQuestions(
  db: Db,
  ctx: RequestContext,
  toBankId: number,
  ids: number[],
): Promise<{ count: number; ids: number[] }> {
  await requireWritableBank(db, ctx, toBankId);
  const unique = [...new Set(ids)];
  const platform = await platformOrganizationId(db);
  const copyable = or(
    eq(questions.organizationId, ctx.organizationId),
    platform === undefined ? undefined : and(eq(questions.organizationId, platform), eq(questions.status, 1)),
  ) as SQL;
  const found = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(inArray(questions.id, unique), copyable));
  if (found.length !== unique.length) throw questionNotFound();
  const pairs = await db.transaction(async (tx) => {
    // The target bank may have been deleted meanwhile: lock it and check again inside the transaction.
    const [bank] = await tx
      .select({ id: questionBanks.id })
      .from(questionBanks)
      .where(and(eq(questionBanks.id, toBankId), eq(questionBanks.organizationId, ctx.organizationId)))
      .for('update');
    if (!bank) throw questionNotFound();
    const inserted = await insertQuestionCopies(
      tx,
      ctx,
      toBankId,
      and(inArray(questions.id, unique), copyable) as SQL,
    );
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
  const banks = await db
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(
      and(eq(questionBanks.organizationId, ctx.organizationId), eq(questionBanks.category, bankCategory)),
    )
    .orderBy(asc(questionBanks.id));
  const inCategory = new Set(banks.map((bank) => bank.id));
  const asked = [...(rest.bankIds ?? []), ...(bankId !== undefined ? [bankId] : [])];
  const bankIds = asked.length > 0 ? asked.filter((id) => inCategory.has(id)) : [...inCategory];
  if (bankIds.length === 0) return null;
  return { ...rest, bankIds };
}
