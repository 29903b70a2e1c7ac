import {
  REPORT_KINDS,
  type ReportDefinitionIn,
  type ReportKind,
} from '@kaopei/shared/contracts/analysis-report';

/** Pure rules of the report page (tested in report-rules.test.ts). */

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const date = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/**
 * The report a URL names (`?kind=exam&examId=…` or `?kind=department&departmentId=…&startDate=…&endDate=…`,
 * as reportQueryString writes it), or null when it names none completely.
 */
export function definitionFromParams(params: URLSearchParams): ReportDefinitionIn | null {
  const kind = params.get('kind') as ReportKind | null;
  if (!kind || !(REPORT_KINDS as readonly string[]).includes(kind)) return null;
  if (kind === 'exam') {
    const examId = positive(params.get('examId'));
    return examId ? { kind, examId } : null;
  }
  const departmentId = positive(params.get('departmentId'));
  const startDate = date(params.get('startDate'));
  const endDate = date(params.get('endDate'));
  return departmentId && startDate && endDate ? { kind, departmentId, startDate, endDate } : null;
}

/** "2025-03-01 至 2025-03-31" */
export function periodText(startDate: string, endDate: string): string {
  return `${startDate} 至 ${endDate}`;
}
