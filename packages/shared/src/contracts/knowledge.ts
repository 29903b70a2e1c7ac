/**
 * The knowledge-point tree (spec §2 knowledge, §7). Reads are open to every signed-in member (the
 * platform tree to every organisation, read-only); changes need the 知识点管理 menu and touch only the
 * caller's own tree.
 */
import { z } from 'zod';
import { endpoint, envelopeOf, idOf, nullableId, okReply } from './common';

export const KNOWLEDGE_MENU = '/manage/knowledge/edit';
/** Rows accepted by one upload (the upload runs synchronously). */
export const MAX_UPLOAD_ROWS = 5000;
export const MAX_NAME_LENGTH = 50;

const K = '/knowledge/api/v1/knowledge';
const Q = '/question/api/v1/questions';
const tag = '知识点';
const menu = { menu: KNOWLEDGE_MENU };

export const KNOWLEDGE_SCOPES = ['org', 'platform'] as const;
export type KnowledgeScope = (typeof KNOWLEDGE_SCOPES)[number];

const scopeField = z
  .enum(KNOWLEDGE_SCOPES, { error: '范围只能是 org（本组织）或 platform（平台）' })
  .default('org');
const scopeQuery = z.object({ scope: scopeField });

const nodeName = z
  .string({ error: '知识点名称不能为空' })
  .trim()
  .min(1, '知识点名称不能为空')
  .max(MAX_NAME_LENGTH, `知识点名称不能超过 ${MAX_NAME_LENGTH} 个字符`)
  .refine((value) => !/[/\\]/.test(value), { error: '知识点名称不能包含“/”或“\\”' });

const description = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: '知识点描述必须是文本' })
    .trim()
    .max(500, '知识点描述不能超过 500 个字符')
    .nullable()
    .optional(),
);

const searchKeyword = z
  .string({ error: '关键词必须是文本' })
  .trim()
  .max(50, '关键词不能超过 50 个字符')
  .default('');

// ---- replies ----

/** Question links by question type (keys are type numbers as text). */
export const typeCounts = z.record(z.string(), z.number());
export type TypeCounts = z.infer<typeof typeCounts>;

const nodeFields = {
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  description: z.string().nullable(),
  sort: z.number(),
};

export interface KnowledgeTreeNode {
  id: number;
  name: string;
  parentId: number | null;
  description: string | null;
  sort: number;
  /** Question links of this node and every node below it. */
  questionCount: number;
  /** Question links of this node only. */
  ownQuestionCount: number;
  /** Links of this node and below, by question type. */
  typeCounts: TypeCounts;
  /** Set by the search: the name contains the keyword. */
  matched?: boolean | undefined;
  children: KnowledgeTreeNode[];
}

/** A node of the counted tree, with its children. */
export const knowledgeTreeNode: z.ZodType<KnowledgeTreeNode> = z.object({
  ...nodeFields,
  questionCount: z.number(),
  ownQuestionCount: z.number(),
  typeCounts,
  matched: z.boolean().optional(),
  get children() {
    return z.array(knowledgeTreeNode);
  },
});

/** A node on its own, with where it sits. */
export const flatKnowledgeNode = z.object({
  ...nodeFields,
  hasChildren: z.boolean(),
  /** Names from the root down, joined by '/'. */
  path: z.string(),
  pathIds: z.array(z.number()),
});
export type FlatKnowledgeNode = z.infer<typeof flatKnowledgeNode>;

export const knowledgeGraph = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      parentId: z.number().nullable(),
      depth: z.number(),
      questionCount: z.number(),
      ownQuestionCount: z.number(),
      typeCounts,
    }),
  ),
  /** Parent → child. */
  links: z.array(z.object({ source: z.number(), target: z.number() })),
});
export type KnowledgeGraph = z.infer<typeof knowledgeGraph>;

export const uploadResult = z.object({
  created: z.number(),
  existing: z.number(),
  errors: z.array(z.object({ row: z.number(), reason: z.string() })),
});
export type UploadResult = z.infer<typeof uploadResult>;

const tree = envelopeOf(z.array(knowledgeTreeNode));
const flatList = envelopeOf(z.array(flatKnowledgeNode));

