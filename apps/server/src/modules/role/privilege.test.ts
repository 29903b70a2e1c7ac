import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOrg,
  createTestApp,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { createMember, importWorkbook, multipart } from '../../../test/support';
import { permissionMaskFromIndices } from '@kaopei/shared';
import { roles, userRoles, users } from '../../db/schema';
import { insertRole, insertRoleMenus } from '../system/system.repo';

/**
 * Issue 13, point 1: one rule for every path that gives or takes roles. A delegated manager (培训管理员:
 * 员工管理 and 角色权限, but no recruitment) must not reach the recruiter's access — not for himself,
 * not for an account he creates, not by taking over a recruiter's account.
 */
let t: TestApp;
let org: TestOrg;
let manager: TestUser;
let recruiter: TestUser;
let clerk: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  manager = await createMember(t, org, 'manager');
  recruiter = await createMember(t, org, 'recruiter');
  clerk = await createMember(t, org, 'staff');
});
afterAll(() => t.close());

const S = '/user/api/v1/staff';
const R = '/user/api/v1/role';
const BEYOND = '不能授予超出您自身权限的功能：招聘管理';

async function rolesOf(userId: number): Promise<number[]> {
  const rows = await t.app.deps.db.select().from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.roleId).sort((a, b) => a - b);
}

async function passwordHashOf(userId: number): Promise<string> {
  const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? '';
}

async function defaultRoleId(): Promise<number | undefined> {
  const found = await t.app.deps.db
    .select()
    .from(roles)
    .where(inArray(roles.id, Object.values(org.roleIds)));
  return found.find((role) => role.isDefault)?.id;
}

const post = (user: TestUser, url: string, body: unknown) => call(t, 'POST', url, { user, body });

