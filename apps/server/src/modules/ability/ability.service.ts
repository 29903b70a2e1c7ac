import {
  DEFAULT_ABILITY_DIMENSIONS,
  KNOWLEDGE_MASTERY,
  TagType,
  modelWeightProblem,
  questionTypeLabel,
} from '@kaopei/shared';
import {
  MATERIAL_KIND_LABELS,
  type AbilityOption,
  type AbilityQuestionRow,
  type AbilityRow,
  type DimensionRow,
  type LevelAnchor,
  type MaterialKind,
  type MaterialRow,
  type PostAbilityQuestionCount,
  type PostCourse,
  type PostKnowledgeMap,
  type PostModel,
} from '@kaopei/shared/contracts/ability';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import { approvedQuestionCounts } from './ability-measure.repo';
import {
  countPeopleMeasured,
  countPostsUsing,
  deleteAbilityRecord,
  deleteDimensionRecord,
  deleteMaterialRecord,
  ensureDimensions,
  findAbilityNamed,
  findAbilityRecord,
  findDimension,
  findDimensionNamed,
  findMaterialRecord,
  findOwnCourse,
  findOwnFile,
  findPostRecord,
  hasDimensions,
  insertAbility,
  insertDimension,
  insertMaterial,
  listAbilityLinks,
  listAbilityRecords,
  listDimensionRecords,
  listMaterialsOfAbilities,
  listModelRecords,
  listPostKnowledgeRecords,
  maxAbilitySort,
  maxDimensionSort,
  maxMaterialSort,
  ownKnowledgeIds,
  ownTagIds,
  replaceAbilityLinks,
  replaceModel,
  replacePostKnowledge,
  searchAbilityQuestionRecords,
  searchAbilityRecords,
  searchMaterialRecords,
  updateAbility,
  updateDimension,
  updateMaterial,
  type AbilityRecord,
  type MaterialRecord,
} from './ability.repo';

/**
 * The ability library, post models, post knowledge maps, materials, a post's learning path and the ability
 * questions (docs/decisions.md "Positions and ability models"). Every call checks that the ids it is given
 * belong to the caller's organisation before anything else: another organisation's ids are "not found".
 */

type Page = { page: number; size: number };

const dimensionNotFound = () => notFound('能力维度不存在');
const abilityNotFound = () => notFound('能力不存在');
const postNotFound = () => notFound('岗位不存在');
const materialNotFound = () => notFound('素材不存在');

async function requirePost(db: DbOrTx, ctx: RequestContext, postId: number) {
  const post = await findPostRecord(db, ctx, postId);
  if (!post) throw postNotFound();
  return post;
}

async function requireAbility(db: DbOrTx, ctx: RequestContext, abilityId: number): Promise<AbilityRecord> {
  const ability = await findAbilityRecord(db, ctx, abilityId);
  if (!ability) throw abilityNotFound();
  return ability;
}

function duplicates(ids: readonly number[]): number[] {
  return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
}

// ---- dimensions ---------------------------------------------------------------------------------------------

/** The organisation's dimensions; a library that has none starts with the four defaults (created here). */
export async function listDimensions(db: Db, ctx: RequestContext): Promise<DimensionRow[]> {
  if (!(await hasDimensions(db, ctx))) await ensureDimensions(db, ctx, DEFAULT_ABILITY_DIMENSIONS);
  return listDimensionRecords(db, ctx);
}

async function dimensionRow(db: DbOrTx, ctx: RequestContext, id: number): Promise<DimensionRow> {
  const row = (await listDimensionRecords(db, ctx)).find((d) => d.id === id);
  if (!row) throw dimensionNotFound();
  return row;
}

export async function addDimension(
  db: Db,
  ctx: RequestContext,
  input: { name: string; description?: string | null; sort?: number },
): Promise<DimensionRow> {
  if (await findDimensionNamed(db, ctx, input.name))
    throw conflict(`已有名为「${input.name}」的能力维度`, 'name');
  const id = await insertDimension(db, ctx, {
    name: input.name,
    description: input.description ?? null,
    sort: input.sort ?? (await maxDimensionSort(db, ctx)) + 1,
  });
  if (id === undefined) throw new Error('dimension insert failed');
  return dimensionRow(db, ctx, id);
}