export const knowledgeContracts = {
  tree: endpoint({
    method: 'GET',
    path: `${K}/tree`,
    tag,
    summary: '知识点树（scope=org 本组织，platform 平台只读）；questionCount 含下级知识点',
    query: scopeQuery,
    response: tree,
  }),
  root: endpoint({
    method: 'GET',
    path: `${K}/root`,
    tag,
    summary: '一级知识点',
    query: scopeQuery,
    response: flatList,
  }),
  child: endpoint({
    method: 'GET',
    path: `${K}/child`,
    tag,
    summary: '下一级知识点',
    query: z.object({ parentId: idOf('上级知识点') }),
    response: flatList,
  }),
  search: endpoint({
    method: 'GET',
    path: `${K}/search`,
    tag,
    summary: '按名称搜索知识点（含路径 path 与 pathIds）',
    query: scopeQuery.extend({ keyword: searchKeyword }),
    response: flatList,
  }),
  graph: endpoint({
    method: 'GET',
    path: `${K}/graph`,
    tag,
    summary: '知识图谱：nodes（含题目数与按题型的题目数 typeCounts）与 links（上级→下级）',
    query: scopeQuery,
    response: envelopeOf(knowledgeGraph),
  }),
  add: endpoint({
    method: 'POST',
    path: `${K}/add`,
    tag,
    summary: '新增知识点（parentId 为空则为一级；同级不能重名）',
    access: menu,
    body: z.object({ name: nodeName, parentId: nullableId('上级知识点'), description }),
    response: envelopeOf(z.object({ id: z.number() })),
  }),
  update: endpoint({
    method: 'PUT',
    path: `${K}/update`,
    tag,
    summary: '修改知识点名称或描述',
    access: menu,
    body: z.object({ id: idOf('知识点'), name: nodeName.optional(), description }),
    response: okReply,
  }),
  delete: endpoint({
    method: 'POST',
    path: `${K}/delete`,
    tag,
    summary: '删除知识点（有子知识点时拒绝；题目与它的关联一并解除）',
    access: menu,
    body: z.object({ id: idOf('知识点') }),
    response: okReply,
  }),
  move: endpoint({
    method: 'POST',
    path: `${K}/move`,
    tag,
    summary:
      '移动知识点：parentId 为 null 则为一级，sort 为新同级中的位置（从 0 起）；不能移到自身或下级之下',
    access: menu,
    body: z.object({
      id: idOf('知识点'),
      parentId: nullableId('上级知识点'),
      sort: z.coerce
        .number<number | string>({ error: '位置必须是整数' })
        .int({ error: '位置必须是整数' })
        .min(0, { error: '位置不能小于 0' })
        .max(100_000, { error: '位置过大' })
        .default(0),
    }),
    response: okReply,
  }),
  download: endpoint({
    method: 'GET',
    path: `${K}/download`,
    tag,
    summary: '导出知识点树（.xlsx：一级、二级、三级……列，末列为题目数）',
    query: scopeQuery,
    response: 'file',
  }),
  upload: endpoint({
    method: 'POST',
    path: `${K}/upload`,
    tag,
    summary: `导入知识点（multipart 文件字段 file，格式同导出；同步处理，最多 ${MAX_UPLOAD_ROWS} 行）：创建缺少的知识点，返回 {created, existing, errors:[{row, reason}]}`,
    access: menu,
    response: envelopeOf(uploadResult),
  }),
  countedTree: endpoint({
    method: 'GET',
    path: `${Q}/knowledge/tree/with-count`,
    tag,
    summary: '知识点树及各知识点的题目数（含下级）',
    query: scopeQuery,
    response: tree,
  }),
  searchCountedTree: endpoint({
    method: 'POST',
    path: `${Q}/knowledge/tree/with-count/search`,
    tag,
    summary: '按名称搜索带题目数的知识点树（可限定题库 bankIds）：命中的知识点连同上级与下级',
    body: z
      .object({
        keyword: searchKeyword,
        bankIds: z.array(idOf('题库'), { error: '题库必须是列表' }).max(1000, '题库最多 1000 个').optional(),
        scope: scopeField,
      })
      .optional(),
    response: tree,
  }),
};
