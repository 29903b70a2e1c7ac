/**
 * 学习目标与分级 (issue 18, spec §2 study/target and study/target/chart, §7 Course service): targets per
 * person over a period (学时, 学分, 完成课程数 or 考试通过率) for departments, posts or people, their
 * gradation levels, the charts and the learner's own targets. Figures: packages/shared/src/study-target.ts.
 */
import { z } from 'zod';
import {
  GRADATION_MAX_LEVELS,
  GRADATION_THRESHOLD_MAX,
  TARGET_METRICS,
  gradationProblem,
  type GradationLevel,
} from '../study-target';
import {
  countReply,
  endpoint,
  envelopeOf,
  idArray,
  idOf,
  keyword,
  nullableId,
  pagedQuery,
  pageOf,
} from './common';

export const STUDY_TARGET_MENU = '/manage/study/target';

const C = '/course/api/v1';
const tag = '学习目标';

export const TARGET_NAME_MAX = 50;
export const TARGET_VALUE_MAX = 100_000;
export const TARGET_EXPORT_MAX = 50_000;

// ---------------------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------------------

const dateField = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
    }, `${label}不是有效日期`);

const metricField = z.enum(TARGET_METRICS, { error: '目标指标只能是学时、学分、完成课程数或考试通过率' });

const targetValueField = z.coerce
  .number<number | string>({ error: '目标值必须是数字' })
  .gt(0, '目标值必须大于 0')
  .max(TARGET_VALUE_MAX, `目标值不能超过 ${TARGET_VALUE_MAX}`)
  .refine((value) => Math.round(value * 10) === value * 10, '目标值最多保留一位小数');

const levelField = z.object({
  name: z
    .string({ error: '等级名称不能为空' })
    .trim()
    .min(1, '等级名称不能为空')
    .max(20, '等级名称不能超过 20 个字符'),
  threshold: z.coerce
    .number<number | string>({ error: '等级门槛必须是数字' })
    .min(0, '等级门槛不能为负数')
    .max(GRADATION_THRESHOLD_MAX, `等级门槛不能超过 ${GRADATION_THRESHOLD_MAX}%`)
    .refine((value) => Math.round(value * 10) === value * 10, '等级门槛最多保留一位小数'),
});

