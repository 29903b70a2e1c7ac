import type { ReactNode } from 'react';
import { Card, Select, Statistic, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from '../../../components/data-table';
import { Explained } from '../../../components/explained';
import type { TreeOption } from '../../../lib/department-tree';
import { analysisKeys, fetchDepartmentTree } from '../api';

interface SimpleNode {
  departmentId: number;
  name: string;
  children: SimpleNode[];
}

const toTreeData = (nodes: readonly SimpleNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.departmentId,
    title: n.name,
    ...(n.children.length ? { children: toTreeData(n.children) } : {}),
  }));

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
        title={
<Explained label={title} tip={help} />
        }
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

export function DepartmentFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (departmentId: number | undefined) => void;
}): ReactNode {
  const tree = useQuery({ queryKey: analysisKeys.departments, queryFn: fetchDepartmentTree });
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      value={value}
      onChange={(id: number | undefined) => onChange(id ?? undefined)}
      treeData={toTreeData(tree.data ?? [])}
      placeholder="全部部门（含下级）"
      aria-label="部门"
      data-testid="analysis-department"
      style={{ width: 220 }}
    />
  );
}

const MONTH_OPTIONS = [3, 6, 12, 24].map((m) => ({ value: m, label: `近 ${m} 个月` }));

export function MonthsSelect({ value, onChange }: { value: number; onChange: (months: number) => void }) {
  return (
    <Select
      value={value}
      onChange={onChange}
      options={MONTH_OPTIONS}
      aria-label="统计期"
      style={{ width: 130 }}
    />
  );
}