export async function modifyDimension(
  db: Db,
  ctx: RequestContext,
  input: { dimensionId: number; name?: string; description?: string | null; sort?: number },
): Promise<DimensionRow> {
  const current = await findDimension(db, ctx, input.dimensionId);
  if (!current) throw dimensionNotFound();
  if (input.name !== undefined && (await findDimensionNamed(db, ctx, input.name, current.id)))
    throw conflict(`已有名为「${input.name}」的能力维度`, 'name');
  await updateDimension(db, ctx, current.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
  });
  return dimensionRow(db, ctx, current.id);
}

export async function deleteDimension(
  db: Db,
  ctx: RequestContext,
  dimensionId: number,
): Promise<{ count: number }> {
  const row = (await listDimensionRecords(db, ctx)).find((d) => d.id === dimensionId);
  if (!row) throw dimensionNotFound();
  if (row.abilityCount > 0)
    throw conflict(`能力维度「${row.name}」下还有 ${row.abilityCount} 项能力，请先删除或移到其他维度`);
  return { count: await deleteDimensionRecord(db, ctx, dimensionId) };
}

// ---- abilities ----------------------------------------------------------------------------------------------

/** Library rows with their links, question counts and post counts: four queries for any number of rows. */
async function abilityRows(db: DbOrTx, ctx: RequestContext, records: AbilityRecord[]): Promise<AbilityRow[]> {
  const ids = records.map((r) => r.id);
  const [links, postCounts, questionCounts] = await Promise.all([
    listAbilityLinks(db, ids),
    countPostsUsing(db, ids),
    approvedQuestionCounts(db, ctx.organizationId, ids),
  ]);
  return records.map((r) => ({
    id: r.id,
    name: r.name,
    dimensionId: r.dimensionId,
    dimensionName: r.dimensionName,
    description: r.description,
    levels: r.levels,
    sort: r.sort,
    knowledge: links.knowledge.filter((k) => k.abilityId === r.id).map(({ id, name }) => ({ id, name })),
    tags: links.tags.filter((t) => t.abilityId === r.id).map(({ id, name }) => ({ id, name })),
    questionCount: [...(questionCounts.get(r.id)?.values() ?? [])].reduce((sum, n) => sum + n, 0),
    postCount: postCounts.get(r.id) ?? 0,
    updatedAt: r.updatedAt.getTime(),
  }));
}

export async function searchAbilities(
  db: Db,
  ctx: RequestContext,
  filter: { dimensionId?: number | undefined; keyword?: string | undefined },
  page: Page,
): Promise<{ rows: AbilityRow[]; total: number }> {
  const { rows, total } = await searchAbilityRecords(
    db,
    ctx,
    {
      ...(filter.dimensionId !== undefined ? { dimensionId: filter.dimensionId } : {}),
      ...(filter.keyword !== undefined ? { keyword: filter.keyword } : {}),
    },
    page,
  );
  return { rows: await abilityRows(db, ctx, rows), total };
}

export async function abilityOptions(db: Db, ctx: RequestContext): Promise<AbilityOption[]> {
  const rows = await listAbilityRecords(db, ctx);
  return rows.map(({ id, name, dimensionId, dimensionName, levels }) => ({
    id,
    name,
    dimensionId,
    dimensionName,
    levels,
  }));
}

export async function getAbility(db: Db, ctx: RequestContext, abilityId: number): Promise<AbilityRow> {
  const [row] = await abilityRows(db, ctx, [await requireAbility(db, ctx, abilityId)]);
  if (!row) throw abilityNotFound();
  return row;
}

export interface AbilityInput {
  name: string;
  dimensionId: number;
  description?: string | null | undefined;
  levels: LevelAnchor[];
  knowledgeIds: number[];
  tagIds: number[];
  sort?: number | undefined;
}

