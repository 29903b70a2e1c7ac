import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { GroupSummary } from '@kaopei/shared/contracts/exam-analysis';
import { ChartPrintContext } from '../lazy-chart';
import { GroupTable } from './group-table';

const rows: GroupSummary[] = Array.from({ length: 12 }, (_, i) => ({
  name: `部门${i + 1}`,
  n: 10,
  mean: 70,
  median: 70,
  sd: 5,
  min: 60,
  max: 80,
  passCount: 8,
  passRate: 0.8,
}));

const shownNames = () => screen.queryAllByText(/^部门\d+$/).length;

describe('GroupTable', () => {
  it('pages ten rows on screen', () => {
    render(<GroupTable title="部门" rows={rows} />);
    expect(shownNames()).toBe(10);
  });

  it('lists every row when printed (the PDF report)', () => {
    render(
      <ChartPrintContext.Provider value>
        <GroupTable title="部门" rows={rows} />
      </ChartPrintContext.Provider>,
    );
    expect(shownNames()).toBe(12);
  });
});
