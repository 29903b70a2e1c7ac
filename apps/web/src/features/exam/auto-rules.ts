import dayjs, { type Dayjs } from 'dayjs';
import { RECURRENCE_LABELS, RECURRENCES, type Recurrence } from '@kaopei/shared';
import {
  AUTO_RULES_INITIAL,
  fromAutoRules,
  toAutoRules,
  type AutoRulesForm,
} from '../paper/components/auto-rules-fields';
import type { ReleaseWhen } from './api';
import type { AutoRuleInput, AutoRuleRow, ExamTemplate } from './auto-api';

/** Pure rules of /manage/exam/auto (form values ↔ the server's rule body), unit-tested. */

export const RECURRENCE_OPTIONS = RECURRENCES.map((value) => ({ value, label: RECURRENCE_LABELS[value] }));

export interface AutoRuleFormValues extends AutoRulesForm {
  name: string;
  examName: string;
  description?: string | null;
  durationMinutes: number;
  windowMinutes: number;
  passScore: number;
  attemptsAllowed: number;
  departmentIds: number[];
  includeSubDepartments: boolean;
  notify: boolean;
  showScore: ReleaseWhen;
  showAnswers: ReleaseWhen;
  firstStartAt: Dayjs | null;
  recurrence: Recurrence;
  leadMinutes: number;
  enabled: boolean;
}

/** A new rule: monthly, first exam tomorrow at 09:00, open for a day. */
export function newRuleValues(now = dayjs()): AutoRuleFormValues {
  return {
    ...AUTO_RULES_INITIAL,
    name: '',
    examName: '',
    description: null,
    durationMinutes: 60,
    windowMinutes: 24 * 60,
    passScore: 60,
    attemptsAllowed: 1,
    departmentIds: [],
    includeSubDepartments: true,
    notify: true,
    showScore: 'after_marking',
    showAnswers: 'after_end',
    firstStartAt: now.add(1, 'day').hour(9).minute(0).second(0).millisecond(0),
    recurrence: 'monthly',
    leadMinutes: 60,
    enabled: true,
  };
}

export function ruleToValues(rule: AutoRuleRow): AutoRuleFormValues {
  const t = rule.examTemplate;
  return {
    ...fromAutoRules(rule.generation),
    name: rule.name,
    examName: t.examName,
    description: t.description ?? null,
    durationMinutes: t.durationMinutes,
    windowMinutes: t.windowMinutes,
    passScore: t.passScore,
    attemptsAllowed: t.attemptsAllowed,
    departmentIds: t.departmentIds,
    includeSubDepartments: t.includeSubDepartments,
    notify: t.notify,
    showScore: t.settings?.showScore ?? 'after_marking',
    showAnswers: t.settings?.showAnswers ?? 'after_end',
    firstStartAt: dayjs(rule.firstStartAt),
    recurrence: rule.recurrence,
    leadMinutes: rule.leadMinutes,
    enabled: rule.enabled,
  };
}

/**
 * The body of add/modify. The drawer edits when scores and answers are released; the rule's other stored
 * settings (shuffling, anti-cheating) are kept, server defaults for a new rule.
 */
export function valuesToRuleInput(
  values: AutoRuleFormValues,
  settings?: ExamTemplate['settings'],
): AutoRuleInput {
  return {
    name: values.name.trim(),
    generation: toAutoRules(values),
    examTemplate: {
      examName: values.examName.trim(),
      description: values.description?.trim() || null,
      durationMinutes: values.durationMinutes,
      windowMinutes: values.windowMinutes,
      passScore: values.passScore,
      attemptsAllowed: values.attemptsAllowed,
      departmentIds: values.departmentIds,
      includeSubDepartments: values.includeSubDepartments,
      notify: values.notify,
      settings: { ...settings, showScore: values.showScore, showAnswers: values.showAnswers },
    },
    recurrence: values.recurrence,
    firstStartAt: values.firstStartAt ? values.firstStartAt.valueOf() : 0,
    leadMinutes: values.leadMinutes,
    enabled: values.enabled,
  };
}

/** A readable lead time: '提前 1 小时', '提前 30 分钟', '开考时生成'. */
export function leadText(minutes: number): string {
  if (minutes === 0) return '开考时生成';
  if (minutes % 60 === 0) return `提前 ${minutes / 60} 小时`;
  return `提前 ${minutes} 分钟`;
}
