import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eduProjectMembers, eduProjects, organizations, users } from '../../db/schema';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import type { MemberView, ProjectView } from '@kaopei/shared/contracts/edu';

let t: TestApp;
let college: TestOrg;
let other: TestOrg;

type Detail = ProjectView & { members: MemberView[] };

beforeAll(async () => {
  t = await createTestApp();
  college = await createOrg(t);
  await t.app.deps.db.update(organizations).set({ kind: 'college' }).where(eq(organizations.id, college.id));
  other = await createOrg(t);
});
afterAll(() => t.close());

const sample = () => ({
  name: unique('智能制造实训基地'),
  description: '校企共建实训基地，面向机电专业学生。',
  status: 1,
  startDate: '2024-09-01',
  endDate: '2025-07-15',
  members: [
    {
      memberType: 'college',
      name: '机电工程学院',
      contactName: '李老师',
      contactPhone: '0571-88886666',
      role: '牵头单位',
    },
    {
      memberType: 'enterprise',
      name: '星火智能装备有限公司',
      contactName: '王工',
      contactPhone: '13912345678',
    },
  ],
});

async function create(o: TestOrg, body: Record<string, unknown> = sample()): Promise<Detail> {
  const res = await call(t, 'POST', '/user/api/v1/edu/project/add', { user: o.admin, body });
  expect(res.status).toBe(200);
  return res.body.res?.data as Detail;
}

async function projectCount(o: TestOrg): Promise<number> {
  const [row] = await t.app.deps.db
    .select({ n: count() })
    .from(eduProjects)
    .where(eq(eduProjects.organizationId, o.id));
  return row?.n ?? 0;
}