/** The dimension, knowledge points and question tags must be the organisation's; the name unique. */
async function checkAbilityInput(db: DbOrTx, ctx: RequestContext, input: AbilityInput, exceptId?: number) {
  if (!(await findDimension(db, ctx, input.dimensionId))) throw dimensionNotFound();
  const knowledgeIds = [...new Set(input.knowledgeIds)];
  const tagIds = [...new Set(input.tagIds)];
  const [knowledge, tagSet] = await Promise.all([
    ownKnowledgeIds(db, ctx, knowledgeIds),
    ownTagIds(db, ctx, tagIds, TagType.QUESTION),
  ]);
  if (knowledge.size !== knowledgeIds.length) throw notFound('知识点不存在或不属于本组织');
  if (tagSet.size !== tagIds.length) throw notFound('试题标签不存在或不属于本组织');
  if (await findAbilityNamed(db, ctx, input.name, exceptId))
    throw conflict(`已有名为「${input.name}」的能力`, 'name');
  return { knowledgeIds, tagIds };
}

export async function addAbility(db: Db, ctx: RequestContext, input: AbilityInput): Promise<AbilityRow> {
  const { knowledgeIds, tagIds } = await checkAbilityInput(db, ctx, input);
  const sort = input.sort ?? (await maxAbilitySort(db, ctx, input.dimensionId)) + 1;
  const id = await db.transaction(async (tx) => {
    const abilityId = await insertAbility(tx, ctx, {
      name: input.name,
      dimensionId: input.dimensionId,
      description: input.description ?? null,
      levels: input.levels,
      sort,
    });
    await replaceAbilityLinks(tx, abilityId, knowledgeIds, tagIds);
    return abilityId;
  });
  return getAbility(db, ctx, id);
}

export async function modifyAbility(
  db: Db,
  ctx: RequestContext,
  input: AbilityInput & { abilityId: number },
): Promise<AbilityRow> {
  const current = await requireAbility(db, ctx, input.abilityId);
  const { knowledgeIds, tagIds } = await checkAbilityInput(db, ctx, input, current.id);
  await db.transaction(async (tx) => {
    await updateAbility(tx, ctx, current.id, {
      name: input.name,
      dimensionId: input.dimensionId,
      description: input.description ?? null,
      levels: input.levels,
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
    });
    await replaceAbilityLinks(tx, current.id, knowledgeIds, tagIds);
  });
  return getAbility(db, ctx, current.id);
}

export async function deleteAbility(
  db: Db,
  ctx: RequestContext,
  abilityId: number,
): Promise<{ count: number }> {
  const ability = await requireAbility(db, ctx, abilityId);
  const used = (await countPostsUsing(db, [ability.id])).get(ability.id) ?? 0;
  if (used > 0) throw conflict(`能力「${ability.name}」已用于 ${used} 个岗位能力模型，请先从模型中移除`);
  const measured = await countPeopleMeasured(db, ctx, ability.id);
  if (measured > 0)
    throw conflict(
      `能力「${ability.name}」已有 ${measured} 人的测评或评定结果，删除会丢失这些结果，不能删除`,
    );
  return { count: await deleteAbilityRecord(db, ctx, ability.id) };
}

// ---- post model ---------------------------------------------------------------------------------------------

export async function getModel(db: DbOrTx, ctx: RequestContext, postId: number): Promise<PostModel> {
  const post = await requirePost(db, ctx, postId);
  const items = await listModelRecords(db, post.id);
  return {
    postId: post.id,
    postName: post.name,
    totalWeight: items.reduce((sum, item) => sum + item.weight, 0),
    items,
  };
}

/** Replaces a post's model in one transaction; weights must be whole percents summing to 100. */
export async function saveModel(
  db: Db,
  ctx: RequestContext,
  input: { postId: number; items: { abilityId: number; requiredLevel: number; weight: number }[] },
): Promise<PostModel> {
  const post = await requirePost(db, ctx, input.postId);
  const ids = input.items.map((item) => item.abilityId);
  if (duplicates(ids).length > 0) throw badRequest('能力模型中同一能力只能出现一次', 'items');
  const own = await listAbilityRecords(db, ctx, ids);
  if (own.length !== ids.length) throw abilityNotFound();
  const problem = modelWeightProblem(input.items.map((item) => item.weight));
  if (problem) throw badRequest(problem, 'items');
  await db.transaction((tx) => replaceModel(tx, post.id, input.items));
  return getModel(db, ctx, post.id);
}

// ---- post knowledge map -------------------------------------------------------------------------------------

