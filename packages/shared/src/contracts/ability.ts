/**
 * 能力库与岗位能力模型 (issue 16): the organisation's ability dimensions and abilities (five behaviourally
 * anchored levels each), a post's model (abilities × required level × weight), the post's knowledge map,
 * learning materials per ability and level, a post's learning path, and the "ability questions" of spec §7.
 */
import { z } from 'zod';
import { MAX_ABILITY_LEVEL, MIN_ABILITY_LEVEL } from '../ability';
import { countReply, endpoint, envelopeOf, idArray, idOf, keyword, pageOf, pagedQuery } from './common';
import { READ_MENUS as QUESTION_READ_MENUS, difficultySchema, questionTypeSchema } from './question';
import { POST_READ_MENUS } from './post';

const A = '/post/api/v1/ability';
const Q = '/question/api/v1/questions';
const tag = '能力模型';

/** Writing the library and the post models. */
export const ABILITY_MENU = '/manage/post/ability';
export const ABILITY_MATERIAL_MENU = '/manage/post/ability/material';
export const POST_KNOWLEDGE_MENU = '/manage/post/knowledge/edit';
export const POST_COURSE_MENU = '/manage/post/course';
/** Ability questions: the post pages (with paper/post and exam/post) and the question pages. */
export const ABILITY_QUESTION_MENUS = [...POST_READ_MENUS, ...QUESTION_READ_MENUS] as const;

