import { examAutoContracts as c } from '@kaopei/shared/contracts/exam-auto';
import { call, callPage, type BodyIn } from '../../lib/api';
import type { AutoRules } from '../paper/api';

/**
 * Automatic exams (contracts: packages/shared/src/contracts/exam-auto.ts). Paging is zero-based.
 */

export type { AutoRuleRow, ExamTemplateView, GenerationCheck } from '@kaopei/shared/contracts/exam-auto';
/** The body of add and modify. */
export type AutoRuleInput = BodyIn<typeof c.add>;

export const autoKeys = {
  all: ['exam-auto'] as const,
  list: (keyword: string, page: number, size: number) => ['exam-auto', 'list', keyword, page, size] as const,
  exams: (ruleId: number, page: number) => ['exam-auto', 'exams', ruleId, page] as const,
};

export function searchAutoRules(keyword: string, page: number, size: number) {
  return callPage(c.search, { query: { page, size }, body: { keyword: keyword || undefined } });
}

export function fetchAutoRule(ruleId: number) {
  return call(c.detail, { query: { ruleId } });
}

export function addAutoRule(input: AutoRuleInput) {
  return call(c.add, { body: input });
}

export function modifyAutoRule(ruleId: number, input: AutoRuleInput) {
  return call(c.modify, { query: { ruleId }, body: input });
}

export function enableAutoRule(ruleId: number, enabled: boolean) {
  return call(c.enable, { query: { ruleId }, body: { enabled } });
}

export function deleteAutoRules(ids: number[]) {
  return call(c.delete, { body: { ids } });
}

export function runAutoRule(ruleId: number) {
  return call(c.run, { query: { ruleId } });
}

export function fetchRuleExams(ruleId: number, page: number, size: number) {
  return callPage(c.exams, { query: { ruleId, page, size } });
}

export function checkAutoGeneration(generation: AutoRules) {
  return call(c.check, { body: { generation } });
}

/** exam/auto/paper: papers the automatic rules generated (optionally of one rule). */
export function fetchAutoPapers(
  filter: { ruleId?: number | undefined; keyword?: string | undefined },
  page = 0,
  size = 20,
) {
  return callPage(c.papers, { query: { ...filter, page, size } });
}
