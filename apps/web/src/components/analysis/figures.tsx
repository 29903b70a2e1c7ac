import type { ReactNode } from 'react';
import { Card, Statistic } from 'antd';
import type { StaffGroupRow, StaffPersonRow } from '@kaopei/shared/contracts/analysis-staff';
import type { DataTableColumn } from '../data-table';
import { Explained } from '../explained';
import { FIGURE_HELP, oneDecimalText, rateText } from './analysis-format';

/** Figures of the staff analysis and the reports: cards and table columns that explain themselves. */

/** A figure with its explanation in a tooltip (focusable for keyboard users). */
export function FigureCard({
  title,
  help,
  value,
  suffix,
  testId,
}: {
  title: string;
  help: string;
  value: ReactNode;
  suffix?: string | undefined;
  testId?: string;
}): ReactNode {
  return (
    <Card size="small" className="kp-analysis-figure" data-testid={testId}>
      <Statistic
        title={<Explained label={title} tip={help} />}
        value={value === null || value === undefined ? '—' : (value as string | number)}
        suffix={suffix}
      />
    </Card>
  );
}

/** A column whose header explains the figure in a tooltip (the header's title attribute). */
export function explained<T extends object>(column: DataTableColumn<T>, help: string): DataTableColumn<T> {
  return { ...column, onHeaderCell: () => ({ title: help }) as React.HTMLAttributes<HTMLElement> };
}

export function figureColumns<T extends StaffPersonRow | object>(): DataTableColumn<T>[] {
  const num = (key: string) => (_v: unknown, row: T) => (row as Record<string, number>)[key];
  return [
    explained<T>({ title: '考试次数', key: 'graded', width: 90, render: num('graded') }, FIGURE_HELP.graded),
    explained<T>(
      {
        title: '通过率',
        key: 'passRate',
        width: 90,
        render: (_v, row) => rateText((row as { passRate: number | null }).passRate),
      },
      FIGURE_HELP.passRate,
    ),
    explained<T>(
      {
        title: '平均得分率',
        key: 'scoreRate',
        width: 110,
        render: (_v, row) => rateText((row as { scoreRate: number | null }).scoreRate),
      },
      FIGURE_HELP.scoreRate,
    ),
    explained<T>(
      {
        title: '学时(小时)',
        key: 'hours',
        width: 100,
        render: (_v, row) => oneDecimalText((row as { hours: number }).hours),
      },
      FIGURE_HELP.hours,
    ),
    explained<T>(
      { title: '完成课程', key: 'completions', width: 90, render: num('completions') },
      FIGURE_HELP.completions,
    ),
    explained<T>(
      {
        title: '任务完成',
        key: 'tasks',
        width: 90,
        render: (_v, row) => {
          const r = row as { tasksCompleted: number; tasksAssigned: number };
          return `${r.tasksCompleted}/${r.tasksAssigned}`;
        },
      },
      `${FIGURE_HELP.tasksCompleted} / ${FIGURE_HELP.tasksAssigned}`,
    ),
  ];
}

/** The columns of a table of groups (departments, posts, tags) with their figures. */
export function groupColumns<T extends StaffGroupRow>(label: string): DataTableColumn<T>[] {
  return [
    { title: label, key: 'name', width: 140, fixed: 'left', render: (_v, r) => r.name },
    explained<T>(
      { title: '人数', key: 'staffCount', width: 70, render: (_v, r) => r.staffCount },
      FIGURE_HELP.staffCount,
    ),
    explained<T>(
      { title: '参考人数', key: 'examinees', width: 90, render: (_v, r) => r.examinees },
      FIGURE_HELP.examinees,
    ),
    explained<T>(
      {
        title: '参考率',
        key: 'participationRate',
        width: 90,
        render: (_v, r) => rateText(r.participationRate),
      },
      FIGURE_HELP.participationRate,
    ),
    ...figureColumns<T>(),
  ];
}
