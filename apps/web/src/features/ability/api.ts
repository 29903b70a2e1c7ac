import {
  abilityContracts as ability,
  type AbilityOption,
  type AbilityRow,
  type DimensionRow,
  type MaterialKind,
  type MaterialRow,
  type PostCourse,
  type PostKnowledgeMap,
  type PostModel,
  type PostAbilityQuestionCount,
} from '@kaopei/shared/contracts/ability';
import { fileContracts } from '@kaopei/shared/contracts/file';
import { call, callPage, type BodyIn } from '../../lib/api';
import { FORM_ERRORS } from '../../lib/form-errors';
import {
  fetchKnowledgeTree,
  fetchQuestionTags,
  knowledgeTreeKey,
  QUESTION_TAGS_KEY,
} from '../../lib/picker-queries';

/** The ability library, post models, knowledge maps, materials and learning paths (contracts/ability.ts). */

export type {
  AbilityOption,
  AbilityRow,
  DimensionRow,
  MaterialKind,
  MaterialRow,
  PostAbilityQuestionCount,
  PostCourse,
  PostKnowledgeMap,
  PostModel,
};
export type AbilityInput = BodyIn<typeof ability.add>;
export type MaterialInput = BodyIn<typeof ability.materialAdd>;
export type ModelItemInput = BodyIn<typeof ability.modelSave>['items'][number];
export type KnowledgeItemInput = BodyIn<typeof ability.knowledgeSave>['items'][number];
export type AbilityFilter = NonNullable<BodyIn<typeof ability.search>>;
export type MaterialFilter = NonNullable<BodyIn<typeof ability.materialSearch>>;

export const abilityKeys = {
  all: ['ability'] as const,
  dimensions: ['ability', 'dimensions'] as const,
  list: (filter: AbilityFilter, page: number, size: number) =>
    ['ability', 'list', filter, page, size] as const,
  options: ['ability', 'options'] as const,
  model: (postId: number) => ['ability', 'model', postId] as const,
  knowledge: (postId: number) => ['ability', 'post-knowledge', postId] as const,
  materials: (filter: MaterialFilter, page: number, size: number) =>
    ['ability', 'materials', filter, page, size] as const,
  course: (postId: number) => ['ability', 'course', postId] as const,
  questionCounts: (postId: number) => ['ability', 'question-counts', postId] as const,
  knowledgeTree: knowledgeTreeKey('org'),
  questionTags: QUESTION_TAGS_KEY,
};

export { fetchKnowledgeTree, fetchQuestionTags };

export function fetchDimensions(): Promise<DimensionRow[]> {
  return call(ability.dimensionList);
}
export function addDimension(name: string) {
  return call(ability.dimensionAdd, { body: { name } }, FORM_ERRORS);
}
export function renameDimension(dimensionId: number, name: string) {
  return call(ability.dimensionModify, { body: { dimensionId, name } }, FORM_ERRORS);
}
export function deleteDimension(dimensionId: number) {
  return call(ability.dimensionDelete, { query: { dimensionId } });
}

export function fetchAbilities(filter: AbilityFilter, page: number, size: number) {
  return callPage(ability.search, { query: { page, size }, body: filter });
}
/** Every ability (for pickers); other features import this. */
export function fetchAbilityOptions(): Promise<AbilityOption[]> {
  return call(ability.simple);
}
export function addAbility(input: AbilityInput): Promise<AbilityRow> {
  return call(ability.add, { body: input }, FORM_ERRORS);
}
export function modifyAbility(abilityId: number, input: AbilityInput): Promise<AbilityRow> {
  return call(ability.modify, { body: { abilityId, ...input } }, FORM_ERRORS);
}
export function deleteAbility(abilityId: number) {
  return call(ability.delete, { query: { abilityId } });
}

/** A post's ability model; other features (post papers, matching) import this. */
export function fetchPostModel(postId: number): Promise<PostModel> {
  return call(ability.modelGet, { query: { postId } });
}
export function savePostModel(postId: number, items: ModelItemInput[]): Promise<PostModel> {
  return call(ability.modelSave, { body: { postId, items } });
}

export function fetchPostKnowledge(postId: number): Promise<PostKnowledgeMap> {
  return call(ability.knowledgeGet, { query: { postId } });
}
export function savePostKnowledge(postId: number, items: KnowledgeItemInput[]): Promise<PostKnowledgeMap> {
  return call(ability.knowledgeSave, { body: { postId, items } });
}

export function fetchMaterials(filter: MaterialFilter, page: number, size: number) {
  return callPage(ability.materialSearch, { query: { page, size }, body: filter });
}
export function addMaterial(input: MaterialInput): Promise<MaterialRow> {
  return call(ability.materialAdd, { body: input }, FORM_ERRORS);
}
export function modifyMaterial(materialId: number, input: MaterialInput): Promise<MaterialRow> {
  return call(ability.materialModify, { body: { materialId, ...input } }, FORM_ERRORS);
}
export function deleteMaterial(materialId: number) {
  return call(ability.materialDelete, { query: { materialId } });
}
/** Uploads a material's document as a private file of the organisation. */
export function uploadDocument(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(fileContracts.upload, { query: { public: '0' }, form });
}

export function fetchPostCourse(postId: number): Promise<PostCourse> {
  return call(ability.postCourse, { query: { postId } });
}

/** Approved questions measuring each ability of a post's model, by type (the post paper page shows it). */
export function fetchPostAbilityQuestionCounts(postId: number): Promise<PostAbilityQuestionCount[]> {
  return call(ability.postQuestionCount, { query: { postId } });
}
