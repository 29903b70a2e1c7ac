import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Portrayal, PortrayalLink, PublicPosition } from '@kaopei/shared/contracts/post-public';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { staffWithMenus } from '../paper/paper.fixtures';
import {
  abilities,
  abilityDimensions,
  abilityMaterials,
  examAttempts,
  exams,
  knowledgeNodes,
  postAbilities,
  postDepartments,
  postKnowledge,
  posts,
  staffAbilities,
  tags,
  users,
  userTags,
} from '../../db/schema';
import { signPortrayalToken } from './post-public.service';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
const PUBLIC = '/post/api/v1/public';
const SHARE = '/post/api/v1/portrayal/share';
/** The 人岗匹配 menu entry (menu.data.ts leaf 306). */
const MATCH_MENU_ID = 306;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

interface Fixture {
  postId: number;
  token: string;
  personId: number;
  abilityIds: [number, number];
}

/** A shared post with a two-ability model, knowledge map and materials; a person on it with levels, exams, tags. */
async function buildFixture(o: TestOrg, personId: number): Promise<Fixture> {
  const { db } = t.app.deps;
  const organizationId = o.id;
  const [dimension] = await db
    .insert(abilityDimensions)
    .values({ organizationId, name: '专业技能' })
    .returning();
  const anchors = [1, 2, 3, 4, 5].map((level) => ({ level, name: `L${level}`, behaviour: `行为${level}` }));
  const [a1, a2] = await db
    .insert(abilities)
    .values([
      { organizationId, dimensionId: dimension!.id, name: 'Java 编程', levels: anchors, sort: 1 },
      { organizationId, dimensionId: dimension!.id, name: '沟通协作', levels: anchors, sort: 2 },
    ])
    .returning();
  const token = unique('share');
  const [post] = await db
    .insert(posts)
    .values({
      organizationId,
      name: unique('Java开发'),
      grade: 'P5',
      duties: '开发后端服务',
      shareToken: token,
    })
    .returning();
  await db.insert(postDepartments).values({ postId: post!.id, departmentId: o.departmentIds[0]! });
  await db.insert(postAbilities).values([
    { postId: post!.id, abilityId: a1!.id, requiredLevel: 4, weight: 60, sort: 1 },
    { postId: post!.id, abilityId: a2!.id, requiredLevel: 3, weight: 40, sort: 2 },
  ]);
  const [root] = await db.insert(knowledgeNodes).values({ organizationId, name: 'Java' }).returning();
  const [leaf] = await db
    .insert(knowledgeNodes)
    .values({ organizationId, name: '集合框架', parentId: root!.id })
    .returning();
  await db.insert(postKnowledge).values({ postId: post!.id, knowledgeId: leaf!.id, mastery: 3 });
  await db.insert(abilityMaterials).values([
    {
      organizationId,
      abilityId: a1!.id,
      level: 3,
      kind: 'link',
      title: '并发编程实战',
      url: 'https://example.com/c',
    },
    {
      organizationId,
      abilityId: a1!.id,
      level: 1,
      kind: 'link',
      title: 'Java 入门',
      url: 'https://example.com/i',
    },
    { organizationId, abilityId: a2!.id, level: null, kind: 'document', title: '沟通手册' },
  ]);
  await db.update(users).set({ postId: post!.id }).where(eq(users.id, personId));
  await db.insert(staffAbilities).values([
    { organizationId, userId: personId, abilityId: a1!.id, examLevel: 2, level: 2 },
    { organizationId, userId: personId, abilityId: a2!.id, ratingLevel: 3, level: 3 },
  ]);
  const [exam] = await db
    .insert(exams)
    .values({ organizationId, name: 'Java 岗位考试', status: 1 })
    .returning();
  const now = Date.now();
  await db.insert(examAttempts).values([
    {
      examId: exam!.id,
      organizationId,
      userId: personId,
      attemptNo: 1,
      status: 2,
      deadlineAt: new Date(now),
      submittedAt: new Date(now - 1000),
      totalPoints: 100,
      score: 72.5,
      passed: 1,
    },
    // Not graded yet: not in the history.
    {
      examId: exam!.id,
      organizationId,
      userId: personId,
      attemptNo: 2,
      status: 1,
      deadlineAt: new Date(now),
      totalPoints: 100,
    },
  ]);
  const [tag] = await db
    .insert(tags)
    .values({ organizationId, type: 4, name: unique('骨干') })
    .returning();
  await db.insert(userTags).values({ userId: personId, tagId: tag!.id });
  return { postId: post!.id, token, personId, abilityIds: [a1!.id, a2!.id] };
}

