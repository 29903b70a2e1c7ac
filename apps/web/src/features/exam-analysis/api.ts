import {
  examAnalysisContracts as contracts,
  type AnalysedExamRow,
  type ExamAnalysis,
  type GroupSummary,
  type ItemStatsView,
  type OptionStatsView,
  type QuestionAcrossRow,
  type RescoreResult,
} from '@kaopei/shared/contracts/exam-analysis';
import { call, callPage } from '../../lib/api';
import { download } from '../../lib/download';

/** 考试分析 / 试题分析 (contracts: packages/shared/src/contracts/exam-analysis.ts). Paging is zero-based. */

export type {
  AnalysedExamRow,
  ExamAnalysis,
  GroupSummary,
  ItemStatsView,
  OptionStatsView,
  QuestionAcrossRow,
  RescoreResult,
};

export const analysisKeys = {
  all: ['exam-analysis'] as const,
  exams: (keyword: string | undefined, page: number, size: number) =>
    ['exam-analysis', 'exams', keyword, page, size] as const,
  exam: (examId: number) => ['exam-analysis', 'exam', examId] as const,
  questions: (filter: { keyword?: string; bankId?: number }, page: number, size: number) =>
    ['exam-analysis', 'questions', filter, page, size] as const,
};

export function fetchAnalysedExams(keyword: string | undefined, page: number, size: number) {
  return callPage(contracts.exams, { query: { keyword, page, size } });
}

export function fetchExamAnalysis(examId: number): Promise<ExamAnalysis> {
  return call(contracts.get, { query: { examId } });
}

export function refreshExamAnalysis(examId: number): Promise<ExamAnalysis> {
  return call(contracts.refresh, { query: { examId } });
}

export function rescoreExam(examId: number): Promise<RescoreResult> {
  return call(contracts.rescore, { query: { examId } });
}

export function exportExamAnalysis(examId: number, examName: string): Promise<string> {
  return download(contracts.export, { query: { examId } }, `${examName}_考试分析.xlsx`);
}

export function fetchQuestionsAcross(
  filter: { keyword?: string; bankId?: number },
  page: number,
  size: number,
) {
  return callPage(contracts.questions, { query: { ...filter, page, size } });
}

export function exportAnalysedExams(keyword: string | undefined): Promise<string> {
  return download(contracts.examsExport, { query: { keyword } }, '考试分析.xlsx');
}

export function exportQuestionsAcross(filter: { keyword?: string; bankId?: number }): Promise<string> {
  return download(contracts.questionsExport, { query: filter }, '试题分析.xlsx');
}
