import { z } from 'zod';
import { RECURRENCES } from '@kaopei/shared';
import { idParam } from '../../core/http';
import { idListBody } from '../role/role.schemas';
import { autoRulesSchema } from '../paper/paper.schemas';
import { examSettingsSchema } from './exam.schemas';

/** The menu entry guarding every automatic-exam endpoint (menu.data.ts id 212). */
export const EXAM_AUTO_MENU = '/manage/exam/auto';

/** Longest lead time: one day, less than the shortest period (a week). */
export const MAX_LEAD_MINUTES = 24 * 60;

const minutes = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field}必须是分钟数` })
    .int(`${field}必须是整数分钟`)
    .min(min, `${field}至少 ${min} 分钟`)
    .max(max, `${field}不能超过 ${max} 分钟`);

/** What each created exam looks like. */
export const examTemplateSchema = z
  .object({
    /** The exam's name; recurring rules append the period ('月度安全考试 2026-12'). */
    examName: z
      .string({ error: '请输入考试名称（examTemplate.examName）' })
      .trim()
      .min(1, '请输入考试名称（examTemplate.examName）')
      .max(180, '考试名称（examTemplate.examName）不能超过 180 个字符'),
    description: z.string().trim().max(5000, '考试说明不能超过 5000 个字符').nullish(),
    durationMinutes: minutes('考试时长（examTemplate.durationMinutes）', 1, 24 * 60),
    /** How long each exam stays open from its start; at least the duration. */
    windowMinutes: minutes('开放时长（examTemplate.windowMinutes）', 1, 31 * 24 * 60),
    passScore: z
      .number({ error: '及格分（examTemplate.passScore）必须是数字' })
      .min(0, '及格分（examTemplate.passScore）不能为负')
      .max(10_000, '及格分（examTemplate.passScore）过大')
      .default(60),
    attemptsAllowed: z
      .number({ error: '考试次数（examTemplate.attemptsAllowed）必须是数字' })
      .int('考试次数（examTemplate.attemptsAllowed）必须是整数')
      .min(1, '考试次数（examTemplate.attemptsAllowed）至少 1 次')
      .max(20, '考试次数（examTemplate.attemptsAllowed）不能超过 20 次')
      .default(1),
    settings: examSettingsSchema.default(examSettingsSchema.parse({})),
    departmentIds: z
      .array(idParam('examTemplate.departmentIds'), {
        error: '请选择参加考试的部门（examTemplate.departmentIds）',
      })
      .min(1, '请选择参加考试的部门（examTemplate.departmentIds）')
      .max(1000, '参加考试的部门最多 1000 个'),
    includeSubDepartments: z
      .boolean({ error: 'examTemplate.includeSubDepartments 必须是 true 或 false' })
      .default(true),
    /** Tell the candidates by message when an exam is published. */
    notify: z.boolean({ error: 'examTemplate.notify 必须是 true 或 false' }).default(true),
  })
  .refine((t) => t.windowMinutes >= t.durationMinutes, {
    message: '开放时长（examTemplate.windowMinutes）不能短于考试时长',
    path: ['windowMinutes'],
  });
export type ExamTemplate = z.output<typeof examTemplateSchema>;

/** The generation stored with a rule: the paper auto-generation rules without a fixed seed. */
export const generationSchema = autoRulesSchema;

export const autoRuleBodySchema = z.object({
  name: z
    .string({ error: '请输入规则名称' })
    .trim()
    .min(1, '请输入规则名称')
    .max(200, '规则名称不能超过 200 个字符'),
  generation: generationSchema,
  examTemplate: examTemplateSchema,
  recurrence: z.enum(RECURRENCES, {
    error: "recurrence（重复）只能是 'once'（一次）、'weekly'（每周）或 'monthly'（每月）",
  }),
  firstStartAt: z
    .number({ error: 'firstStartAt（首次开考时间）必须是毫秒时间戳' })
    .int('firstStartAt（首次开考时间）必须是毫秒时间戳')
    .positive('firstStartAt（首次开考时间）必须是毫秒时间戳'),
  leadMinutes: minutes('提前生成时间（leadMinutes）', 0, MAX_LEAD_MINUTES).default(60),
  enabled: z.boolean({ error: 'enabled 必须是 true 或 false' }).default(true),
});
export type AutoRuleBody = z.output<typeof autoRuleBodySchema>;

export const ruleIdQuery = z.object({ ruleId: idParam('ruleId') });
export const ruleIdsBody = z.object({ ids: idListBody('ids', '请选择规则') });
export const enableBody = z.object({
  enabled: z.boolean({ error: 'enabled 必须是 true 或 false' }),
});
export const ruleSearchSchema = z
  .object({
    keyword: z.string().trim().max(100, '关键字过长').optional(),
  })
  .nullish();
export const checkBody = z.object({ generation: generationSchema });
