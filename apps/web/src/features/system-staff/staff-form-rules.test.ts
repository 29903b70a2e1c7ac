import { describe, expect, it } from 'vitest';
import { staffInputOf } from './staff-form-rules';

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
