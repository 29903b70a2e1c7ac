/**
 * 人岗匹配、经理评定与能力分析 (issue 16). A person's ability profile has two sources: the latest post or
 * evaluation exam (exam level) and a manager's rating; the effective level (70 % exam, 30 % rating) is
 * what matching and the heat map read (packages/shared/src/ability.ts).
 */
import { z } from 'zod';
import { booleanQuery, endpoint, envelopeOf, idOf, keyword, nullableId, pageOf, pagedQuery } from './common';

const M = '/post/api/v1/match';
const tag = '人岗匹配';

/** Rates abilities, ranks people against posts, opens a person's match detail. */
export const POST_MATCH_MENU = '/manage/post/match';
/** The heat map of abilities × departments or posts. */
export const POST_ANALYSIS_MENU = '/manage/post/ability/analysis';
const MATCH_READ_MENUS = [POST_MATCH_MENU, POST_ANALYSIS_MENU] as const;

// ---------------------------------------------------------------------------------------------------------
// Request pieces
// ---------------------------------------------------------------------------------------------------------

const ratingLevel = z.coerce
  .number<number | string>({ error: '评定等级必须是数字' })
  .int('评定等级必须是 1 到 5 的整数')
  .min(1, '评定等级必须是 1 到 5 的整数')
  .max(5, '评定等级必须是 1 到 5 的整数');

const ratingComment = z
  .string({ error: '评语必须是文本' })
  .trim()
  .max(500, '评语不能超过 500 个字符')
  .optional()
  .transform((value) => value || null);

/** Whose staff a ranking lists: a department, the post's own holders, or the whole organisation. */
export const RANKING_SCOPES = ['department', 'post', 'all'] as const;
export type RankingScope = (typeof RANKING_SCOPES)[number];

export const HEATMAP_GROUPS = ['department', 'post'] as const;
export type HeatmapGroup = (typeof HEATMAP_GROUPS)[number];

const heatmapGroup = z
  .enum(HEATMAP_GROUPS, { error: '分组方式只能是 department 或 post' })
  .default('department');

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

const anchor = z.object({ level: z.number(), name: z.string(), behaviour: z.string() });
export type LevelAnchor = z.infer<typeof anchor>;

const examSource = z.object({
  level: z.number(),
  scoreRate: z.number().nullable(),
  examId: z.number().nullable(),
  examName: z.string().nullable(),
  at: z.string().nullable(),
});
const ratingSource = z.object({
  level: z.number(),
  comment: z.string().nullable(),
  raterId: z.number().nullable(),
  raterName: z.string().nullable(),
  at: z.string().nullable(),
});
export type ExamSource = z.infer<typeof examSource>;
export type RatingSource = z.infer<typeof ratingSource>;

const person = z.object({
  userId: z.number(),
  realName: z.string(),
  jobNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  postId: z.number().nullable(),
  postName: z.string().nullable(),
});
export type MatchPerson = z.infer<typeof person>;

/** One ability of a person's profile: both sources and the effective level (null: never measured). */
export const profileAbility = z.object({
  abilityId: z.number(),
  name: z.string(),
  dimensionName: z.string(),
  level: z.number().nullable(),
  exam: examSource.nullable(),
  rating: ratingSource.nullable(),
});
export type ProfileAbility = z.infer<typeof profileAbility>;

export const abilityProfile = z.object({ person, abilities: z.array(profileAbility) });
export type AbilityProfile = z.infer<typeof abilityProfile>;

/** A post as the pickers list it: its model's size and how many hold it. */
export const matchPostOption = z.object({
  postId: z.number(),
  name: z.string(),
  abilityCount: z.number(),
  holderCount: z.number(),
});
export type MatchPostOption = z.infer<typeof matchPostOption>;

export const band = z.enum(['胜任', '基本胜任', '待提升']);

export const rankingRow = z.object({
  rank: z.number(),
  userId: z.number(),
  realName: z.string(),
  jobNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  postName: z.string().nullable(),
  /** 0–100, one decimal (matchPost). */
  matchRate: z.number(),
  band,
  metCount: z.number(),
  /** Abilities below their required level (unmeasured ones included). */
  gapCount: z.number(),
  unmeasuredCount: z.number(),
});
export type RankingRow = z.infer<typeof rankingRow>;

/** The department tree with, per department (its sub-departments included), the post's average match. */
export interface MatchTreeNode {
  departmentId: number;
  name: string;
  parentId: number | null;
  /** Active staff of the department and below. */
  staffCount: number;
  /** Of them, people with at least one of the post's abilities measured. */
  measuredCount: number;
  /** Average match rate of the measured people, one decimal; null when nobody is measured. */
  averageMatchRate: number | null;
  /** Staff holding the post in the department and below. */
  holderCount: number;
  children: MatchTreeNode[];
}
export const matchTreeNode: z.ZodType<MatchTreeNode> = z.object({
  departmentId: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  staffCount: z.number(),
  measuredCount: z.number(),
  averageMatchRate: z.number().nullable(),
  holderCount: z.number(),
  get children() {
    return z.array(matchTreeNode);
  },
});

export const matchDetailAbility = z.object({
  abilityId: z.number(),
  name: z.string(),
  dimensionName: z.string(),
  requiredLevel: z.number(),
  weight: z.number(),
  level: z.number().nullable(),
  fit: z.number(),
  gap: z.number(),
  contribution: z.number(),
  requiredAnchor: anchor.nullable(),
  /** The anchor of the level reached (the effective level rounded down); null below level 1. */
  reachedAnchor: anchor.nullable(),
  exam: examSource.nullable(),
  rating: ratingSource.nullable(),
});
export type MatchDetailAbility = z.infer<typeof matchDetailAbility>;

