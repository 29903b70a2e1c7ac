import { describe, expect, it } from 'vitest';
import type { StaffRow } from './api';
import { staffFormValues, staffInputOf } from './staff-form-rules';

describe('staffInputOf', () => {
  it('trims names and sends blank optional fields as null', () => {
    expect(
      staffInputOf(
        { realName: ' 张三 ', account: ' zhangsan ', phone: '  ', email: '', jobNumber: undefined },
        true,
      ),
    ).toEqual({
      realName: '张三',
      account: 'zhangsan',
      phone: null,
      email: null,
      gender: null,
      jobNumber: null,
      departmentId: null,
      postId: null,
      roleIds: [],
    });
  });

  it('sends roles only when the caller may assign them', () => {
    const values = { realName: '李四', account: 'lisi', gender: false, departmentId: 3, roleIds: [7] };
    expect(staffInputOf(values, true)).toMatchObject({ gender: false, departmentId: 3, roleIds: [7] });
    expect(staffInputOf(values, false)).not.toHaveProperty('roleIds');
  });
});

describe('staffFormValues', () => {
  const row: StaffRow = {
    userId: 9,
    account: 'wangwu',
    realName: '王五',
    gender: true,
    phone: null,
    email: 'w@example.com',
    jobNumber: null,
    status: 0,
    departmentId: null,
    departmentName: null,
    postVO: { postId: 4, postName: '工程师' },
    roles: [
      { roleId: 2, name: '阅卷人' },
      { roleId: 5, name: '讲师' },
    ],
    isAdmin: false,
    createdAt: 0,
  };

  it('fills the form from a person, blank fields as empty text and no department as unset', () => {
    expect(staffFormValues(row)).toEqual({
      realName: '王五',
      account: 'wangwu',
      phone: '',
      email: 'w@example.com',
      gender: true,
      jobNumber: '',
      departmentId: undefined,
      postId: 4,
      roleIds: [2, 5],
    });
    expect(
      staffFormValues({ ...row, phone: '13800000000', jobNumber: 'A1', departmentId: 3, postVO: null }),
    ).toMatchObject({
      phone: '13800000000',
      jobNumber: 'A1',
      departmentId: 3,
      postId: undefined,
    });
  });

  it('sends a person loaded into the form back unchanged', () => {
    expect(staffInputOf(staffFormValues(row), true)).toEqual({
      realName: '王五',
      account: 'wangwu',
      phone: null,
      email: 'w@example.com',
      gender: true,
      jobNumber: null,
      departmentId: null,
      postId: 4,
      roleIds: [2, 5],
    });
  });
});