/** 2–5 levels, the first at 0 %, thresholds ascending, names unique. */
export const gradationField = z
  .array(levelField, { error: '分级必须是列表' })
  .max(GRADATION_MAX_LEVELS + 5, '分级等级过多')
  .superRefine((levels, ctx) => {
    const problem = gradationProblem(levels as GradationLevel[]);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const targetFields = z.object({
  name: z
    .string({ error: '目标名称不能为空' })
    .trim()
    .min(1, '目标名称不能为空')
    .max(TARGET_NAME_MAX, `目标名称不能超过 ${TARGET_NAME_MAX} 个字符`),
  startDate: dateField('开始日期'),
  endDate: dateField('结束日期'),
  metric: metricField,
  /** Per person: hours, credits, courses, or a pass rate in percent. */
  targetValue: targetValueField,
  /** Departments with their sub-departments. */
  departmentIds: idArray('部门', 200).default([]),
  postIds: idArray('岗位', 200).default([]),
  userIds: idArray('人员', 1000).default([]),
  /** Absent on add: the default gradation (未达标 / 达标 / 优秀); absent on modify: unchanged. */
  levels: gradationField.optional(),
});

type TargetFieldsOut = z.output<typeof targetFields>;

function checkTarget(target: TargetFieldsOut, ctx: z.RefinementCtx) {
  if (target.endDate < target.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
  if (target.metric === 'courses' && !Number.isInteger(target.targetValue))
    ctx.addIssue({ code: 'custom', path: ['targetValue'], message: '完成课程数目标必须是整数' });
  if (target.metric === 'pass_rate' && target.targetValue > 100)
    ctx.addIssue({ code: 'custom', path: ['targetValue'], message: '考试通过率目标不能超过 100%' });
  if (target.departmentIds.length + target.postIds.length + target.userIds.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['departmentIds'],
      message: '目标范围不能为空：请选择部门、岗位或人员',
    });
}

export const targetAddBody = targetFields.superRefine(checkTarget);
export const targetModifyBody = targetFields.extend({ targetId: idOf('目标') }).superRefine(checkTarget);
export type TargetForm = z.input<typeof targetAddBody>;

const targetIdQuery = z.object({ targetId: idOf('目标') });

const levelQuery = z.coerce
  .number<number | string>({ error: '等级必须是数字' })
  .int('等级必须是整数')
  .min(0, '等级不能为负数')
  .max(GRADATION_MAX_LEVELS - 1, '等级超出范围')
  .optional();

const peopleFilter = {
  targetId: idOf('目标'),
  /** The department and its sub-departments. */
  departmentId: nullableId('部门'),
  /** A level's index in the gradation (0 = the lowest). */
  level: levelQuery,
  keyword,
};

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

const level = z.object({ name: z.string(), threshold: z.number() });
const scopeRef = z.object({ id: z.number(), name: z.string() });

export const targetRow = z.object({
  targetId: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  metric: metricField,
  targetValue: z.number(),
  /** Living members of the organisation the scope covers today. */
  peopleCount: z.number(),
  scopeSummary: z.string(),
  createdAt: z.string(),
});
export type TargetRow = z.infer<typeof targetRow>;

export const targetDetail = targetRow.extend({
  departments: z.array(scopeRef),
  posts: z.array(scopeRef),
  users: z.array(scopeRef),
  levels: z.array(level),
});
export type TargetDetail = z.infer<typeof targetDetail>;

export const gradation = z.object({ targetId: z.number(), levels: z.array(level) });

export const trendPoint = z.object({
  /** The last day (YYYY-MM-DD) the point sums up to. */
  date: z.string(),
  /** Average achievement percent of everyone in scope, one decimal. */
  averagePercent: z.number(),
  /** Percent of people at or above 100 % of the target, one decimal. */
  reachedRate: z.number(),
});
export const targetTrend = z.object({
  stepDays: z.number(),
  peopleCount: z.number(),
  points: z.array(trendPoint),
});
export type TargetTrend = z.infer<typeof targetTrend>;

export const departmentFigures = z.object({
  departmentId: z.number().nullable(),
  name: z.string(),
  peopleCount: z.number(),
  averageValue: z.number().nullable(),
  averagePercent: z.number(),
  /** People per level, in gradation order. */
  levelCounts: z.array(z.number()),
});
export const targetByDepartment = z.object({
  levels: z.array(level),
  departments: z.array(departmentFigures),
});
export type TargetByDepartment = z.infer<typeof targetByDepartment>;

export const targetPerson = z.object({
  userId: z.number(),
  realName: z.string(),
  jobNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  /** Null: a pass rate with no graded attempt. */
  value: z.number().nullable(),
  percent: z.number(),
  level: z.number(),
  levelName: z.string(),
});
export type TargetPerson = z.infer<typeof targetPerson>;

export const myTarget = z.object({
  targetId: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  metric: metricField,
  targetValue: z.number(),
  value: z.number().nullable(),
  percent: z.number(),
  level: z.number(),
  levelName: z.string(),
  levels: z.array(level),
});
export type MyTarget = z.infer<typeof myTarget>;

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

const access = { menu: STUDY_TARGET_MENU };

export const studyTargetContracts = {
  add: endpoint({
    method: 'POST',
    path: `${C}/target/add`,
    tag,
    summary:
      '新增学习目标（周期、指标、每人目标值、范围：部门含下级 / 岗位 / 人员；分级缺省为未达标、达标、优秀）',
    access,
    body: targetAddBody,
    response: envelopeOf(targetDetail),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${C}/target/modify`,
    tag,
    summary: '修改学习目标（范围整体替换；levels 缺省时分级不变）',
    access,
    body: targetModifyBody,
    response: envelopeOf(targetDetail),
  }),
  get: endpoint({
    method: 'GET',
    path: `${C}/target/get`,
    tag,
    summary: '学习目标详情（含范围与分级）',
    access,
    query: targetIdQuery,
    response: envelopeOf(targetDetail),
  }),
  search: endpoint({
    method: 'GET',
    path: `${C}/target/search`,
    tag,
    summary: '学习目标列表（分页，新建的在前）',
    access,
    query: pagedQuery({ keyword }),
    response: pageOf(targetRow),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${C}/target/delete`,
    tag,
    summary: '删除学习目标（范围与分级一并删除）',
    access,
    query: targetIdQuery,
    response: countReply,
  }),
  gradationGet: endpoint({
    method: 'GET',
    path: `${C}/gradation/get`,
    tag,
    summary: '目标的分级（按门槛从低到高）',
    access,
    query: targetIdQuery,
    response: envelopeOf(gradation),
  }),
  gradationSave: endpoint({
    method: 'POST',
    path: `${C}/gradation/save`,
    tag,
    summary: '保存目标的分级：2–5 级，第 1 级门槛 0%，门槛（目标值的百分比）递增，名称不重复',
    access,
    body: z.object({ targetId: idOf('目标'), levels: gradationField }),
    response: envelopeOf(gradation),
  }),
  trend: endpoint({
    method: 'GET',
    path: `${C}/target/chart/trend`,
    tag,
    summary: '目标达成趋势：周期内按日（≤62 天）或按周累计的平均达成率与达标人数占比',
    access,
    query: targetIdQuery,
    response: envelopeOf(targetTrend),
  }),
  byDepartment: endpoint({
    method: 'GET',
    path: `${C}/target/chart/department`,
    tag,
    summary: '按部门（员工所在部门）统计：人数、平均值、平均达成率、各等级人数',
    access,
    query: targetIdQuery,
    response: envelopeOf(targetByDepartment),
  }),
  people: endpoint({
    method: 'GET',
    path: `${C}/target/chart/people`,
    tag,
    summary: '目标人员明细（分页，达成率低者在前）：完成值、达成率、等级；可按部门（含下级）与等级筛选',
    access,
    query: pagedQuery(peopleFilter),
    response: pageOf(targetPerson),
  }),
  export: endpoint({
    method: 'GET',
    path: `${C}/target/chart/export`,
    tag,
    summary: '导出目标人员明细（.xlsx，筛选同人员明细）',
    access,
    query: z.object(peopleFilter),
    response: 'file',
  }),
  member: endpoint({
    method: 'GET',
    path: `${C}/target/member`,
    tag,
    summary: '我的学习目标：覆盖我的目标、我的完成值、达成率与等级（进行中与最近结束的在前）',
    access: 'member',
    response: envelopeOf(z.array(myTarget)),
  }),
};
