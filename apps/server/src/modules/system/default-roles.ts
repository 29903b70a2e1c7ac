import { permissionMaskFromIndices } from '@kaopei/shared';
import type { DbOrTx } from '../../db/client';
import { insertRole, insertRoleMenus } from './system.repo';

/** The roles every new organisation starts with: the menu ids each grants, and its permission bits. */
export const DEFAULT_ROLES = [
  {
    key: 'manager',
    name: '培训管理员',
    description: '管理考试、试卷、题库、课程与组织架构',
    permission: [1, 2, 3, 4],
    menuIds: [100, 300, 600, 800, 900],
  },
  {
    key: 'trainer',
    name: '培训专员',
    description: '管理学习任务、课程与练习，查看数据分析',
    permission: [1],
    menuIds: [100, 600, 900],
  },
  {
    key: 'recruiter',
    name: '招聘专员',
    description: '管理职位、应聘者与校园招聘',
    permission: [],
    menuIds: [1000],
  },
  {
    key: 'staff',
    name: '普通员工',
    description: '查看控制台与个人消息',
    permission: [],
    menuIds: [100],
  },
] as const;

export type DefaultRoleKey = (typeof DEFAULT_ROLES)[number]['key'];

export async function createDefaultRoles(
  db: DbOrTx,
  organizationId: number,
): Promise<Record<DefaultRoleKey, number>> {
  const ids = {} as Record<DefaultRoleKey, number>;
  for (const def of DEFAULT_ROLES) {
    const role = await insertRole(
      db,
      { organizationId },
      {
        name: def.name,
        description: def.description,
        permission: permissionMaskFromIndices([...def.permission]),
        isDefault: def.key === 'staff',
      },
    );
    if (!role) throw new Error('role insert failed');
    ids[def.key] = role.id;
    await insertRoleMenus(db, role.id, def.menuIds);
  }
  return ids;
}
