import type { DbOrTx } from '../client';
import { departments, userRoles, users } from '../schema';
import { createDefaultRoles, type DefaultRoleKey } from '../../modules/system/default-roles';
import type { Demo } from './demo';

/** The demo departments: name → [parent, sort]; parents come before their children. */
const DEMO_DEPARTMENTS = {
  总经办: [null, 0],
  技术部: [null, 1],
  研发组: ['技术部', 0],
  测试组: ['技术部', 1],
  人力资源部: [null, 2],
  市场部: [null, 3],
} as const satisfies Record<string, readonly [string | null, number]>;

export type DemoDepartment = keyof typeof DEMO_DEPARTMENTS;

async function seedDemoDepartments(
  tx: DbOrTx,
  organizationId: number,
): Promise<Record<DemoDepartment, number>> {
  const ids: Partial<Record<DemoDepartment, number>> = {};
  for (const [name, [parent, sort]] of Object.entries(DEMO_DEPARTMENTS) as [
    DemoDepartment,
    readonly [DemoDepartment | null, number],
  ][]) {
    const [row] = await tx
      .insert(departments)
      .values({ organizationId, name, parentId: parent ? (ids[parent] ?? null) : null, sort })
      .returning({ id: departments.id });
    if (!row) throw new Error('department insert failed');
    ids[name] = row.id;
  }
  return ids as Record<DemoDepartment, number>;
}

/** The demo staff: sunqi is a delegated manager (员工管理 and 角色权限), lisi a recruiter. */
const DEMO_PEOPLE: {
  account: string;
  realName: string;
  gender: boolean;
  jobNumber: string;
  department: DemoDepartment;
  role: DefaultRoleKey | 'admin';
}[] = [
  {
    account: 'admin',
    realName: '系统管理员',
    gender: true,
    jobNumber: 'A0001',
    department: '总经办',
    role: 'admin',
  },
  {
    account: 'zhangsan',
    realName: '张三',
    gender: true,
    jobNumber: 'E1001',
    department: '研发组',
    role: 'staff',
  },
  {
    account: 'lisi',
    realName: '李四',
    gender: false,
    jobNumber: 'E1002',
    department: '人力资源部',
    role: 'recruiter',
  },
  {
    account: 'wangwu',
    realName: '王五',
    gender: true,
    jobNumber: 'E1003',
    department: '测试组',
    role: 'trainer',
  },
  {
    account: 'zhaoliu',
    realName: '赵六',
    gender: false,
    jobNumber: 'E1004',
    department: '市场部',
    role: 'staff',
  },
  {
    account: 'sunqi',
    realName: '孙七',
    gender: true,
    jobNumber: 'E1005',
    department: '研发组',
    role: 'manager',
  },
];

/** Inserts the demo staff (phones 13800000000…, e-mails account@example.com); returns account → id. */
async function seedDemoPeople(
  tx: DbOrTx,
  organizationId: number,
  passwordHash: string,
  departmentIds: Record<DemoDepartment, number>,
  roleIds: Record<DefaultRoleKey, number>,
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [index, { department, role, ...person }] of DEMO_PEOPLE.entries()) {
    const [user] = await tx
      .insert(users)
      .values({
        ...person,
        organizationId,
        passwordHash,
        phone: `1380000000${index}`,
        email: `${person.account}@example.com`,
        departmentId: departmentIds[department],
        isAdmin: role === 'admin',
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert failed');
    ids[person.account] = user.id;
    if (role !== 'admin') await tx.insert(userRoles).values({ userId: user.id, roleId: roleIds[role] });
  }
  return ids;
}

/** Demo step: departments, the default roles and the named demo people. */
export async function seedDemoOrg(demo: Demo): Promise<void> {
  const departmentIds = await seedDemoDepartments(demo.db, demo.organizationId);
  const roleIds = await createDefaultRoles(demo.db, demo.organizationId);
  demo.departments = new Map(Object.entries(departmentIds));
  demo.roles = new Map(Object.entries(roleIds));
  const people = await seedDemoPeople(
    demo.db,
    demo.organizationId,
    demo.passwordHash,
    departmentIds,
    roleIds,
  );
  demo.people = new Map(Object.entries(people));
}