let mine: Fixture;
let theirs: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  mine = await buildFixture(org, org.staff.id);
  theirs = await buildFixture(other, other.staff.id);
});
afterAll(() => t.close());

describe('the published profile of a post', () => {
  it('serves the shared post without sign-in: model with anchors, departments, knowledge map', async () => {
    const res = await call(t, 'GET', `${PUBLIC}/position?token=${mine.token}`);
    expect(res.status).toBe(200);
    const position = data<PublicPosition>(res);
    expect(position).toMatchObject({ organizationName: org.name, grade: 'P5', duties: '开发后端服务' });
    expect(position.departments).toEqual(['研发部']);
    expect(position.abilities.map((a) => [a.name, a.requiredLevel, a.weight])).toEqual([
      ['Java 编程', 4, 60],
      ['沟通协作', 3, 40],
    ]);
    expect(position.abilities[0]?.levels).toHaveLength(5);
    expect(position.abilities[0]?.dimension).toBe('专业技能');
    expect(position.knowledge).toEqual([
      expect.objectContaining({ name: '集合框架', parentName: 'Java', mastery: 3 }),
    ]);
  });

  it('answers 404 with a Chinese message for an unknown or revoked token, and for a blank one 400', async () => {
    const unknown = await call(t, 'GET', `${PUBLIC}/position?token=nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('岗位分享链接无效');
    await t.app.deps.db.update(posts).set({ shareToken: null }).where(eq(posts.id, theirs.postId));
    const revoked = await call(t, 'GET', `${PUBLIC}/position?token=${theirs.token}`);
    expect(revoked.status).toBe(404);
    const blank = await call(t, 'GET', `${PUBLIC}/position?token=`);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('分享链接');
  });
});

describe('portrait links', () => {
  it('an administrator creates a link; the portrait shows that one person against the post', async () => {
    const res = await call(t, 'POST', SHARE, {
      user: org.admin,
      body: { userId: mine.personId, expiresInHours: 24 },
    });
    expect(res.status).toBe(200);
    const link = data<PortrayalLink>(res);
    expect(link.url).toContain(`/frame/portrayal?token=${encodeURIComponent(link.token)}`);
    expect(link.expiresAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(link.expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    const read = await call(t, 'GET', `${PUBLIC}/portrayal?token=${encodeURIComponent(link.token)}`);
    expect(read.status).toBe(200);
    const portrait = data<Portrayal>(read);
    expect(portrait.person).toMatchObject({ realName: '员工', departmentName: '前端组' });
    expect(portrait.abilities.map((a) => [a.name, a.requiredLevel, a.level, a.gap])).toEqual([
      ['Java 编程', 4, 2, 2],
      ['沟通协作', 3, 3, 0],
    ]);
    // 60 × 2/4 + 40 × 1 = 70.
    expect(portrait.match).toEqual({ matchRate: 70, band: '基本胜任', metCount: 1, unmeasuredCount: 0 });
    expect(portrait.exams).toEqual([
      expect.objectContaining({ examName: 'Java 岗位考试', score: 72.5, totalPoints: 100, passed: true }),
    ]);
    // Only the level still to reach (3 and 4 for a person at 2): not the entry course, nothing for 沟通协作.
    expect(portrait.learning.map((m) => m.title)).toEqual(['并发编程实战']);
    expect(portrait.tags).toHaveLength(1);
    expect(portrait.expiresAt).toBe(link.expiresAt);
  });

  it('a member with the 人岗匹配 menu may create links; one without it may not', async () => {
    const matcher = await staffWithMenus(t, org, [MATCH_MENU_ID]);
    const allowed = await call(t, 'POST', SHARE, { user: matcher, body: { userId: org.admin.id } });
    expect(allowed.status).toBe(200);
    const portrait = data<Portrayal>(
      await call(
        t,
        'GET',
        `${PUBLIC}/portrayal?token=${encodeURIComponent(data<PortrayalLink>(allowed).token)}`,
      ),
    );
    // The admin has no post: no model, no match, but still a portrait.
    expect(portrait.person.realName).toBe('管理员');
    expect(portrait.abilities).toEqual([]);
    expect(portrait.match).toBeNull();
    const refused = await call(t, 'POST', SHARE, { user: org.staff, body: { userId: org.admin.id } });
    expect(refused.status).toBe(403);
    const anonymous = await call(t, 'POST', SHARE, { body: { userId: org.admin.id } });
    expect(anonymous.status).toBe(401);
  });

  it("refuses another organisation's person (404) and bad input naming the field", async () => {
    const foreign = await call(t, 'POST', SHARE, {
      user: org.admin,
      body: { userId: theirs.personId, expiresInHours: 24 },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('人员不存在');
    for (const expiresInHours of [0, 721, 1.5, 'x']) {
      const bad = await call(t, 'POST', SHARE, {
        user: org.admin,
        body: { userId: mine.personId, expiresInHours },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('有效期（小时）');
    }
    const noUser = await call(t, 'POST', SHARE, { user: org.admin, body: { expiresInHours: 24 } });
    expect(noUser.status).toBe(400);
    expect(noUser.body.message).toContain('人员');
  });

  it('refuses an expired link and a tampered one with 403, showing nothing of the person', async () => {
    const secret = t.config.jwtSecret;
    const expired = signPortrayalToken(secret, mine.personId, org.id, Date.now() - 1000);
    const late = await call(t, 'GET', `${PUBLIC}/portrayal?token=${encodeURIComponent(expired)}`);
    expect(late.status).toBe(403);
    expect(late.body.message).toContain('已过期');
    expect(late.body.res).toBeNull();

    const genuine = signPortrayalToken(secret, mine.personId, org.id, Date.now() + 3600_000);
    const [, mac] = genuine.split('.');
    // The same signature over another organisation's person.
    const forged = `${Buffer.from(`${theirs.personId}.${other.id}.${Date.now() + 3600_000}`).toString('base64url')}.${mac}`;
    const tampered = await call(t, 'GET', `${PUBLIC}/portrayal?token=${encodeURIComponent(forged)}`);
    expect(tampered.status).toBe(403);
    expect(tampered.body.message).toBe('画像链接无效');
    // A link signed with another key (e.g. an exam report link) does not open a portrait.
    const otherKey = signPortrayalToken(`${secret}x`, mine.personId, org.id, Date.now() + 3600_000);
    expect((await call(t, 'GET', `${PUBLIC}/portrayal?token=${encodeURIComponent(otherKey)}`)).status).toBe(
      403,
    );
  });

  it('a link to a person who has since been deleted answers 404', async () => {
    const { db } = t.app.deps;
    const [gone] = await db
      .insert(users)
      .values({ organizationId: org.id, account: unique('gone'), realName: '离开者', status: 2 })
      .returning();
    const token = signPortrayalToken(t.config.jwtSecret, gone!.id, org.id, Date.now() + 3600_000);
    const res = await call(t, 'GET', `${PUBLIC}/portrayal?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(404);
  });
});
