import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';
import { departments, noticeReceives, notices, organizations, userRoles, users } from './schema';
import { hashPassword } from '../core/crypto';
import { recordActivity } from '../core/activity';
import { syncMenus } from '../modules/menu/menu.service';
import { createDefaultRoles } from '../modules/system/default-roles';

export const PLATFORM_ORG_NAME = '考培平台';
export const DEMO_ORG_NAME = '示例科技有限公司';

/** Reference data every installation needs: the menu tree and the platform organisation. */
export async function seedReference(db: Db): Promise<void> {
  await syncMenus(db);
  const [platform] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'));
  if (!platform) await db.insert(organizations).values({ name: PLATFORM_ORG_NAME, kind: 'platform' });
}

/** Account of the platform administrator (reviews organisation applications). */
export const PLATFORM_ADMIN_ACCOUNT = 'platform';

async function platformOrganizationId(db: DbOrTx): Promise<number> {
  const [platform] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'))
    .orderBy(organizations.id)
    .limit(1);
  if (!platform) throw new Error('platform organisation missing: run seedReference first');
  return platform.id;
}

/**
 * Makes sure the platform administrator exists with `password` (PLATFORM_ADMIN_PASSWORD, at every start,
 * so that changing the variable rotates the password). Returns what it did; 'conflict' when the account
 * name belongs to someone outside the platform organisation (nothing is changed then).
 */
export async function ensurePlatformAdmin(
  db: Db,
  password: string,
): Promise<'created' | 'updated' | 'conflict'> {
  const platformId = await platformOrganizationId(db);
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(sql`lower(${users.account}) = ${PLATFORM_ADMIN_ACCOUNT}`);
  if (existing && existing.organizationId !== platformId) return 'conflict';
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, isAdmin: true, status: 0, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    return 'updated';
  }
  await db.insert(users).values({
    organizationId: platformId,
    account: PLATFORM_ADMIN_ACCOUNT,
    realName: '平台管理员',
    isAdmin: true,
    passwordHash,
  });
  return 'created';
}

export const DEMO_ACCOUNTS = [
  { account: 'admin', realName: '系统管理员', note: '组织管理员' },
  { account: 'zhangsan', realName: '张三', note: '普通员工' },
  { account: PLATFORM_ADMIN_ACCOUNT, realName: '平台管理员', note: '审核组织入驻申请' },
] as const;

/** The demo organisation, once (idempotent: skipped when the demo admin exists). Returns true when it seeded. */
export async function seedDemo(db: Db, password: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.account}) = 'admin'`);
  if (existing) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_ORG_NAME, kind: 'enterprise' })
      .returning({ id: organizations.id });
    if (!org) throw new Error('demo organisation insert failed');
    const dept = async (name: string, parentId: number | null, sort: number) => {
      const [row] = await tx
        .insert(departments)
        .values({ organizationId: org.id, name, parentId, sort })
        .returning({ id: departments.id });
      if (!row) throw new Error('department insert failed');
      return row.id;
    };
    const office = await dept('总经办', null, 0);
    const tech = await dept('技术部', null, 1);
    const dev = await dept('研发组', tech, 0);
    const qa = await dept('测试组', tech, 1);
    const hr = await dept('人力资源部', null, 2);
    const sales = await dept('市场部', null, 3);
    const roleIds = await createDefaultRoles(tx, org.id);
    await tx
      .insert(users)
      .values({
        organizationId: await platformOrganizationId(tx),
        account: PLATFORM_ADMIN_ACCOUNT,
        realName: '平台管理员',
        isAdmin: true,
        passwordHash,
      })
      .onConflictDoNothing();

    const people = [
      {
        account: 'admin',
        realName: '系统管理员',
        phone: '13800000000',
        email: 'admin@example.com',
        gender: true,
        jobNumber: 'A0001',
        departmentId: office,
        isAdmin: true,
        role: null,
      },
      {
        account: 'zhangsan',
        realName: '张三',
        phone: '13800000001',
        email: 'zhangsan@example.com',
        gender: true,
        jobNumber: 'E1001',
        departmentId: dev,
        isAdmin: false,
        role: roleIds.staff,
      },
      {
        account: 'lisi',
        realName: '李四',
        phone: '13800000002',
        email: 'lisi@example.com',
        gender: false,
        jobNumber: 'E1002',
        departmentId: hr,
        isAdmin: false,
        role: roleIds.recruiter,
      },
      {
        account: 'wangwu',
        realName: '王五',
        phone: '13800000003',
        email: 'wangwu@example.com',
        gender: true,
        jobNumber: 'E1003',
        departmentId: qa,
        isAdmin: false,
        role: roleIds.trainer,
      },
      {
        account: 'zhaoliu',
        realName: '赵六',
        phone: '13800000004',
        email: 'zhaoliu@example.com',
        gender: false,
        jobNumber: 'E1004',
        departmentId: sales,
        isAdmin: false,
        role: roleIds.staff,
      },
      {
        account: 'sunqi',
        realName: '孙七',
        phone: '13800000005',
        email: 'sunqi@example.com',
        gender: true,
        jobNumber: 'E1005',
        departmentId: dev,
        isAdmin: false,
        role: roleIds.manager,
      },
    ];
    const ids: Record<string, number> = {};
    for (const { role, ...person } of people) {
      const [user] = await tx
        .insert(users)
        .values({ ...person, organizationId: org.id, passwordHash })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert failed');
      ids[person.account] = user.id;
      if (role) await tx.insert(userRoles).values({ userId: user.id, roleId: role });
    }

    const send = async (
      senderId: number | null,
      type: number,
      title: string,
      content: string,
      to: number[],
    ) => {
      const [notice] = await tx
        .insert(notices)
        .values({ organizationId: org.id, senderId, type, title, content })
        .returning({ id: notices.id });
      if (!notice) throw new Error('notice insert failed');
      await tx.insert(noticeReceives).values(to.map((userId) => ({ noticeId: notice.id, userId })));
    };
    const everyone = Object.values(ids);
    await send(
      null,
      1,
      '欢迎使用考培',
      '欢迎使用考培人才测评与培训平台！您可以在控制台查看组织概况。',
      everyone,
    );
    await send(
      ids.admin ?? null,
      0,
      '培训通知',
      '本月安全生产培训将于下周一开始，请大家按时参加。',
      everyone.filter((id) => id !== ids.admin),
    );
    await send(
      ids.admin ?? null,
      0,
      '考试提醒',
      '岗位技能考核即将开放报名，请关注后续通知。',
      everyone.filter((id) => id !== ids.admin),
    );
    await recordActivity(tx, {
      organizationId: org.id,
      actorId: ids.admin,
      action: 'setup',
      detail: `创建了组织「${DEMO_ORG_NAME}」`,
    });
  });
  return true;
}