export async function getPostKnowledge(
  db: DbOrTx,
  ctx: RequestContext,
  postId: number,
): Promise<PostKnowledgeMap> {
  const post = await requirePost(db, ctx, postId);
  const items = await listPostKnowledgeRecords(db, post.id);
  return {
    postId: post.id,
    postName: post.name,
    items: items.map((item) => ({ ...item, masteryLabel: KNOWLEDGE_MASTERY[item.mastery] ?? '' })),
  };
}

export async function savePostKnowledge(
  db: Db,
  ctx: RequestContext,
  input: { postId: number; items: { knowledgeId: number; mastery: number }[] },
): Promise<PostKnowledgeMap> {
  const post = await requirePost(db, ctx, input.postId);
  const ids = input.items.map((item) => item.knowledgeId);
  if (duplicates(ids).length > 0) throw badRequest('岗位知识中同一知识点只能出现一次', 'items');
  if ((await ownKnowledgeIds(db, ctx, ids)).size !== ids.length) throw notFound('知识点不存在或不属于本组织');
  await db.transaction((tx) => replacePostKnowledge(tx, post.id, input.items));
  return getPostKnowledge(db, ctx, post.id);
}

// ---- materials ----------------------------------------------------------------------------------------------

function materialRow(record: MaterialRecord): MaterialRow {
  const kind = record.kind as MaterialKind;
  return {
    ...record,
    kind,
    kindLabel: MATERIAL_KIND_LABELS[kind] ?? record.kind,
    updatedAt: record.updatedAt.getTime(),
  };
}

export async function searchMaterials(
  db: Db,
  ctx: RequestContext,
  filter: { abilityId?: number | undefined; kind?: MaterialKind | undefined; keyword?: string | undefined },
  page: Page,
): Promise<{ rows: MaterialRow[]; total: number }> {
  const { rows, total } = await searchMaterialRecords(
    db,
    ctx,
    {
      ...(filter.abilityId !== undefined ? { abilityId: filter.abilityId } : {}),
      ...(filter.kind !== undefined ? { kind: filter.kind } : {}),
      ...(filter.keyword !== undefined ? { keyword: filter.keyword } : {}),
    },
    page,
  );
  return { rows: rows.map(materialRow), total };
}

export interface MaterialInput {
  abilityId: number;
  level: number | null;
  kind: MaterialKind;
  title: string;
  url?: string | null | undefined;
  fileId?: number | null | undefined;
  courseId?: number | null | undefined;
  minutes?: number | null | undefined;
  description?: string | null | undefined;
  sort?: number | undefined;
}

const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/i;

/** Where the file module serves an upload (its `fileUrl`, which lives in a routes file modules may not import). */
const documentUrl = (key: string) => `/api/files/${key}`;

/** Where the material points: a link's http(s) address, the uploaded document's address, or a course's page. */
async function materialTarget(
  db: DbOrTx,
  ctx: RequestContext,
  input: MaterialInput,
): Promise<{ url: string; fileId: number | null; courseId: number | null }> {
  if (input.kind === 'course') {
    if (!input.courseId) throw badRequest('请选择课程', 'courseId');
    const course = await findOwnCourse(db, ctx, input.courseId);
    if (!course) throw notFound('课程不存在');
    return { url: `/m/courses/${course.id}`, fileId: null, courseId: course.id };
  }
  if (input.kind === 'link') {
    if (!input.url || !HTTP_URL.test(input.url))
      throw badRequest('链接地址必须以 http:// 或 https:// 开头', 'url');
    return { url: input.url, fileId: null, courseId: null };
  }
  if (!input.fileId) throw badRequest('请上传文档', 'fileId');
  const file = await findOwnFile(db, ctx, input.fileId);
  if (!file) throw notFound('文档不存在');
  return { url: documentUrl(file.key), fileId: file.id, courseId: null };
}

async function materialValues(db: DbOrTx, ctx: RequestContext, input: MaterialInput, sort?: number) {
  await requireAbility(db, ctx, input.abilityId);
  const target = await materialTarget(db, ctx, input);
  return {
    abilityId: input.abilityId,
    level: input.level,
    kind: input.kind,
    title: input.title,
    ...target,
    minutes: input.minutes ?? null,
    description: input.description ?? null,
    sort: input.sort ?? sort ?? (await maxMaterialSort(db, ctx, input.abilityId)) + 1,
  };
}

