import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../lib/download';
import { validatorOf } from '../../lib/form-rule-validator.testing';
import type { DepartmentNode } from './api';
import { ACCOUNT_PATTERN } from '@kaopei/shared';
import {
  PASSWORD_PATTERN,
  blankToNull,
  departmentOptions,
  departmentPath,
  accountRules,
  findDepartment,
  genderText,
  siblingsOf,
  statusText,
} from './staff-rules';

const node = (
  departmentId: number,
  name: string,
  parentId: number | null,
  children: DepartmentNode[] = [],
) => ({
  departmentId,
  name,
  parentId,
  sort: 0,
  staffCount: 0,
  ownStaffCount: 0,
  children,
});

const tree: DepartmentNode[] = [
  node(1, '技术部', null, [node(2, '研发组', 1, [node(4, '前端', 2)]), node(3, '测试组', 1)]),
  node(5, '市场部', null),
];

describe('staff page rules', () => {
  it('reads UTF-8 file names from Content-Disposition, falling back to the plain name', () => {
    const header = `attachment; filename="_____20240102.xlsx"; filename*=UTF-8''${encodeURIComponent('员工信息_20240102.xlsx')}`;
    expect(fileNameFromDisposition(header, 'x.xlsx')).toBe('员工信息_20240102.xlsx');
    expect(fileNameFromDisposition('attachment; filename="plain.zip"', 'x.xlsx')).toBe('plain.zip');
    expect(fileNameFromDisposition(undefined, 'x.xlsx')).toBe('x.xlsx');
  });

  it('builds department paths and move targets that exclude a subtree', () => {
    expect(departmentPath(tree, 4)).toBe('技术部/研发组/前端');
    expect(departmentPath(tree, 99)).toBe('');
    const options = departmentOptions(tree, 2);
    expect(options[0]?.disabled).toBeUndefined();
    expect(options[0]?.children[0]?.disabled).toBe(true);
    expect(options[0]?.children[0]?.children[0]?.disabled).toBe(true);
    expect(options[0]?.children[1]?.disabled).toBeUndefined();
    expect(siblingsOf(tree, null).map((d) => d.name)).toEqual(['技术部', '市场部']);
    expect(siblingsOf(tree, 1).map((d) => d.name)).toEqual(['研发组', '测试组']);
  });

  it('shows gender through the shared rule and a dash when unknown', () => {
    expect(genderText(true)).toBe('男');
    expect(genderText(false)).toBe('女');
    expect(genderText(null)).toBe('—');
    // An unknown gender is never shown as 女 (the shared genderLabel alone would say 女).
    expect(genderText(undefined)).toBe('—');
    expect([genderText(null), genderText(undefined)]).not.toContain('女');
  });

  it('mirrors the server’s account and password rules', () => {
    expect(ACCOUNT_PATTERN.test('zhang_san1')).toBe(true);
    expect(ACCOUNT_PATTERN.test('ab')).toBe(false);
    expect(PASSWORD_PATTERN.test('Abc12345')).toBe(true);
    expect(PASSWORD_PATTERN.test('abcdefgh')).toBe(false);
    expect(blankToNull('  ')).toBeNull();
    expect(blankToNull(' a ')).toBe('a');
  });
});

describe('staff rules at their edges', () => {
  it('finds a department past the first branch, and none for an unknown id', () => {
    expect(findDepartment(tree, 3)?.name).toBe('测试组');
    expect(findDepartment(tree, 4)?.name).toBe('前端');
    expect(findDepartment(tree, 99)).toBeUndefined();
    expect(siblingsOf(tree, 99)).toEqual([]);
  });

  it('names a status, and an unknown one as —', () => {
    expect(statusText(0)).toBe('在职');
    expect(statusText(1)).toBe('离职');
    expect(statusText(9)).toBe('—');
  });

  it('refuses an account that looks like a phone number', async () => {
    const validate = validatorOf(accountRules);
    await expect(validate({}, '13800138000')).rejects.toThrow();
    await expect(validate({}, 'zhangsan')).resolves.toBeUndefined();
    await expect(validate({}, undefined)).resolves.toBeUndefined();
  });
});
