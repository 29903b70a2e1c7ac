import type { ReactNode } from 'react';
import { TreeSelect } from 'antd';
import type { DepartmentTree } from '../../../components/use-department-tree';

interface DepartmentTreeSelectProps {
  tree: DepartmentTree;
  label: string;
  testId: string;
  /** Given by the enclosing Form.Item (the id ties its label to the field). */
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
}

/** Departments to choose (a checked parent stands for its whole branch), as exam audiences take them. */
export function DepartmentTreeSelect({
  tree,
  label,
  testId,
  id,
  value,
  onChange,
}: DepartmentTreeSelectProps): ReactNode {
  const { departments, treeData } = tree;
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      treeData={treeData}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      placeholder={departments.isError ? '部门加载失败' : '选择部门'}
      loading={departments.isFetching}
      allowClear
      treeDefaultExpandAll
      maxTagCount="responsive"
      aria-label={label}
      data-testid={testId}
    />
  );
}
