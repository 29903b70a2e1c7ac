import { describe, expect, it } from 'vitest';
import { reportQueryString } from '@kaopei/shared/contracts/analysis-report';
import { definitionFromParams, periodText } from './report-rules';

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

describe('a report address that names too little', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('needs a known kind and a positive whole id', () => {
    expect(definitionFromParams(params('examId=7'))).toBeNull();
    expect(definitionFromParams(params('kind=people&examId=7'))).toBeNull();
    expect(definitionFromParams(params('kind=exam&examId=0'))).toBeNull();
    expect(definitionFromParams(params('kind=exam&examId=1'))).toEqual({ kind: 'exam', examId: 1 });
  });

  it('needs a department and both dates written as dates', () => {
    const full = 'kind=department&departmentId=3&startDate=2025-03-01&endDate=2025-03-31';
    expect(definitionFromParams(params(full))).toEqual({
      kind: 'department',
      departmentId: 3,
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    });
    expect(definitionFromParams(params(full.replace('departmentId=3&', '')))).toBeNull();
    expect(definitionFromParams(params(full.replace('&endDate=2025-03-31', '')))).toBeNull();
    expect(
      definitionFromParams(params(full.replace('startDate=2025-03-01', 'startDate=x2025-03-01'))),
    ).toBeNull();
    expect(
      definitionFromParams(params(full.replace('endDate=2025-03-31', 'endDate=2025-03-311'))),
    ).toBeNull();
  });

  it('writes a period as from 至 to', () => {
    expect(periodText('2025-03-01', '2025-03-31')).toBe('2025-03-01 至 2025-03-31');
  });
});
