import dayjs, { type Dayjs } from 'dayjs';
import { RECURRENCE_LABELS, RECURRENCES, type Recurrence } from '@kaopei/shared';
import {
  AUTO_RULES_INITIAL,
  fromAutoRules,
  toAutoRules,
  type AutoRulesForm,
} from '../../components/auto-rules-fields';
import type { ExamSettings } from './api';
import type { AutoRuleInput, AutoRuleRow } from './auto-api';
import { DEFAULT_SETTINGS, settingsFromValues } from './exam-rules';

/** Pure rules of /manage/exam/auto (form values ↔ the server's rule body), unit-tested. */

export const RECURRENCE_OPTIONS = RECURRENCES.map((value) => ({ value, label: RECURRENCE_LABELS[value] }));

/** The drawer's form values: the generation rules, the exam template with every setting, the schedule. */
export interface AutoRuleFormValues extends AutoRulesForm, ExamSettings {
  name: string;
  examName: string;
  description?: string | null;
  durationMinutes: number;
  windowMinutes: number;
  /** Null: 60 % of each generated paper's total. */
  passScore: number | null;
  attemptsAllowed: number;
  departmentIds: number[];
  includeSubDepartments: boolean;
  notify: boolean;
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
    passScore: null,
    attemptsAllowed: 1,
    departmentIds: [],
    includeSubDepartments: true,
    notify: true,
    ...DEFAULT_SETTINGS,
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
    passScore: t.passScore ?? null,
    attemptsAllowed: t.attemptsAllowed,
    departmentIds: t.departmentIds,
    includeSubDepartments: t.includeSubDepartments,
    notify: t.notify,
    ...DEFAULT_SETTINGS,
    ...t.settings,
    firstStartAt: dayjs(rule.firstStartAt),
    recurrence: rule.recurrence,
    leadMinutes: rule.leadMinutes,
    enabled: rule.enabled,
  };
}

/**
 * The body of add/modify. Every setting of the template is sent: the drawer edits release and
 * anti-cheating; the others (shuffling, blind marking) keep the values the rule was loaded with, server
 * defaults for a new rule.
 */
export function valuesToRuleInput(values: AutoRuleFormValues): AutoRuleInput {
  return {
    name: values.name.trim(),
    generation: toAutoRules(values),
    examTemplate: {
      examName: values.examName.trim(),
      description: values.description?.trim() || null,
      durationMinutes: values.durationMinutes,
      windowMinutes: values.windowMinutes,
      passScore: values.passScore ?? undefined,
      attemptsAllowed: values.attemptsAllowed,
      departmentIds: values.departmentIds,
      includeSubDepartments: values.includeSubDepartments,
      notify: values.notify,
      settings: settingsFromValues(values),
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
