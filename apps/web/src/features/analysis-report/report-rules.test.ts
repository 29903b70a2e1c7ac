import { describe, expect, it } from 'vitest';
import { reportQueryString } from '@kaopei/shared/contracts/analysis-report';
import { definitionFromParams } from './report-rules';

describe('definitionFromParams', () => {
  it('reads back what reportQueryString writes', () => {
    const exam = { kind: 'exam' as const, examId: 7 };
    const department = {
      kind: 'department' as const,
      departmentId: 3,
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    };
    expect(definitionFromParams(new URLSearchParams(reportQueryString(exam)))).toEqual(exam);
    expect(definitionFromParams(new URLSearchParams(reportQueryString(department)))).toEqual(department);
  });

  it('names no report when a field is missing or wrong', () => {
    expect(definitionFromParams(new URLSearchParams('kind=exam'))).toBeNull();
    expect(definitionFromParams(new URLSearchParams('kind=person&examId=1'))).toBeNull();
    expect(
      definitionFromParams(new URLSearchParams('kind=department&departmentId=3&startDate=2025-03-01')),
    ).toBeNull();
    expect(definitionFromParams(new URLSearchParams('kind=exam&examId=-2'))).toBeNull();
  });
});
