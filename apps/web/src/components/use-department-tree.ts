import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { departmentContracts } from '@kaopei/shared/contracts/department';
import { TagType } from '@kaopei/shared';
import { tagContracts } from '@kaopei/shared/contracts/tag';
import { call } from '../lib/api';
import { toTreeData } from '../lib/department-tree';

/** One cache for the organisation's department tree (ids and names) wherever a page picks departments. */
export const departmentTreeKey = ['departments', 'simple-tree'] as const;
export const userTagsKey = ['tags', 'user'] as const;

/**
 * The organisation's departments (the query, for its loading and error states) and their tree options;
 * `enabled: false` defers the request until a dialog opens.
 */
export function useDepartmentTree(enabled = true) {
  const departments = useQuery({
    queryKey: departmentTreeKey,
    queryFn: () => call(departmentContracts.subtree, { query: {} }),
    enabled,
  });
  const treeData = useMemo(() => toTreeData(departments.data ?? []), [departments.data]);
  return { departments, treeData };
}

export type DepartmentTree = ReturnType<typeof useDepartmentTree>;

/** The organisation's user tags (tag type 用户) as select options. */
export function useUserTags(enabled = true) {
  const tags = useQuery({
    queryKey: userTagsKey,
    queryFn: () => call(tagContracts.simple, { query: { type: TagType.USER } }),
    enabled,
  });
  const options = useMemo(
    () => (tags.data ?? []).map((t) => ({ value: t.tagId, label: t.name })),
    [tags.data],
  );
  return { tags, options };
}