async function requireMaterial(db: DbOrTx, ctx: RequestContext, materialId: number): Promise<MaterialRecord> {
  const row = await findMaterialRecord(db, ctx, materialId);
  if (!row) throw materialNotFound();
  return row;
}

export async function addMaterial(db: Db, ctx: RequestContext, input: MaterialInput): Promise<MaterialRow> {
  const id = await insertMaterial(db, ctx, await materialValues(db, ctx, input));
  return materialRow(await requireMaterial(db, ctx, id));
}

export async function modifyMaterial(
  db: Db,
  ctx: RequestContext,
  input: MaterialInput & { materialId: number },
): Promise<MaterialRow> {
  const current = await requireMaterial(db, ctx, input.materialId);
  const keepSort = current.abilityId === input.abilityId ? current.sort : undefined;
  await updateMaterial(db, ctx, current.id, await materialValues(db, ctx, input, keepSort));
  return materialRow(await requireMaterial(db, ctx, current.id));
}

export async function deleteMaterial(
  db: Db,
  ctx: RequestContext,
  materialId: number,
): Promise<{ count: number }> {
  const material = await requireMaterial(db, ctx, materialId);
  return { count: await deleteMaterialRecord(db, ctx, material.id) };
}

// ---- post learning path -------------------------------------------------------------------------------------

/** For each ability of the post's model, the materials for levels up to the required one, in order. */
export async function postCourse(db: Db, ctx: RequestContext, postId: number): Promise<PostCourse> {
  const model = await getModel(db, ctx, postId);
  const materials = await listMaterialsOfAbilities(
    db,
    ctx,
    model.items.map((item) => item.abilityId),
  );
  const abilities = model.items.map((item) => {
    const own = materials
      .filter((m) => m.abilityId === item.abilityId && (m.level === null || m.level <= item.requiredLevel))
      .map(materialRow);
    return {
      abilityId: item.abilityId,
      name: item.name,
      dimensionName: item.dimensionName,
      requiredLevel: item.requiredLevel,
      weight: item.weight,
      minutes: own.reduce((sum, m) => sum + (m.minutes ?? 0), 0),
      materials: own,
    };
  });
  return {
    postId: model.postId,
    postName: model.postName,
    totalMinutes: abilities.reduce((sum, a) => sum + a.minutes, 0),
    abilities,
  };
}

// ---- ability questions --------------------------------------------------------------------------------------

export async function searchAbilityQuestions(
  db: Db,
  ctx: RequestContext,
  input: {
    abilityId: number;
    type?: number | undefined;
    difficultyMin?: number | undefined;
    difficultyMax?: number | undefined;
  },
  page: Page,
): Promise<{ rows: AbilityQuestionRow[]; total: number }> {
  const ability = await requireAbility(db, ctx, input.abilityId);
  if (
    input.difficultyMin !== undefined &&
    input.difficultyMax !== undefined &&
    input.difficultyMin > input.difficultyMax
  )
    throw badRequest('难度下限不能大于难度上限', 'difficultyMin');
  const { rows, total } = await searchAbilityQuestionRecords(
    db,
    ctx,
    ability.id,
    {
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.difficultyMin !== undefined ? { difficultyMin: input.difficultyMin } : {}),
      ...(input.difficultyMax !== undefined ? { difficultyMax: input.difficultyMax } : {}),
    },
    page,
  );
  return { rows: rows.map((row) => ({ ...row, typeLabel: questionTypeLabel(row.type) })), total };
}

export async function postAbilityQuestionCounts(
  db: Db,
  ctx: RequestContext,
  postId: number,
): Promise<PostAbilityQuestionCount[]> {
  const model = await getModel(db, ctx, postId);
  const counts = await approvedQuestionCounts(
    db,
    ctx.organizationId,
    model.items.map((item) => item.abilityId),
  );
  return model.items.map((item) => {
    const byType = counts.get(item.abilityId) ?? new Map<number, number>();
    return {
      abilityId: item.abilityId,
      name: item.name,
      dimensionName: item.dimensionName,
      requiredLevel: item.requiredLevel,
      weight: item.weight,
      total: [...byType.values()].reduce((sum, n) => sum + n, 0),
      typeCounts: Object.fromEntries([...byType].map(([type, n]) => [String(type), n])),
    };
  });
}
