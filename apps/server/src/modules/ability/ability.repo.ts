import { asc, count, desc, eq, gte, ilike, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  abilities,
  abilityDimensions,
  abilityKnowledge,
  abilityMaterials,
  abilityTags,
  courses,
  files,
  knowledgeNodes,
  postAbilities,
  postKnowledge,
  posts,
  questionBanks,
  questions,
  staffAbilities,
  tags,
  type AbilityLevelAnchor,
} from '../../db/schema';
import { scoped, type RequestContext } from '../../core/context';
import { measuresAbility } from './ability-measure.repo';
import { containsPattern } from '../../core/db-errors';

/** Queries of the ability library, post models, knowledge maps and materials; each scoped by organisation. */

type OrgScope = Pick<RequestContext, 'organizationId'>;

/** Escapes LIKE wildcards so a keyword matches literally. */

// ---- dimensions ---------------------------------------------------------------------------------------------

export async function listDimensionRecords(db: DbOrTx, ctx: OrgScope) {
  return db
    .select({
      id: abilityDimensions.id,
      name: abilityDimensions.name,
      description: abilityDimensions.description,
      sort: abilityDimensions.sort,
      // Qualified by hand: drizzle leaves columns of a one-table select unqualified.
      abilityCount: sql<number>`(select count(*)::int from ${abilities} a
        where a.dimension_id = ${abilityDimensions}.id)`,
    })
    .from(abilityDimensions)
    .where(scoped(abilityDimensions.organizationId, ctx))
    .orderBy(asc(abilityDimensions.sort), asc(abilityDimensions.id));
}

/**
 * Creates the default dimensions when the organisation has none. An advisory lock per organisation keeps
 * two first readers from both creating them.
 */
export async function ensureDimensions(db: DbOrTx, ctx: OrgScope, names: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727316::int, ${ctx.organizationId}::int)`);
    const [existing] = await tx
      .select({ n: count() })
      .from(abilityDimensions)
      .where(scoped(abilityDimensions.organizationId, ctx));
    if ((existing?.n ?? 0) > 0) return;
    await tx
      .insert(abilityDimensions)
      .values(names.map((name, sort) => ({ organizationId: ctx.organizationId, name, sort })));
  });
}

export async function hasDimensions(db: DbOrTx, ctx: OrgScope): Promise<boolean> {
  const [row] = await db
    .select({ id: abilityDimensions.id })
    .from(abilityDimensions)
    .where(scoped(abilityDimensions.organizationId, ctx))
    .limit(1);
  return row !== undefined;
}

export async function findDimension(db: DbOrTx, ctx: OrgScope, id: number) {
  const [row] = await db
    .select()
    .from(abilityDimensions)
    .where(scoped(abilityDimensions.organizationId, ctx, eq(abilityDimensions.id, id)));
  return row;
}

export async function findDimensionNamed(db: DbOrTx, ctx: OrgScope, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: abilityDimensions.id })
    .from(abilityDimensions)
    .where(
      scoped(
        abilityDimensions.organizationId,
        ctx,
        eq(abilityDimensions.name, name),
        exceptId === undefined ? undefined : ne(abilityDimensions.id, exceptId),
      ),
    );
  return row;
}

export async function insertDimension(
  db: DbOrTx,
  ctx: OrgScope,
  values: { name: string; description: string | null; sort: number },
) {
  const [row] = await db
    .insert(abilityDimensions)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning({ id: abilityDimensions.id });
  return row?.id;
}

export async function updateDimension(
  db: DbOrTx,
  ctx: OrgScope,
  id: number,
  values: Partial<{ name: string; description: string | null; sort: number }>,
) {
  await db
    .update(abilityDimensions)
    .set({ ...values, updatedAt: new Date() })
    .where(scoped(abilityDimensions.organizationId, ctx, eq(abilityDimensions.id, id)));
}

export async function deleteDimensionRecord(db: DbOrTx, ctx: OrgScope, id: number): Promise<number> {
  const rows = await db
    .delete(abilityDimensions)
    .where(scoped(abilityDimensions.organizationId, ctx, eq(abilityDimensions.id, id)))
    .returning({ id: abilityDimensions.id });
  return rows.length;
}

export async function maxDimensionSort(db: DbOrTx, ctx: OrgScope): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${abilityDimensions.sort})` })
    .from(abilityDimensions)
    .where(scoped(abilityDimensions.organizationId, ctx));
  return row?.max ?? -1;
}

