import type { Recurrence } from '@kaopei/shared';
import { get, getPage, post, postPage, type Page } from '../../lib/http';
import type { AutoReport, AutoRules } from '../paper/api';
import type { ExamRow, ExamSettings } from './api';

/** Automatic exams (server: modules/exam/exam-auto, /exam/api/v1/auto). Paging is zero-based. */

const A = '/exam/api/v1/auto';

export interface ExamTemplate {
  examName: string;
  description?: string | null;
  durationMinutes: number;
  windowMinutes: number;
  passScore: number;
  attemptsAllowed: number;
  settings?: Partial<ExamSettings>;
  departmentIds: number[];
  includeSubDepartments: boolean;
  notify: boolean;
}

export interface AutoRuleInput {
  name: string;
  generation: AutoRules;
  examTemplate: ExamTemplate;
  recurrence: Recurrence;
  firstStartAt: number;
  leadMinutes: number;
  enabled: boolean;
}

export interface AutoRuleRow extends AutoRuleInput {
  id: number;
  ruleId: number;
  recurrenceLabel: string;
  nextStartAt: number | null;
  nextRunAt: number | null;
  runs: number;
  lastExam: { examId: number; name: string; startAt: number | null } | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface GenerationCheck {
  feasible: boolean;
  message: string | null;
  violations: AutoReport['violations'];
  best: AutoReport['best'];
  papers: { totals: AutoReport['papers'][number]['totals'] }[];
  solveMs: number;
}

export const autoKeys = {
  all: ['exam-auto'] as const,
  list: (keyword: string, page: number, size: number) => ['exam-auto', 'list', keyword, page, size] as const,
  exams: (ruleId: number, page: number) => ['exam-auto', 'exams', ruleId, page] as const,
};

export function searchAutoRules(keyword: string, page: number, size: number): Promise<Page<AutoRuleRow>> {
  return postPage<AutoRuleRow>(`${A}/search`, { keyword: keyword || undefined }, { params: { page, size } });
}

export function fetchAutoRule(ruleId: number): Promise<AutoRuleRow> {
  return get<AutoRuleRow>(`${A}/detail`, { ruleId });
}

export function addAutoRule(input: AutoRuleInput): Promise<AutoRuleRow> {
  return post<AutoRuleRow>(`${A}/add`, input);
}

export function modifyAutoRule(ruleId: number, input: AutoRuleInput): Promise<AutoRuleRow> {
  return post<AutoRuleRow>(`${A}/modify`, input, { params: { ruleId } });
}

export function enableAutoRule(ruleId: number, enabled: boolean): Promise<AutoRuleRow> {
  return post<AutoRuleRow>(`${A}/enable`, { enabled }, { params: { ruleId } });
}

export function deleteAutoRules(ids: number[]): Promise<{ count: number }> {
  return post<{ count: number }>(`${A}/delete`, { ids });
}

export function runAutoRule(ruleId: number): Promise<ExamRow> {
  return post<ExamRow>(`${A}/run`, undefined, { params: { ruleId } });
}

export function fetchRuleExams(ruleId: number, page: number, size: number): Promise<Page<ExamRow>> {
  return getPage<ExamRow>(`${A}/exams`, { ruleId, page, size });
}

export function checkAutoGeneration(generation: AutoRules): Promise<GenerationCheck> {
  return post<GenerationCheck>(`${A}/check`, { generation });
}