describe('education–industry projects', () => {
  it('creates a project with members and lists it, filtered by status', async () => {
    const body = sample();
    const project = await create(college, body);
    expect(project).toMatchObject({
      name: body.name,
      status: 1,
      statusName: '进行中',
      startDate: '2024-09-01',
      endDate: '2025-07-15',
      memberCount: 2,
      createdByName: '管理员',
    });
    expect(project.members.map((m) => [m.memberTypeName, m.name, m.contactName])).toEqual([
      ['院校', '机电工程学院', '李老师'],
      ['企业', '星火智能装备有限公司', '王工'],
    ]);
    await create(college, { ...sample(), status: 0, members: [] });

    // Staff members read.
    const all = await call(t, 'GET', '/user/api/v1/edu/project/list?page=0&size=10', { user: college.staff });
    expect(all.status).toBe(200);
    expect(all.body.res?.total).toBe(2);
    const running = await call(t, 'GET', '/user/api/v1/edu/project/list?page=0&size=10&status=1', {
      user: college.staff,
    });
    expect((running.body.res?.data as ProjectView[]).map((p) => p.projectId)).toEqual([project.projectId]);
    const byName = await call(
      t,
      'GET',
      `/user/api/v1/edu/project/list?keyword=${encodeURIComponent(body.name.slice(0, 6))}`,
      { user: college.staff },
    );
    expect(byName.body.res?.total).toBe(2);
    const detail = await call(t, 'GET', `/user/api/v1/edu/project/detail?projectId=${project.projectId}`, {
      user: college.staff,
    });
    expect((detail.body.res?.data as Detail).members).toHaveLength(2);
  });

  it('edits a project, replacing its members, and deletes it with its members', async () => {
    const project = await create(college);
    const res = await call(t, 'POST', `/user/api/v1/edu/project/modify?projectId=${project.projectId}`, {
      user: college.admin,
      body: {
        name: '改名后的项目',
        status: 2,
        startDate: '2023-01-01',
        endDate: '2023-12-31',
        description: '',
        members: [{ memberType: 'enterprise', name: '新合作企业', contactPhone: '' }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.res?.data).toMatchObject({
      name: '改名后的项目',
      statusName: '已结束',
      description: null,
      memberCount: 1,
      members: [{ name: '新合作企业', contactPhone: null, memberType: 'enterprise' }],
    });
    // Without `members` the member list stays.
    const keep = await call(t, 'POST', `/user/api/v1/edu/project/modify?projectId=${project.projectId}`, {
      user: college.admin,
      body: { name: '再次改名', status: 1 },
    });
    expect((keep.body.res?.data as Detail).members).toHaveLength(1);

    const del = await call(t, 'POST', '/user/api/v1/edu/project/delete', {
      user: college.admin,
      body: { projectIds: [project.projectId] },
    });
    expect(del.body.res?.data).toEqual({ count: 1 });
    const [left] = await t.app.deps.db
      .select({ n: count() })
      .from(eduProjectMembers)
      .where(eq(eduProjectMembers.projectId, project.projectId));
    expect(left?.n).toBe(0);
    const gone = await call(t, 'GET', `/user/api/v1/edu/project/detail?projectId=${project.projectId}`, {
      user: college.admin,
    });
    expect(gone.status).toBe(404);
  });

  it('rejects bad input naming the field and changes nothing', async () => {
    const project = await create(college);
    const before = await projectCount(college);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, '请输入项目名称'],
      [{ status: 5 }, '项目状态只能是 0 筹备中、1 进行中或 2 已结束'],
      [{ startDate: '2024/01/01' }, '开始日期格式应为 YYYY-MM-DD'],
      [{ startDate: '2024-12-01', endDate: '2024-01-01' }, '结束日期不能早于开始日期'],
      [
        { members: [{ memberType: 'school', name: 'x' }] },
        '成员类型只能是院校（college）或企业（enterprise）',
      ],
      [{ members: [{ memberType: 'college', name: '' }] }, '请输入成员单位名称'],
      [{ members: [{ memberType: 'college', name: 'x', contactPhone: 'call me' }] }, '联系电话格式不正确'],
    ];
    for (const [patch, message] of cases) {
      const body = { ...sample(), ...patch };
      const add = await call(t, 'POST', '/user/api/v1/edu/project/add', { user: college.admin, body });
      expect(add.status, JSON.stringify(patch)).toBe(400);
      expect(add.body.message).toBe(message);
      const modify = await call(t, 'POST', `/user/api/v1/edu/project/modify?projectId=${project.projectId}`, {
        user: college.admin,
        body,
      });
      expect(modify.status).toBe(400);
    }
    expect(await projectCount(college)).toBe(before);
    const after = await call(t, 'GET', `/user/api/v1/edu/project/detail?projectId=${project.projectId}`, {
      user: college.admin,
    });
    expect(after.body.res?.data).toMatchObject({ name: project.name, memberCount: 2 });
    const badPage = await call(t, 'GET', '/user/api/v1/edu/project/list?status=9', { user: college.admin });
    expect(badPage.status).toBe(400);
    const emptyDelete = await call(t, 'POST', '/user/api/v1/edu/project/delete', {
      user: college.admin,
      body: { projectIds: [] },
    });
    expect(emptyDelete.body.message).toBe('请选择要删除的项目');
  });

  it('lets only administrators change projects', async () => {
    const project = await create(college);
    const add = await call(t, 'POST', '/user/api/v1/edu/project/add', {
      user: college.staff,
      body: sample(),
    });
    expect(add.status).toBe(403);
    const modify = await call(t, 'POST', `/user/api/v1/edu/project/modify?projectId=${project.projectId}`, {
      user: college.staff,
      body: sample(),
    });
    expect(modify.status).toBe(403);
    const del = await call(t, 'POST', '/user/api/v1/edu/project/delete', {
      user: college.staff,
      body: { projectIds: [project.projectId] },
    });
    expect(del.status).toBe(403);
    const detail = await call(t, 'GET', `/user/api/v1/edu/project/detail?projectId=${project.projectId}`, {
      user: college.admin,
    });
    expect(detail.body.res?.data).toMatchObject({ name: project.name });
  });

  it('keeps organisations apart: other organisations’ ids are not found', async () => {
    const project = await create(college);
    const detail = await call(t, 'GET', `/user/api/v1/edu/project/detail?projectId=${project.projectId}`, {
      user: other.admin,
    });
    expect(detail.status).toBe(404);
    expect(detail.body.message).toBe('项目不存在');
    const modify = await call(t, 'POST', `/user/api/v1/edu/project/modify?projectId=${project.projectId}`, {
      user: other.admin,
      body: { name: '越权修改', status: 0 },
    });
    expect(modify.status).toBe(404);
    const del = await call(t, 'POST', '/user/api/v1/edu/project/delete', {
      user: other.admin,
      body: { projectIds: [project.projectId] },
    });
    expect(del.status).toBe(404);
    const list = await call(t, 'GET', '/user/api/v1/edu/project/list', { user: other.admin });
    expect((list.body.res?.data as ProjectView[]).some((p) => p.projectId === project.projectId)).toBe(false);
    // A mixed batch deletes nothing.
    const own = await create(other);
    const mixed = await call(t, 'POST', '/user/api/v1/edu/project/delete', {
      user: other.admin,
      body: { projectIds: [own.projectId, project.projectId] },
    });
    expect(mixed.status).toBe(404);
    const still = await call(t, 'GET', `/user/api/v1/edu/project/detail?projectId=${own.projectId}`, {
      user: other.admin,
    });
    expect(still.status).toBe(200);
    const untouched = await call(t, 'GET', `/user/api/v1/edu/project/detail?projectId=${project.projectId}`, {
      user: college.admin,
    });
    expect(untouched.body.res?.data).toMatchObject({ name: project.name });
  });

  it('is closed to the platform organisation and to anonymous callers', async () => {
    const [platform] = await t.app.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.kind, 'platform'));
    const [user] = await t.app.deps.db
      .insert(users)
      .values({ organizationId: platform?.id ?? 0, account: unique('pl'), realName: '平台', isAdmin: true })
      .returning();
    const token = await t.app.deps.tokens.signAccess({
      userId: user?.id ?? 0,
      organizationId: platform?.id ?? 0,
    });
    const res = await call(t, 'GET', '/user/api/v1/edu/project/list', {
      user: { id: user?.id ?? 0, account: '', phone: '', token },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('产教融合仅对院校和企业用户开放');
    const anonymous = await call(t, 'GET', '/user/api/v1/edu/project/list');
    expect(anonymous.status).toBe(401);
  });
});