// ---- abilities ----------------------------------------------------------------------------------------------

const abilityColumns = {
  id: abilities.id,
  name: abilities.name,
  dimensionId: abilities.dimensionId,
  dimensionName: abilityDimensions.name,
  description: abilities.description,
  levels: abilities.levels,
  sort: abilities.sort,
  updatedAt: abilities.updatedAt,
};
export type AbilityRecord = {
  id: number;
  name: string;
  dimensionId: number;
  dimensionName: string;
  description: string | null;
  levels: AbilityLevelAnchor[];
  sort: number;
  updatedAt: Date;
};

function abilityFilter(ctx: OrgScope, filter: { dimensionId?: number; keyword?: string }): SQL {
  return scoped(
    abilities.organizationId,
    ctx,
    filter.dimensionId === undefined ? undefined : eq(abilities.dimensionId, filter.dimensionId),
    filter.keyword === undefined ? undefined : ilike(abilities.name, containsPattern(filter.keyword)),
  );
}

export async function searchAbilityRecords(
  db: DbOrTx,
  ctx: OrgScope,
  filter: { dimensionId?: number; keyword?: string },
  page: { page: number; size: number },
): Promise<{ rows: AbilityRecord[]; total: number }> {
  const where = abilityFilter(ctx, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(abilityColumns)
      .from(abilities)
      .innerJoin(abilityDimensions, eq(abilityDimensions.id, abilities.dimensionId))
      .where(where)
      .orderBy(
        asc(abilityDimensions.sort),
        asc(abilities.dimensionId),
        asc(abilities.sort),
        asc(abilities.id),
      )
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ n: count() }).from(abilities).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listAbilityRecords(db: DbOrTx, ctx: OrgScope, ids?: readonly number[]) {
  if (ids !== undefined && ids.length === 0) return [];
  return db
    .select(abilityColumns)
    .from(abilities)
    .innerJoin(abilityDimensions, eq(abilityDimensions.id, abilities.dimensionId))
    .where(
      scoped(abilities.organizationId, ctx, ids === undefined ? undefined : inArray(abilities.id, [...ids])),
    )
    .orderBy(asc(abilityDimensions.sort), asc(abilities.dimensionId), asc(abilities.sort), asc(abilities.id));
}

export async function findAbilityRecord(db: DbOrTx, ctx: OrgScope, id: number) {
  const [row] = await listAbilityRecords(db, ctx, [id]);
  return row;
}

export async function findAbilityNamed(db: DbOrTx, ctx: OrgScope, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: abilities.id })
    .from(abilities)
    .where(
      scoped(
        abilities.organizationId,
        ctx,
        eq(abilities.name, name),
        exceptId === undefined ? undefined : ne(abilities.id, exceptId),
      ),
    );
  return row;
}

/** Linked knowledge points and tags of some abilities, with names (two queries whatever the count). */
export async function listAbilityLinks(db: DbOrTx, abilityIds: readonly number[]) {
  if (abilityIds.length === 0) return { knowledge: [], tags: [] };
  const ids = [...abilityIds];
  const [knowledge, tagLinks] = await Promise.all([
    db
      .select({ abilityId: abilityKnowledge.abilityId, id: knowledgeNodes.id, name: knowledgeNodes.name })
      .from(abilityKnowledge)
      .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, abilityKnowledge.knowledgeId))
      .where(inArray(abilityKnowledge.abilityId, ids))
      .orderBy(asc(knowledgeNodes.sort), asc(knowledgeNodes.id)),
    db
      .select({ abilityId: abilityTags.abilityId, id: tags.id, name: tags.name })
      .from(abilityTags)
      .innerJoin(tags, eq(tags.id, abilityTags.tagId))
      .where(inArray(abilityTags.abilityId, ids))
      .orderBy(asc(tags.name)),
  ]);
  return { knowledge, tags: tagLinks };
}

