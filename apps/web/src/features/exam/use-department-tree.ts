import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toTreeData } from '../../lib/department-tree';
import { fetchDepartmentTree, messageKeys } from '../message/api';

/** The organisation's departments (the query, for its loading and error states) and their tree options. */
export function useDepartmentTree() {
  const departments = useQuery({ queryKey: messageKeys.departments, queryFn: fetchDepartmentTree });
  const treeData = useMemo(() => toTreeData(departments.data ?? []), [departments.data]);
  return { departments, treeData };
}

export type DepartmentTree = ReturnType<typeof useDepartmentTree>;
