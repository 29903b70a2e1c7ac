import type { ReactNode } from 'react';
import { Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
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