describe('giving roles beyond one’s own access', () => {
  it('staff/add refuses a role beyond the caller and creates nobody', async () => {
    const res = await post(manager, `${S}/add`, {
      account: 'escalate1',
      realName: '越权',
      password: 'Passw0rd!',
      roleIds: [org.roleIds.recruiter],
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(BEYOND);
    const found = await t.app.deps.db.select().from(users).where(eq(users.account, 'escalate1'));
    expect(found).toEqual([]);
  });

  it('staff/modify refuses giving oneself or another a role beyond the caller, and changes nothing', async () => {
    for (const target of [manager, clerk]) {
      const before = await rolesOf(target.id);
      const res = await post(manager, `${S}/modify`, {
        userId: target.id,
        roleIds: [...before, org.roleIds.recruiter],
      });
      expect(res.status, String(target.id)).toBe(403);
      expect(res.body.message).toBe(BEYOND);
      expect(await rolesOf(target.id)).toEqual(before);
    }
  });

  it('role/assign refuses the same (the rule it already had)', async () => {
    const res = await post(manager, `${R}/assign`, {
      userIds: [clerk.id],
      roleIds: [org.roleIds.recruiter],
      mode: 'add',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(BEYOND);
    expect(await rolesOf(clerk.id)).toEqual([org.roleIds.staff]);
  });

  it('role/unassign refuses taking a role beyond the caller', async () => {
    const res = await post(manager, `${R}/unassign`, {
      userIds: [recruiter.id],
      roleIds: [org.roleIds.recruiter],
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(BEYOND);
    expect(await rolesOf(recruiter.id)).toEqual([org.roleIds.recruiter]);
  });

  it('role/modify refuses making a role beyond the caller the default (every new account gets it)', async () => {
    const before = await defaultRoleId();
    const res = await post(manager, `${R}/modify`, { roleId: org.roleIds.recruiter, isDefault: true });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(BEYOND);
    expect(await defaultRoleId()).toBe(before);
  });

  it('allows all of it within the caller’s access: exactly what the caller has is not beyond', async () => {
    const added = await post(manager, `${S}/add`, {
      account: 'withinreach',
      realName: '范围内',
      password: 'Passw0rd!',
      roleIds: [org.roleIds.manager, org.roleIds.trainer],
    });
    expect(added.status).toBe(200);
    const userId = (added.body.res?.data as { userId: number }).userId;
    expect(await rolesOf(userId)).toEqual([org.roleIds.manager, org.roleIds.trainer].sort((a, b) => a - b));
    const modified = await post(manager, `${S}/modify`, { userId: clerk.id, roleIds: [org.roleIds.trainer] });
    expect(modified.status).toBe(200);
    expect(await rolesOf(clerk.id)).toEqual([org.roleIds.trainer]);
    // Saving a recruiter's own roles unchanged gives and takes nothing — but he is beyond the caller.
    const back = await post(manager, `${S}/modify`, { userId: clerk.id, roleIds: [org.roleIds.staff] });
    expect(back.status).toBe(200);
  });
});

describe('acting on people whose access is beyond one’s own', () => {
  it('refuses resetting a recruiter’s password, editing, disabling or moving him, and replacing his roles', async () => {
    const hash = await passwordHashOf(recruiter.id);
    const attempts: [string, unknown][] = [
      [`${S}/reset-password`, { userId: recruiter.id, password: 'Takeover1!' }],
      [`${S}/modify`, { userId: recruiter.id, realName: '改名' }],
      [`${S}/status`, { userIds: [recruiter.id], status: 1 }],
      [`${S}/delete`, { userIds: [recruiter.id] }],
      [`${R}/assign`, { userIds: [recruiter.id], roleIds: [org.roleIds.staff], mode: 'replace' }],
    ];
    for (const [url, body] of attempts) {
      const res = await post(manager, url, body);
      expect(res.status, url).toBe(403);
      expect(res.body.message, url).toMatch(/^不能操作权限超出您自身的员工：/);
    }
    expect(await passwordHashOf(recruiter.id)).toBe(hash);
    expect(await rolesOf(recruiter.id)).toEqual([org.roleIds.recruiter]);
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, recruiter.id));
    expect(row?.status).toBe(0);
  });

  it('lets the organisation admin do every one of these', async () => {
    const res = await post(org.admin, `${S}/modify`, {
      userId: recruiter.id,
      roleIds: [org.roleIds.recruiter, org.roleIds.staff],
    });
    expect(res.status).toBe(200);
    expect(await rolesOf(recruiter.id)).toEqual(
      [org.roleIds.recruiter, org.roleIds.staff].sort((a, b) => a - b),
    );
    const reset = await post(org.admin, `${S}/reset-password`, {
      userId: recruiter.id,
      password: 'Passw0rd!2',
    });
    expect(reset.status).toBe(200);
  });
});

describe('the default role given to new accounts', () => {
  it('refuses adding or importing staff without roles when the default role is beyond the caller', async () => {
    const original = await defaultRoleId();
    const moved = await post(org.admin, `${R}/modify`, { roleId: org.roleIds.recruiter, isDefault: true });
    expect(moved.status).toBe(200);
    try {
      const add = await post(manager, `${S}/add`, {
        account: 'defaultbeyond',
        realName: '默认',
        password: 'Passw0rd!',
      });
      expect(add.status).toBe(403);
      expect(add.body.message).toBe(BEYOND);
      const file = await importWorkbook([['导入', 'importbeyond', '', '', '', '', '', '', 'Passw0rd1']]);
      const { payload, headers } = multipart({}, { name: '员工.xlsx', data: file });
      const imported = await t.app.inject({
        method: 'POST',
        url: `${S}/import?mode=all`,
        headers: { ...headers, authorization: `Bearer ${manager.token}` },
        payload,
      });
      expect(imported.statusCode).toBe(403);
      expect(imported.json<{ message: string }>().message).toBe(BEYOND);
      const found = await t.app.deps.db
        .select()
        .from(users)
        .where(inArray(users.account, ['defaultbeyond', 'importbeyond']));
      expect(found).toEqual([]);
    } finally {
      await post(org.admin, `${R}/modify`, { roleId: original, isDefault: true });
    }
    const add = await post(manager, `${S}/add`, {
      account: 'defaultwithin',
      realName: '默认',
      password: 'Passw0rd!',
    });
    expect(add.status).toBe(200);
  });
});

describe('giving a permission bit one lacks', () => {
  /** A role of the organisation with these permission bits and menus. */
  async function customRole(name: string, permission: number[], menuIds: number[]): Promise<number> {
    const { db } = t.app.deps;
    const role = await insertRole(
      db,
      { organizationId: org.id },
      { name, description: '', permission: permissionMaskFromIndices(permission), isDefault: false },
    );
    if (!role) throw new Error('role insert failed');
    await insertRoleMenus(db, role.id, menuIds);
    return role.id;
  }

  it('is refused even when the role’s menus are all within the caller’s', async () => {
    // 权限专员: 员工管理 and 角色权限 with 课程管理 only; the role to give: the console alone, with 题库管理.
    const delegate = await createMember(t, org, await customRole('权限专员', [1], [100, 1101, 1102]));
    const bankRole = await customRole('题库维护', [2], [100]);
    const target = await createMember(t, org, 'staff');
    const res = await post(delegate, `${R}/assign`, {
      userIds: [target.id],
      roleIds: [bankRole],
      mode: 'add',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('题库管理');
    expect(await rolesOf(target.id)).toEqual([org.roleIds.staff]);
    // The same bit the caller holds is fine.
    const courseRole = await customRole('课程维护', [1], [100]);
    const ok = await post(delegate, `${R}/assign`, {
      userIds: [target.id],
      roleIds: [courseRole],
      mode: 'add',
    });
    expect(ok.status).toBe(200);
    expect(await rolesOf(target.id)).toEqual([org.roleIds.staff, courseRole].sort((a, b) => a - b));
  });
});