/** Post models using each ability (ability id → count). */
export async function countPostsUsing(
  db: DbOrTx,
  abilityIds: readonly number[],
): Promise<Map<number, number>> {
  if (abilityIds.length === 0) return new Map();
  const rows = await db
    .select({ abilityId: postAbilities.abilityId, n: count() })
    .from(postAbilities)
    .where(inArray(postAbilities.abilityId, [...abilityIds]))
    .groupBy(postAbilities.abilityId);
  return new Map(rows.map((row) => [row.abilityId, row.n]));
}

/** People with a measured or rated level of the ability (their profile would lose it on delete). */
export async function countPeopleMeasured(db: DbOrTx, ctx: OrgScope, abilityId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffAbilities)
    .where(scoped(staffAbilities.organizationId, ctx, eq(staffAbilities.abilityId, abilityId)));
  return row?.n ?? 0;
}

/** Which of `ids` are knowledge points of the organisation. */
export async function ownKnowledgeIds(
  db: DbOrTx,
  ctx: OrgScope,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: knowledgeNodes.id })
    .from(knowledgeNodes)
    .where(scoped(knowledgeNodes.organizationId, ctx, inArray(knowledgeNodes.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Which of `ids` are tags of the organisation of `type`. */
export async function ownTagIds(
  db: DbOrTx,
  ctx: OrgScope,
  ids: readonly number[],
  type: number,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(scoped(tags.organizationId, ctx, eq(tags.type, type), inArray(tags.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export interface AbilityValues {
  name: string;
  dimensionId: number;
  description: string | null;
  levels: AbilityLevelAnchor[];
  sort: number;
}

export async function insertAbility(db: DbOrTx, ctx: OrgScope, values: AbilityValues): Promise<number> {
  const [row] = await db
    .insert(abilities)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning({ id: abilities.id });
  if (!row) throw new Error('ability insert failed');
  return row.id;
}

export async function updateAbility(db: DbOrTx, ctx: OrgScope, id: number, values: Partial<AbilityValues>) {
  await db
    .update(abilities)
    .set({ ...values, updatedAt: new Date() })
    .where(scoped(abilities.organizationId, ctx, eq(abilities.id, id)));
}

/** Replaces an ability's knowledge and tag links (ids already checked to be the organisation's). */
export async function replaceAbilityLinks(
  db: DbOrTx,
  abilityId: number,
  knowledgeIds: readonly number[],
  tagIds: readonly number[],
): Promise<void> {
  await db.delete(abilityKnowledge).where(eq(abilityKnowledge.abilityId, abilityId));
  await db.delete(abilityTags).where(eq(abilityTags.abilityId, abilityId));
  if (knowledgeIds.length > 0)
    await db.insert(abilityKnowledge).values(knowledgeIds.map((knowledgeId) => ({ abilityId, knowledgeId })));
  if (tagIds.length > 0) await db.insert(abilityTags).values(tagIds.map((tagId) => ({ abilityId, tagId })));
}

export async function deleteAbilityRecord(db: DbOrTx, ctx: OrgScope, id: number): Promise<number> {
  const rows = await db
    .delete(abilities)
    .where(scoped(abilities.organizationId, ctx, eq(abilities.id, id)))
    .returning({ id: abilities.id });
  return rows.length;
}

export async function maxAbilitySort(db: DbOrTx, ctx: OrgScope, dimensionId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${abilities.sort})` })
    .from(abilities)
    .where(scoped(abilities.organizationId, ctx, eq(abilities.dimensionId, dimensionId)));
  return row?.max ?? -1;
}

// ---- posts: model and knowledge map -------------------------------------------------------------------------

export async function findPostRecord(db: DbOrTx, ctx: OrgScope, postId: number) {
  const [row] = await db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(scoped(posts.organizationId, ctx, eq(posts.id, postId)));
  return row;
}

/** A post's model in order, with each ability's dimension and anchors (the post is the caller's). */
export async function listModelRecords(db: DbOrTx, postId: number) {
  return db
    .select({
      abilityId: postAbilities.abilityId,
      name: abilities.name,
      dimensionId: abilities.dimensionId,
      dimensionName: abilityDimensions.name,
      requiredLevel: postAbilities.requiredLevel,
      weight: postAbilities.weight,
      levels: abilities.levels,
    })
    .from(postAbilities)
    .innerJoin(abilities, eq(abilities.id, postAbilities.abilityId))
    .innerJoin(abilityDimensions, eq(abilityDimensions.id, abilities.dimensionId))
    .where(eq(postAbilities.postId, postId))
    .orderBy(asc(postAbilities.sort), asc(postAbilities.abilityId));
}

export async function replaceModel(
  db: DbOrTx,
  postId: number,
  items: readonly { abilityId: number; requiredLevel: number; weight: number }[],
): Promise<void> {
  await db.delete(postAbilities).where(eq(postAbilities.postId, postId));
  if (items.length > 0)
    await db.insert(postAbilities).values(items.map((item, sort) => ({ postId, ...item, sort })));
}

export async function listPostKnowledgeRecords(db: DbOrTx, postId: number) {
  return db
    .select({
      knowledgeId: postKnowledge.knowledgeId,
      name: knowledgeNodes.name,
      mastery: postKnowledge.mastery,
    })
    .from(postKnowledge)
    .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, postKnowledge.knowledgeId))
    .where(eq(postKnowledge.postId, postId))
    .orderBy(asc(knowledgeNodes.sort), asc(knowledgeNodes.id));
}

export async function replacePostKnowledge(
  db: DbOrTx,
  postId: number,
  items: readonly { knowledgeId: number; mastery: number }[],
): Promise<void> {
  await db.delete(postKnowledge).where(eq(postKnowledge.postId, postId));
  if (items.length > 0) await db.insert(postKnowledge).values(items.map((item) => ({ postId, ...item })));
}

// ---- materials ----------------------------------------------------------------------------------------------

const materialColumns = {
  id: abilityMaterials.id,
  abilityId: abilityMaterials.abilityId,
  abilityName: abilities.name,
  level: abilityMaterials.level,
  kind: abilityMaterials.kind,
  title: abilityMaterials.title,
  url: abilityMaterials.url,
  fileId: abilityMaterials.fileId,
  courseId: abilityMaterials.courseId,
  minutes: abilityMaterials.minutes,
  description: abilityMaterials.description,
  sort: abilityMaterials.sort,
  updatedAt: abilityMaterials.updatedAt,
};
export type MaterialRecord = NonNullable<Awaited<ReturnType<typeof findMaterialRecord>>>;

const materialOrder = [
  asc(abilityMaterials.abilityId),
  sql`${abilityMaterials.level} asc nulls first`,
  asc(abilityMaterials.sort),
  asc(abilityMaterials.id),
];

export async function searchMaterialRecords(
  db: DbOrTx,
  ctx: OrgScope,
  filter: { abilityId?: number; kind?: string; keyword?: string },
  page: { page: number; size: number },
) {
  const where = scoped(
    abilityMaterials.organizationId,
    ctx,
    filter.abilityId === undefined ? undefined : eq(abilityMaterials.abilityId, filter.abilityId),
    filter.kind === undefined ? undefined : eq(abilityMaterials.kind, filter.kind),
    filter.keyword === undefined ? undefined : ilike(abilityMaterials.title, containsPattern(filter.keyword)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(materialColumns)
      .from(abilityMaterials)
      .innerJoin(abilities, eq(abilities.id, abilityMaterials.abilityId))
      .where(where)
      .orderBy(desc(abilityMaterials.updatedAt), desc(abilityMaterials.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ n: count() }).from(abilityMaterials).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMaterialRecord(db: DbOrTx, ctx: OrgScope, id: number) {
  const [row] = await db
    .select(materialColumns)
    .from(abilityMaterials)
    .innerJoin(abilities, eq(abilities.id, abilityMaterials.abilityId))
    .where(scoped(abilityMaterials.organizationId, ctx, eq(abilityMaterials.id, id)));
  return row;
}

/** Materials of `abilityIds` (all levels), in learning order: ability, level (all-level first), sort. */
export async function listMaterialsOfAbilities(db: DbOrTx, ctx: OrgScope, abilityIds: readonly number[]) {
  if (abilityIds.length === 0) return [];
  return db
    .select(materialColumns)
    .from(abilityMaterials)
    .innerJoin(abilities, eq(abilities.id, abilityMaterials.abilityId))
    .where(scoped(abilityMaterials.organizationId, ctx, inArray(abilityMaterials.abilityId, [...abilityIds])))
    .orderBy(...materialOrder);
}

export interface MaterialValues {
  abilityId: number;
  level: number | null;
  kind: string;
  title: string;
  url: string | null;
  fileId: number | null;
  courseId: number | null;
  minutes: number | null;
  description: string | null;
  sort: number;
}

export async function insertMaterial(db: DbOrTx, ctx: OrgScope, values: MaterialValues): Promise<number> {
  const [row] = await db
    .insert(abilityMaterials)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning({ id: abilityMaterials.id });
  if (!row) throw new Error('material insert failed');
  return row.id;
}

export async function updateMaterial(db: DbOrTx, ctx: OrgScope, id: number, values: MaterialValues) {
  await db
    .update(abilityMaterials)
    .set({ ...values, updatedAt: new Date() })
    .where(scoped(abilityMaterials.organizationId, ctx, eq(abilityMaterials.id, id)));
}

export async function deleteMaterialRecord(db: DbOrTx, ctx: OrgScope, id: number): Promise<number> {
  const rows = await db
    .delete(abilityMaterials)
    .where(scoped(abilityMaterials.organizationId, ctx, eq(abilityMaterials.id, id)))
    .returning({ id: abilityMaterials.id });
  return rows.length;
}

export async function maxMaterialSort(db: DbOrTx, ctx: OrgScope, abilityId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${abilityMaterials.sort})` })
    .from(abilityMaterials)
    .where(scoped(abilityMaterials.organizationId, ctx, eq(abilityMaterials.abilityId, abilityId)));
  return row?.max ?? -1;
}

export async function findOwnCourse(db: DbOrTx, ctx: OrgScope, id: number) {
  const [row] = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(scoped(courses.organizationId, ctx, eq(courses.id, id)));
  return row;
}

export async function findOwnFile(db: DbOrTx, ctx: OrgScope, id: number) {
  const [row] = await db
    .select({ id: files.id, key: files.key, name: files.name })
    .from(files)
    .where(scoped(files.organizationId, ctx, eq(files.id, id)));
  return row;
}

// ---- ability questions --------------------------------------------------------------------------------------

export async function searchAbilityQuestionRecords(
  db: DbOrTx,
  ctx: OrgScope,
  abilityId: number,
  filter: { type?: number; difficultyMin?: number; difficultyMax?: number },
  page: { page: number; size: number },
) {
  const where = scoped(
    questions.organizationId,
    ctx,
    eq(questions.status, 1),
    filter.type === undefined ? undefined : eq(questions.type, filter.type),
    filter.difficultyMin === undefined ? undefined : gte(questions.difficulty, filter.difficultyMin),
    filter.difficultyMax === undefined ? undefined : lte(questions.difficulty, filter.difficultyMax),
    measuresAbility(abilityId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: questions.id,
        type: questions.type,
        stemText: questions.stemText,
        difficulty: questions.difficulty,
        defaultPoints: questions.defaultPoints,
        bankId: questions.bankId,
        bankName: questionBanks.name,
      })
      .from(questions)
      .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
      .where(where)
      .orderBy(asc(questions.type), asc(questions.difficulty), asc(questions.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ n: count() }).from(questions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
