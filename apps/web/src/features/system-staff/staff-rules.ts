import type { FormRule } from 'antd';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATTERN,
  EMAIL_PATTERN,
  genderLabel,
  PASSWORD_HINT,
  PHONE_PATTERN,
  userStatusLabel,
} from '@kaopei/shared';
import { PASSWORD_PATTERN } from '@kaopei/shared/contracts/staff';
import type { DepartmentNode } from './api';

/**
 * Form rules mirroring the server's (modules/staff/staff.rules.ts), so mistakes show before submitting;
 * the server checks again and has the last word.
 */
export { PASSWORD_HINT, PASSWORD_PATTERN };

export const accountRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入账号' },
  { pattern: ACCOUNT_PATTERN, message: ACCOUNT_MESSAGES.accountFormat },
  {
    validator: (_rule, value: unknown) =>
      typeof value === 'string' && PHONE_PATTERN.test(value)
        ? Promise.reject(new Error(ACCOUNT_MESSAGES.accountLooksLikePhone))
        : Promise.resolve(),
  },
];

export const realNameRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入姓名' },
  { max: 50, message: '姓名不能超过 50 个字符' },
];

export const phoneRules: FormRule[] = [
  { pattern: PHONE_PATTERN, message: '手机号格式不正确，应为 11 位手机号' },
];
export const emailRules: FormRule[] = [
  { pattern: EMAIL_PATTERN, message: '邮箱格式不正确' },
  { max: 200, message: '邮箱不能超过 200 个字符' },
];
export const jobNumberRules: FormRule[] = [{ max: 50, message: '工号不能超过 50 个字符' }];
export const passwordRules: FormRule[] = [
  { pattern: PASSWORD_PATTERN, message: `密码需为 ${PASSWORD_HINT}` },
];

export const departmentNameRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入部门名称' },
  { max: 50, message: '部门名称不能超过 50 个字符' },
  { pattern: /^[^/\\／]*$/, message: '部门名称不能包含“/”或“\\”' },
];

/** 男 / 女 through the shared rule; an unknown gender shows a dash instead of defaulting to 女. */
export function genderText(gender: boolean | null | undefined): string {
  return gender === null || gender === undefined ? '—' : genderLabel(gender);
}

export function statusText(status: number): string {
  return userStatusLabel(status) || '—';
}

/** '' and whitespace become null, so clearing a field clears it on the server. */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export interface DepartmentOption {
  title: string;
  value: number;
  disabled?: boolean;
  children: DepartmentOption[];
}

/** TreeSelect data of the department tree; `excludeId` and its subtree are disabled (move targets). */
export function departmentOptions(nodes: readonly DepartmentNode[], excludeId?: number): DepartmentOption[] {
  const map = (node: DepartmentNode, inExcluded: boolean): DepartmentOption => {
    const excluded = inExcluded || node.departmentId === excludeId;
    return {
      title: node.name,
      value: node.departmentId,
      disabled: excluded || undefined,
      children: node.children.map((child) => map(child, excluded)),
    };
  };
  return nodes.map((node) => map(node, false));
}

export function findDepartment(nodes: readonly DepartmentNode[], id: number): DepartmentNode | undefined {
  for (const node of nodes) {
    if (node.departmentId === id) return node;
    const found = findDepartment(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** Path of names from the top to the department, e.g. 技术部/研发组. */
export function departmentPath(nodes: readonly DepartmentNode[], id: number): string {
  const walk = (list: readonly DepartmentNode[], trail: string[]): string[] | undefined => {
    for (const node of list) {
      const next = [...trail, node.name];
      if (node.departmentId === id) return next;
      const found = walk(node.children, next);
      if (found) return found;
    }
    return undefined;
  };
  return walk(nodes, [])?.join('/') ?? '';
}

/** The siblings list holding the department (top-level list for roots). */
export function siblingsOf(
  nodes: readonly DepartmentNode[],
  parentId: number | null,
): readonly DepartmentNode[] {
  if (parentId === null) return nodes;
  return findDepartment(nodes, parentId)?.children ?? [];
}