export const matchDetail = z.object({
  post: z.object({ postId: z.number(), name: z.string() }),
  person,
  matchRate: z.number(),
  band,
  metCount: z.number(),
  unmeasuredCount: z.number(),
  abilities: z.array(matchDetailAbility),
});
export type MatchDetail = z.infer<typeof matchDetail>;

const heatmapRow = z.object({
  rowId: z.number(),
  name: z.string(),
  /** Active staff directly in the department, or holding the post. */
  peopleCount: z.number(),
});
const heatmapAbility = z.object({ abilityId: z.number(), name: z.string(), dimensionName: z.string() });
const heatmapCell = z.object({
  rowId: z.number(),
  abilityId: z.number(),
  /** Average effective level of the measured people, one decimal. */
  averageLevel: z.number().nullable(),
  measuredCount: z.number(),
  /** By post, for an ability of the post's model: the level required. */
  requiredLevel: z.number().nullable(),
  /** By post: percent of the post's holders at or above the required level (unmeasured count as not). */
  metRate: z.number().nullable(),
});
export const heatmap = z.object({
  groupBy: heatmapGroup,
  rows: z.array(heatmapRow),
  abilities: z.array(heatmapAbility),
  cells: z.array(heatmapCell),
});
export type Heatmap = z.infer<typeof heatmap>;
export type HeatmapCell = z.infer<typeof heatmapCell>;

export const heatmapPerson = z.object({
  userId: z.number(),
  realName: z.string(),
  jobNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  postName: z.string().nullable(),
  level: z.number().nullable(),
  examLevel: z.number().nullable(),
  ratingLevel: z.number().nullable(),
  /** By post: the level required; null by department. */
  requiredLevel: z.number().nullable(),
  met: z.boolean().nullable(),
});
export type HeatmapPerson = z.infer<typeof heatmapPerson>;

const heatmapQuery = {
  groupBy: heatmapGroup,
  /** By department: only this department and the ones below it. */
  departmentId: nullableId('部门'),
  dimensionId: nullableId('能力维度'),
};

export const postMatchContracts = {
  rate: endpoint({
    method: 'POST',
    path: `${M}/rating`,
    tag,
    summary: '经理评定员工的一项能力（1–5 级；重复评定覆盖上次），并重算有效等级（考试 70% + 评定 30%）',
    access: { menu: POST_MATCH_MENU },
    body: z.object({
      userId: idOf('员工'),
      abilityId: idOf('能力'),
      level: ratingLevel,
      comment: ratingComment,
    }),
    response: envelopeOf(profileAbility),
  }),
  profile: endpoint({
    method: 'GET',
    path: `${M}/profile`,
    tag,
    summary: '员工的能力档案：能力库每项能力的考试等级、经理评定与有效等级',
    access: { menu: MATCH_READ_MENUS },
    query: z.object({ userId: idOf('员工') }),
    response: envelopeOf(abilityProfile),
  }),
  posts: endpoint({
    method: 'GET',
    path: `${M}/posts`,
    tag,
    summary: '可匹配的岗位（含能力模型项数与在岗人数）',
    access: { menu: MATCH_READ_MENUS },
    response: envelopeOf(z.array(matchPostOption)),
  }),
  tree: endpoint({
    method: 'GET',
    path: `${M}/tree`,
    tag,
    summary: '部门树：每个部门（含下级）的在职人数、已测评人数、对该岗位的平均匹配度与在岗人数',
    access: { menu: MATCH_READ_MENUS },
    query: z.object({ postId: idOf('岗位') }),
    response: envelopeOf(z.array(matchTreeNode)),
  }),
  ranking: endpoint({
    method: 'GET',
    path: `${M}/ranking`,
    tag,
    summary:
      '按岗位匹配度排名（分页）：scope=department 某部门（includeSubDepartments 默认含下级）、post 该岗位在岗人员、all 全组织；excludeHolders 排除已在岗者（继任者）',
    access: { menu: POST_MATCH_MENU },
    query: pagedQuery({
      postId: idOf('岗位'),
      scope: z.enum(RANKING_SCOPES, { error: '范围只能是 department、post 或 all' }).default('all'),
      departmentId: nullableId('部门'),
      includeSubDepartments: booleanQuery,
      excludeHolders: booleanQuery,
      keyword,
    }),
    response: pageOf(rankingRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${M}/detail`,
    tag,
    summary: '员工与岗位的匹配详情：每项能力的要求、有效等级、差距、贡献、行为锚定与两个来源',
    access: { menu: POST_MATCH_MENU },
    query: z.object({ postId: idOf('岗位'), userId: idOf('员工') }),
    response: envelopeOf(matchDetail),
  }),
  heatmap: endpoint({
    method: 'GET',
    path: `${M}/heatmap`,
    tag,
    summary: '能力热力图：能力 × 部门（本部门直属在职员工）或 × 岗位（在岗人员；含达标率）的平均有效等级',
    access: { menu: MATCH_READ_MENUS },
    query: z.object(heatmapQuery),
    response: envelopeOf(heatmap),
  }),
  heatmapPeople: endpoint({
    method: 'GET',
    path: `${M}/heatmap/people`,
    tag,
    summary: '热力图单元格下钻：该部门或岗位的人员及其该项能力等级（分页，等级低者在前）',
    access: { menu: MATCH_READ_MENUS },
    query: pagedQuery({
      groupBy: heatmapGroup,
      rowId: idOf('行'),
      abilityId: idOf('能力'),
    }),
    response: pageOf(heatmapPerson),
  }),
  heatmapExport: endpoint({
    method: 'GET',
    path: `${M}/heatmap/export`,
    tag,
    summary: '导出能力热力图矩阵（.xlsx）',
    access: { menu: MATCH_READ_MENUS },
    query: z.object(heatmapQuery),
    response: 'file',
  }),
};