/** Material kinds: an uploaded document, a web link, a course of the organisation (opened on the learner's pages). */
export const MATERIAL_KINDS = ['document', 'link', 'course'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
export const MATERIAL_KIND_LABELS: Record<MaterialKind, string> = {
  document: '文档',
  link: '链接',
  course: '课程',
};

// ---------------------------------------------------------------------------------------------------------
// Request pieces
// ---------------------------------------------------------------------------------------------------------

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}不能超过 ${max} 个字符`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const sortField = z
  .number({ error: '排序必须是数字' })
  .int('排序必须是整数')
  .min(0, '排序不能为负数')
  .max(100_000, '排序过大')
  .optional();

/** A proficiency level 1–5; the message names the field. */
export const abilityLevelSchema = (label = '等级') => {
  const message = `${label}必须是 ${MIN_ABILITY_LEVEL} 到 ${MAX_ABILITY_LEVEL} 之间的整数`;
  return z
    .number({ error: message })
    .int(message)
    .min(MIN_ABILITY_LEVEL, message)
    .max(MAX_ABILITY_LEVEL, message);
};

/** One level's behavioural anchor. */
export const levelAnchorSchema = z.object({
  level: abilityLevelSchema('等级序号'),
  name: text('等级名称', 20),
  behaviour: text('行为描述', 500),
});
export type LevelAnchor = z.infer<typeof levelAnchorSchema>;

/** Exactly five anchors, level 1 to 5 in order. */
export const levelAnchorsSchema = z
  .array(levelAnchorSchema, { error: '能力等级必须是列表' })
  .length(
    MAX_ABILITY_LEVEL,
    `能力等级必须恰好 ${MAX_ABILITY_LEVEL} 级（1 到 ${MAX_ABILITY_LEVEL} 级各一条行为描述）`,
  )
  .superRefine((levels, ctx) => {
    levels.forEach((anchor, index) => {
      if (anchor.level !== index + 1)
        ctx.addIssue({
          code: 'custom',
          path: [index, 'level'],
          message: `能力等级必须按 1 到 ${MAX_ABILITY_LEVEL} 的顺序排列：第 ${index + 1} 条应为 ${index + 1} 级`,
        });
    });
  });

const abilityFields = {
  name: text('能力名称', 100),
  dimensionId: idOf('能力维度'),
  description: optionalText('能力说明', 2000),
  levels: levelAnchorsSchema,
  knowledgeIds: idArray('知识点', 200).default([]),
  tagIds: idArray('试题标签', 100).default([]),
  sort: sortField,
};

const modelItemSchema = z.object({
  abilityId: idOf('能力'),
  requiredLevel: abilityLevelSchema('要求等级'),
  weight: z
    .number({ error: '能力权重必须是数字' })
    .int('能力权重必须是整数')
    .min(1, '能力权重必须大于 0')
    .max(100, '能力权重不能超过 100'),
});

const masterySchema = z
  .number({ error: '掌握程度必须是 1 到 4 之间的整数（1 了解，2 熟悉，3 掌握，4 精通）' })
  .int('掌握程度必须是整数')
  .min(1, '掌握程度必须是 1 到 4 之间的整数（1 了解，2 熟悉，3 掌握，4 精通）')
  .max(4, '掌握程度必须是 1 到 4 之间的整数（1 了解，2 熟悉，3 掌握，4 精通）');

const materialKindSchema = z.enum(MATERIAL_KINDS, {
  error: '素材类型只能是 document（文档）、link（链接）或 course（课程）',
});

const materialFields = {
  abilityId: idOf('能力'),
  /** null: for every level. */
  level: abilityLevelSchema('适用等级').nullable().default(null),
  kind: materialKindSchema,
  title: text('素材标题', 200),
  /** A link's address (http or https); documents take their address from the uploaded file. */
  url: optionalText('链接地址', 1000),
  /** The uploaded document (upload endpoint of contracts/file.ts). */
  fileId: idOf('文档').nullish(),
  /** A course material's course (contracts/course.ts). */
  courseId: idOf('课程').nullish(),
  minutes: z
    .number({ error: '学习时长必须是数字' })
    .int('学习时长必须是整数（分钟）')
    .min(0, '学习时长不能为负数')
    .max(100_000, '学习时长过大')
    .nullish(),
  description: optionalText('素材说明', 2000),
  sort: sortField,
};

const postIdQuery = z.object({ postId: idOf('岗位') });

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

export const dimensionRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  sort: z.number(),
  abilityCount: z.number(),
});
export type DimensionRow = z.infer<typeof dimensionRow>;

const namedRef = z.object({ id: z.number(), name: z.string() });

export const abilityRow = z.object({
  id: z.number(),
  name: z.string(),
  dimensionId: z.number(),
  dimensionName: z.string(),
  description: z.string().nullable(),
  levels: z.array(levelAnchorSchema),
  sort: z.number(),
  knowledge: z.array(namedRef),
  tags: z.array(namedRef),
  /** Approved questions of the organisation that measure it (ability-measure.repo.ts). */
  questionCount: z.number(),
  /** Post models using it. */
  postCount: z.number(),
  updatedAt: z.number(),
});
export type AbilityRow = z.infer<typeof abilityRow>;

/** The short form pickers use. */
export const abilityOption = z.object({
  id: z.number(),
  name: z.string(),
  dimensionId: z.number(),
  dimensionName: z.string(),
  levels: z.array(levelAnchorSchema),
});
export type AbilityOption = z.infer<typeof abilityOption>;

export const modelItem = z.object({
  abilityId: z.number(),
  name: z.string(),
  dimensionId: z.number(),
  dimensionName: z.string(),
  requiredLevel: z.number(),
  weight: z.number(),
  levels: z.array(levelAnchorSchema),
});
export type ModelItem = z.infer<typeof modelItem>;

export const postModel = z.object({
  postId: z.number(),
  postName: z.string(),
  totalWeight: z.number(),
  items: z.array(modelItem),
});
export type PostModel = z.infer<typeof postModel>;

export const postKnowledgeMap = z.object({
  postId: z.number(),
  postName: z.string(),
  items: z.array(
    z.object({ knowledgeId: z.number(), name: z.string(), mastery: z.number(), masteryLabel: z.string() }),
  ),
});
export type PostKnowledgeMap = z.infer<typeof postKnowledgeMap>;

export const materialRow = z.object({
  id: z.number(),
  abilityId: z.number(),
  abilityName: z.string(),
  level: z.number().nullable(),
  kind: materialKindSchema,
  kindLabel: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  fileId: z.number().nullable(),
  courseId: z.number().nullable(),
  minutes: z.number().nullable(),
  description: z.string().nullable(),
  sort: z.number(),
  updatedAt: z.number(),
});
export type MaterialRow = z.infer<typeof materialRow>;

export const postCourse = z.object({
  postId: z.number(),
  postName: z.string(),
  totalMinutes: z.number(),
  abilities: z.array(
    z.object({
      abilityId: z.number(),
      name: z.string(),
      dimensionName: z.string(),
      requiredLevel: z.number(),
      weight: z.number(),
      minutes: z.number(),
      materials: z.array(materialRow),
    }),
  ),
});
export type PostCourse = z.infer<typeof postCourse>;

/** A question as the ability question list shows it (no answer key: post pages are not question pages). */
export const abilityQuestionRow = z.object({
  id: z.number(),
  type: z.number(),
  typeLabel: z.string(),
  stemText: z.string(),
  difficulty: z.number(),
  defaultPoints: z.number(),
  bankId: z.number(),
  bankName: z.string(),
});
export type AbilityQuestionRow = z.infer<typeof abilityQuestionRow>;

export const postAbilityQuestionCount = z.object({
  abilityId: z.number(),
  name: z.string(),
  dimensionName: z.string(),
  requiredLevel: z.number(),
  weight: z.number(),
  /** Approved questions measuring it. */
  total: z.number(),
  /** By question type (0–5); types without questions are absent. */
  typeCounts: z.record(z.string(), z.number()),
});
export type PostAbilityQuestionCount = z.infer<typeof postAbilityQuestionCount>;

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

export const abilityContracts = {
  dimensionList: endpoint({
    method: 'GET',
    path: `${A}/dimension/list`,
    tag,
    summary: '能力维度列表（组织首次读取时建立默认的四个维度）',
    access: { menu: POST_READ_MENUS },
    response: envelopeOf(z.array(dimensionRow)),
  }),
  dimensionAdd: endpoint({
    method: 'POST',
    path: `${A}/dimension/add`,
    tag,
    summary: '新增能力维度（名称不能重复）',
    access: { menu: ABILITY_MENU },
    body: z.object({
      name: text('维度名称', 50),
      description: optionalText('维度说明', 500),
      sort: sortField,
    }),
    response: envelopeOf(dimensionRow),
  }),
  dimensionModify: endpoint({
    method: 'POST',
    path: `${A}/dimension/modify`,
    tag,
    summary: '修改能力维度',
    access: { menu: ABILITY_MENU },
    body: z.object({
      dimensionId: idOf('能力维度'),
      name: text('维度名称', 50).optional(),
      description: optionalText('维度说明', 500),
      sort: sortField,
    }),
    response: envelopeOf(dimensionRow),
  }),
  dimensionDelete: endpoint({
    method: 'POST',
    path: `${A}/dimension/delete`,
    tag,
    summary: '删除能力维度（维度下还有能力时拒绝）',
    access: { menu: ABILITY_MENU },
    query: z.object({ dimensionId: idOf('能力维度') }),
    response: countReply,
  }),
  search: endpoint({
    method: 'POST',
    path: `${A}/search`,
    tag,
    summary: '能力分页搜索（维度、名称关键字）',
    access: { menu: POST_READ_MENUS },
    query: pagedQuery({}),
    body: z.object({ dimensionId: idOf('能力维度').optional(), keyword }).nullish(),
    response: pageOf(abilityRow),
  }),
  simple: endpoint({
    method: 'GET',
    path: `${A}/simple`,
    tag,
    summary: '全部能力（供选择：名称、维度与五级行为描述）',
    access: { menu: POST_READ_MENUS },
    response: envelopeOf(z.array(abilityOption)),
  }),
  get: endpoint({
    method: 'GET',
    path: `${A}/get`,
    tag,
    summary: '能力详情',
    access: { menu: POST_READ_MENUS },
    query: z.object({ abilityId: idOf('能力') }),
    response: envelopeOf(abilityRow),
  }),
  add: endpoint({
    method: 'POST',
    path: `${A}/add`,
    tag,
    summary: '新增能力（五级行为描述；关联本组织的知识点与试题标签）',
    access: { menu: ABILITY_MENU },
    body: z.object(abilityFields),
    response: envelopeOf(abilityRow),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${A}/modify`,
    tag,
    summary: '修改能力（知识点与标签整体替换）',
    access: { menu: ABILITY_MENU },
    body: z.object({ abilityId: idOf('能力'), ...abilityFields }),
    response: envelopeOf(abilityRow),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${A}/delete`,
    tag,
    summary: '删除能力（已用于岗位能力模型时拒绝）',
    access: { menu: ABILITY_MENU },
    query: z.object({ abilityId: idOf('能力') }),
    response: countReply,
  }),
  modelGet: endpoint({
    method: 'GET',
    path: `${A}/model/get`,
    tag,
    summary: '岗位能力模型（能力、维度、要求等级、权重与五级行为描述）',
    access: { menu: POST_READ_MENUS },
    query: postIdQuery,
    response: envelopeOf(postModel),
  }),
  modelSave: endpoint({
    method: 'POST',
    path: `${A}/model/save`,
    tag,
    summary: '保存岗位能力模型（整体替换；权重合计必须为 100）',
    access: { menu: ABILITY_MENU },
    body: z.object({
      postId: idOf('岗位'),
      items: z.array(modelItemSchema, { error: '能力模型必须是列表' }).max(50, '一个岗位最多 50 项能力'),
    }),
    response: envelopeOf(postModel),
  }),
  knowledgeGet: endpoint({
    method: 'GET',
    path: `${A}/post/knowledge/get`,
    tag,
    summary: '岗位知识地图（知识点与要求的掌握程度）',
    access: { menu: POST_READ_MENUS },
    query: postIdQuery,
    response: envelopeOf(postKnowledgeMap),
  }),
  knowledgeSave: endpoint({
    method: 'POST',
    path: `${A}/post/knowledge/save`,
    tag,
    summary: '保存岗位知识地图（整体替换）',
    access: { menu: POST_KNOWLEDGE_MENU },
    body: z.object({
      postId: idOf('岗位'),
      items: z
        .array(z.object({ knowledgeId: idOf('知识点'), mastery: masterySchema }), {
          error: '岗位知识必须是列表',
        })
        .max(500, '一个岗位最多 500 个知识点'),
    }),
    response: envelopeOf(postKnowledgeMap),
  }),
  materialSearch: endpoint({
    method: 'POST',
    path: `${A}/material/search`,
    tag,
    summary: '能力素材分页搜索（能力、类型、标题关键字）',
    access: { menu: POST_READ_MENUS },
    query: pagedQuery({}),
    body: z
      .object({ abilityId: idOf('能力').optional(), kind: materialKindSchema.optional(), keyword })
      .nullish(),
    response: pageOf(materialRow),
  }),
  materialAdd: endpoint({
    method: 'POST',
    path: `${A}/material/add`,
    tag,
    summary: '新增能力素材（文档：上传后的 fileId；链接：http/https 地址；课程：待课程功能上线）',
    access: { menu: ABILITY_MATERIAL_MENU },
    body: z.object(materialFields),
    response: envelopeOf(materialRow),
  }),
  materialModify: endpoint({
    method: 'POST',
    path: `${A}/material/modify`,
    tag,
    summary: '修改能力素材',
    access: { menu: ABILITY_MATERIAL_MENU },
    body: z.object({ materialId: idOf('素材'), ...materialFields }),
    response: envelopeOf(materialRow),
  }),
  materialDelete: endpoint({
    method: 'POST',
    path: `${A}/material/delete`,
    tag,
    summary: '删除能力素材',
    access: { menu: ABILITY_MATERIAL_MENU },
    query: z.object({ materialId: idOf('素材') }),
    response: countReply,
  }),
  postCourse: endpoint({
    method: 'GET',
    path: `${A}/post/course`,
    tag,
    summary: '岗位学习路径：模型中每项能力在要求等级以内的素材，按能力分组并合计学习时长',
    access: { menu: POST_READ_MENUS },
    query: postIdQuery,
    response: envelopeOf(postCourse),
  }),
  questionSearch: endpoint({
    method: 'POST',
    path: `${Q}/search/ability`,
    tag,
    summary: '测量某项能力的已审核试题（分页；题型、难度）',
    access: { menu: ABILITY_QUESTION_MENUS },
    query: pagedQuery({}),
    body: z.object({
      abilityId: idOf('能力'),
      type: questionTypeSchema.optional(),
      difficultyMin: difficultySchema.optional(),
      difficultyMax: difficultySchema.optional(),
    }),
    response: pageOf(abilityQuestionRow),
  }),
  postQuestionCount: endpoint({
    method: 'POST',
    path: `${Q}/get/post/ability/question`,
    tag,
    summary: '岗位能力模型中每项能力的已审核试题数（按题型）',
    access: { menu: ABILITY_QUESTION_MENUS },
    query: postIdQuery,
    response: envelopeOf(z.array(postAbilityQuestionCount)),
  }),
};
