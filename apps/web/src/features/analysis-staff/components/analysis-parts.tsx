import type { ReactNode } from 'react';
import { Select, TreeSelect } from 'antd';
import { useDepartmentTree } from '../../../components/use-department-tree';

export function DepartmentFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (departmentId: number | undefined) => void;
}): ReactNode {
  const { treeData } = useDepartmentTree();
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      value={value}
      onChange={(id: number | undefined) => onChange(id ?? undefined)}
      treeData={treeData}
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
