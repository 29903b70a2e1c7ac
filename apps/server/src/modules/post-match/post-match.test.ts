import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { effectiveLevel, matchPost } from '@kaopei/shared';
import type {
  AbilityProfile,
  Heatmap,
  HeatmapPerson,
  MatchDetail,
  MatchTreeNode,
  ProfileAbility,
  RankingRow,
} from '@kaopei/shared/contracts/post-match';
import {
  call,
  createOrg,
  createTestApp,
  unique,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { createMember, createRole, download, readWorkbook, sheetRows } from '../../../test/support';
import {
  abilities,
  abilityDimensions,
  departments,
  postAbilities,
  posts,
  staffAbilities,
} from '../../db/schema';

const M = '/post/api/v1/match';
const MATCH_MENU_ID = 306;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

let t: TestApp;

// ---------------------------------------------------------------------------------------------------------
// Factories: abilities, a post model and profile rows written directly (the ability and post-exam parts own
// the endpoints that write them).
// ---------------------------------------------------------------------------------------------------------

async function createAbilities(org: TestOrg, names: string[]): Promise<number[]> {
  const { db } = t.app.deps;
  const [dimension] = await db
    .insert(abilityDimensions)
    .values({ organizationId: org.id, name: unique('维度') })
    .returning();
  const rows = await db
    .insert(abilities)
    .values(
      names.map((name, sort) => ({
        organizationId: org.id,
        dimensionId: dimension!.id,
        name,
        sort,
        levels: [1, 2, 3, 4, 5].map((level) => ({
          level,
          name: `L${level}`,
          behaviour: `${name} 行为 ${level}`,
        })),
      })),
    )
    .returning({ id: abilities.id });
  return rows.map((r) => r.id);
}

interface Requirement {
  abilityId: number;
  requiredLevel: number;
  weight: number;
}

async function createModelPost(org: TestOrg, model: Requirement[]): Promise<number> {
  const { db } = t.app.deps;
  const [post] = await db
    .insert(posts)
    .values({ organizationId: org.id, name: unique('岗位') })
    .returning();
  await db.insert(postAbilities).values(model.map((r, sort) => ({ postId: post!.id, ...r, sort })));
  return post!.id;
}

async function setLevel(
  org: TestOrg,
  userId: number,
  abilityId: number,
  exam: number | null,
  rating: number | null,
) {
  await t.app.deps.db.insert(staffAbilities).values({
    organizationId: org.id,
    userId,
    abilityId,
    examLevel: exam,
    ratingLevel: rating,
    level: effectiveLevel(exam, rating)!,
  });
}

async function person(
  org: TestOrg,
  realName: string,
  departmentId: number,
  postId?: number,
): Promise<TestUser> {
  return createMember(t, org, 'staff', { realName, departmentId, postId });
}

async function storedRow(userId: number, abilityId: number) {
  const [row] = await t.app.deps.db
    .select()
    .from(staffAbilities)
    .where(and(eq(staffAbilities.userId, userId), eq(staffAbilities.abilityId, abilityId)));
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// The known dataset
// ---------------------------------------------------------------------------------------------------------

let org: TestOrg;
let other: TestOrg;
let rater: TestUser;
let d1: number;
let d2: number;
let d3: number;
let a: number[];
let postId: number;
let model: Requirement[];
const people: Record<string, TestUser> = {};
let otherAbility: number;
let otherPost: number;
let otherPerson: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  [d1, d2] = org.departmentIds as [number, number];
  const [dept3] = await t.app.deps.db
    .insert(departments)
    .values({ organizationId: org.id, name: '测试部' })
    .returning();
  d3 = dept3!.id;
  a = await createAbilities(org, ['编码', '设计', '沟通']);
  model = [
    { abilityId: a[0]!, requiredLevel: 3, weight: 50 },
    { abilityId: a[1]!, requiredLevel: 4, weight: 30 },
    { abilityId: a[2]!, requiredLevel: 2, weight: 20 },
  ];
  postId = await createModelPost(org, model);
  people.u1 = await person(org, '甲一', d1, postId);
  people.u2 = await person(org, '乙二', d2, postId);
  people.u3 = await person(org, '丙三', d3);
  people.u4 = await person(org, '丁四', d2);
  people.u6 = await person(org, '戊六', d2);
  await setLevel(org, people.u1.id, a[0]!, 3, null);
  await setLevel(org, people.u1.id, a[1]!, 4, 2); // 3.4
  await setLevel(org, people.u2.id, a[0]!, null, 5);
  await setLevel(org, people.u2.id, a[1]!, 4, null);
  await setLevel(org, people.u2.id, a[2]!, 2, null);
  await setLevel(org, people.u3.id, a[0]!, 1, null);
  await setLevel(org, people.u6.id, a[0]!, 2, null);
  const raterRole = await createRole(t, org, [MATCH_MENU_ID]);
  rater = await createMember(t, org, raterRole, { realName: '评定经理', departmentId: d3 });
  otherAbility = (await createAbilities(other, ['外部能力']))[0]!;
  otherPost = await createModelPost(other, [{ abilityId: otherAbility!, requiredLevel: 3, weight: 100 }]);
  otherPerson = await createMember(t, other, 'staff', { realName: '外人' });
});
afterAll(() => t.close());

describe('ranking, tree and detail', () => {
  it('ranks everyone by the SQL match rate, which equals matchPost', async () => {
    const res = await call(t, 'GET', `${M}/ranking?postId=${postId}&scope=all&page=0&size=50`, {
      user: org.admin,
    });
    expect(res.status).toBe(200);
    const rows = data<RankingRow[]>(res);
    // admin, staff, u1, u2, u3, u4, u6 and the rater
    expect(res.body.res?.total).toBe(8);
    expect(
      rows
        .slice(0, 4)
        .map((r) => [r.realName, r.matchRate, r.band, r.metCount, r.gapCount, r.unmeasuredCount]),
    ).toEqual([
      ['乙二', 100, '胜任', 3, 0, 0],
      ['甲一', 75.5, '基本胜任', 1, 2, 1],
      ['戊六', 33.3, '待提升', 0, 3, 2],
      ['丙三', 16.7, '待提升', 0, 3, 2],
    ]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
    expect(rows.slice(4).every((r) => r.matchRate === 0 && r.unmeasuredCount === 3)).toBe(true);
    const page = await call(t, 'GET', `${M}/ranking?postId=${postId}&page=1&size=3`, { user: org.admin });
    expect(data<RankingRow[]>(page).map((r) => r.realName)).toEqual([
      '丙三',
      ...rows.slice(4, 6).map((r) => r.realName),
    ]);
  });

  it('limits the ranking to a department (with or without sub-departments), the holders, or non-holders', async () => {
    const names = async (query: string) =>
      data<RankingRow[]>(
        await call(t, 'GET', `${M}/ranking?postId=${postId}&${query}`, { user: org.admin }),
      ).map((r) => r.realName);
    expect(await names(`scope=department&departmentId=${d1}`)).toEqual([
      '乙二',
      '甲一',
      '戊六',
      '管理员',
      '员工',
      '丁四',
    ]);
    expect(await names(`scope=department&departmentId=${d1}&includeSubDepartments=false`)).toEqual([
      '甲一',
      '管理员',
    ]);
    expect(await names('scope=post')).toEqual(['乙二', '甲一']);
    expect((await names('scope=all&excludeHolders=true')).slice(0, 2)).toEqual(['戊六', '丙三']);
    expect(await names('keyword=丙')).toEqual(['丙三']);
    const noDept = await call(t, 'GET', `${M}/ranking?postId=${postId}&scope=department`, {
      user: org.admin,
    });
    expect(noDept.status).toBe(400);
    expect(noDept.body.message).toBe('请选择部门');
  });

  it('agrees with matchPost on varied levels (one decimal, partial profiles)', async () => {
    const agree = await createOrg(t);
    const ids = await createAbilities(agree, ['a', 'b', 'c', 'd', 'e']);
    const agreeModel = ids.map((abilityId, i) => ({
      abilityId,
      requiredLevel: [5, 4, 3, 2, 1][i]!,
      weight: [7, 13, 29, 31, 20][i]!,
    }));
    const agreePost = await createModelPost(agree, agreeModel);
    const expected = new Map<number, number>();
    for (let p = 0; p < 12; p++) {
      const user = await createMember(t, agree, 'staff', {
        realName: `人${p}`,
        departmentId: agree.departmentIds[0],
      });
      const levels = new Map<number, number | null>();
      for (let i = 0; i < ids.length; i++) {
        const exam = (p * 7 + i * 3) % 6 || null;
        const rating = (p * 5 + i) % 4 === 0 ? null : ((p + i * 2) % 5) + 1;
        if (exam === null && rating === null) continue;
        await setLevel(agree, user.id, ids[i]!, exam, rating);
        levels.set(ids[i]!, effectiveLevel(exam, rating));
      }
      expected.set(user.id, matchPost(agreeModel, levels).matchRate);
    }
    const res = await call(t, 'GET', `${M}/ranking?postId=${agreePost}&size=100`, { user: agree.admin });
    const rows = data<RankingRow[]>(res).filter((r) => expected.has(r.userId));
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(row.matchRate, row.realName).toBe(expected.get(row.userId));
    const rates = rows.map((r) => r.matchRate);
    expect(rates).toEqual([...rates].sort((x, y) => y - x));
  });

  it('gives the tree per department (sub-departments included) with average match and holders', async () => {
    const res = await call(t, 'GET', `${M}/tree?postId=${postId}`, { user: org.admin });
    expect(res.status).toBe(200);
    const tree = data<MatchTreeNode[]>(res);
    const root = tree.find((n) => n.departmentId === d1)!;
    expect(root).toMatchObject({ staffCount: 6, measuredCount: 3, holderCount: 2 });
    // (75.5 + 100 + 33.3) / 3
    expect(root.averageMatchRate).toBe(69.6);
    expect(root.children[0]).toMatchObject({
      departmentId: d2,
      staffCount: 4,
      measuredCount: 2,
      averageMatchRate: 66.7,
      holderCount: 1,
    });
    expect(tree.find((n) => n.departmentId === d3)).toMatchObject({
      staffCount: 2,
      measuredCount: 1,
      averageMatchRate: 16.7,
    });
  });

  it('explains one person: matchPost with names, anchors and both sources', async () => {
    const res = await call(t, 'GET', `${M}/detail?postId=${postId}&userId=${people.u1!.id}`, {
      user: org.admin,
    });
    expect(res.status).toBe(200);
    const detail = data<MatchDetail>(res);
    expect(detail).toMatchObject({ matchRate: 75.5, band: '基本胜任', metCount: 1, unmeasuredCount: 1 });
    expect(detail.person.realName).toBe('甲一');
    const design = detail.abilities[1]!;
    expect(design).toMatchObject({
      name: '设计',
      requiredLevel: 4,
      level: 3.4,
      gap: 0.6,
      contribution: 25.5,
    });
    expect(design.requiredAnchor?.behaviour).toBe('设计 行为 4');
    expect(design.reachedAnchor?.level).toBe(3);
    expect(design.exam?.level).toBe(4);
    expect(design.rating?.level).toBe(2);
    expect(detail.abilities[2]).toMatchObject({
      level: null,
      reachedAnchor: null,
      exam: null,
      rating: null,
      gap: 2,
    });
  });
});

describe('manager ratings', () => {
  it('rates an ability, recomputes the level from both sources and shows it in the profile', async () => {
    const u1 = people.u1!;
    const res = await call(t, 'POST', `${M}/rating`, {
      user: rater,
      body: { userId: u1.id, abilityId: a[0], level: 5, comment: '主导核心模块' },
    });
    expect(res.status).toBe(200);
    expect(data<ProfileAbility>(res)).toMatchObject({
      level: 3.6,
      exam: { level: 3 },
      rating: { level: 5, raterName: '评定经理' },
    });
    const stored = await storedRow(u1.id, a[0]!);
    expect(stored).toMatchObject({
      examLevel: 3,
      ratingLevel: 5,
      level: 3.6,
      ratedBy: rater.id,
      ratingComment: '主导核心模块',
    });
    // A rating where nothing was measured is the level itself; a second rating replaces the first.
    await call(t, 'POST', `${M}/rating`, { user: rater, body: { userId: u1.id, abilityId: a[2], level: 1 } });
    await call(t, 'POST', `${M}/rating`, {
      user: org.admin,
      body: { userId: u1.id, abilityId: a[2], level: 2 },
    });
    expect(await storedRow(u1.id, a[2]!)).toMatchObject({
      examLevel: null,
      ratingLevel: 2,
      level: 2,
      ratedBy: org.admin.id,
    });
    const profile = data<AbilityProfile>(
      await call(t, 'GET', `${M}/profile?userId=${u1.id}`, { user: rater }),
    );
    expect(profile.abilities.map((p) => [p.name, p.level])).toEqual([
      ['编码', 3.6],
      ['设计', 3.4],
      ['沟通', 2],
    ]);
    const detail = data<MatchDetail>(
      await call(t, 'GET', `${M}/detail?postId=${postId}&userId=${u1.id}`, { user: rater }),
    );
    expect(detail.matchRate).toBe(95.5);
  });

  it('refuses bad levels, self-ratings and callers without the menu, changing nothing', async () => {
    const u3 = people.u3!;
    for (const level of [0, 6, 2.5, 'x']) {
      const res = await call(t, 'POST', `${M}/rating`, {
        user: rater,
        body: { userId: u3.id, abilityId: a[0], level },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('评定等级');
    }
    const self = await call(t, 'POST', `${M}/rating`, {
      user: rater,
      body: { userId: rater.id, abilityId: a[0], level: 3 },
    });
    expect(self.status).toBe(400);
    const plain = await call(t, 'POST', `${M}/rating`, {
      user: people.u4!,
      body: { userId: u3.id, abilityId: a[0], level: 3 },
    });
    expect(plain.status).toBe(403);
    expect(await storedRow(u3.id, a[0]!)).toMatchObject({ examLevel: 1, ratingLevel: null, level: 1 });
    expect(await storedRow(rater.id, a[0]!)).toBeUndefined();
    const ranking = await call(t, 'GET', `${M}/ranking?postId=${postId}`, { user: people.u4! });
    expect(ranking.status).toBe(403);
  });

  it("answers 404 for another organisation's people, abilities, posts and departments and writes nothing", async () => {
    const writes = [
      { userId: otherPerson.id, abilityId: a[0] },
      { userId: people.u3!.id, abilityId: otherAbility },
    ];
    for (const body of writes) {
      const res = await call(t, 'POST', `${M}/rating`, { user: rater, body: { ...body, level: 4 } });
      expect(res.status).toBe(404);
    }
    expect(await storedRow(otherPerson.id, a[0]!)).toBeUndefined();
    expect(await storedRow(people.u3!.id, otherAbility)).toBeUndefined();
    const reads = [
      `${M}/profile?userId=${otherPerson.id}`,
      `${M}/tree?postId=${otherPost}`,
      `${M}/ranking?postId=${otherPost}`,
      `${M}/ranking?postId=${postId}&scope=department&departmentId=${other.departmentIds[0]}`,
      `${M}/detail?postId=${otherPost}&userId=${people.u1!.id}`,
      `${M}/detail?postId=${postId}&userId=${otherPerson.id}`,
      `${M}/heatmap?departmentId=${other.departmentIds[0]}`,
      `${M}/heatmap/people?groupBy=department&rowId=${other.departmentIds[0]}&abilityId=${a[0]}`,
      `${M}/heatmap/people?groupBy=post&rowId=${otherPost}&abilityId=${a[0]}`,
      `${M}/heatmap/people?groupBy=department&rowId=${d1}&abilityId=${otherAbility}`,
    ];
    for (const url of reads) expect((await call(t, 'GET', url, { user: org.admin })).status, url).toBe(404);
    const posts = data<{ postId: number }[]>(await call(t, 'GET', `${M}/posts`, { user: org.admin }));
    expect(posts.map((p) => p.postId)).toEqual([postId]);
  });
});

describe('ability heat map', () => {
  it('averages effective levels per department and ability, with people counts and a drill-down', async () => {
    const res = await call(t, 'GET', `${M}/heatmap?groupBy=department`, { user: org.admin });
    expect(res.status).toBe(200);
    const map = data<Heatmap>(res);
    expect(map.abilities.map((x) => x.name)).toEqual(['编码', '设计', '沟通']);
    expect(map.rows.map((r) => [r.rowId, r.peopleCount])).toEqual([
      [d1, 2],
      [d2, 4],
      [d3, 2],
    ]);
    const cell = (row: number, ability: number) =>
      map.cells.find((c) => c.rowId === row && c.abilityId === ability);
    // d1: 甲一 3.6 after the rating; d2: 乙二 5 and 戊六 2.
    expect(cell(d1, a[0]!)).toMatchObject({ averageLevel: 3.6, measuredCount: 1, metRate: null });
    expect(cell(d2, a[0]!)).toMatchObject({ averageLevel: 3.5, measuredCount: 2 });
    expect(cell(d3, a[2]!)).toBeUndefined();
    const drill = await call(
      t,
      'GET',
      `${M}/heatmap/people?groupBy=department&rowId=${d2}&abilityId=${a[0]}`,
      {
        user: org.admin,
      },
    );
    expect(drill.body.res?.total).toBe(4);
    expect(data<HeatmapPerson[]>(drill).map((p) => [p.realName, p.level])).toEqual([
      ['戊六', 2],
      ['乙二', 5],
      ['丁四', null],
      ['员工', null],
    ]);
  });

  it('by post gives the share of holders meeting the required level, and exports the matrix', async () => {
    const map = data<Heatmap>(await call(t, 'GET', `${M}/heatmap?groupBy=post`, { user: org.admin }));
    expect(map.rows).toEqual([expect.objectContaining({ rowId: postId, peopleCount: 2 })]);
    const cell = (ability: number) => map.cells.find((c) => c.rowId === postId && c.abilityId === ability);
    // Holders 甲一 (3.6, 3.4, 2) and 乙二 (5, 4, 2).
    expect(cell(a[0]!)).toMatchObject({ averageLevel: 4.3, requiredLevel: 3, metRate: 100 });
    expect(cell(a[1]!)).toMatchObject({ averageLevel: 3.7, requiredLevel: 4, metRate: 50 });
    expect(cell(a[2]!)).toMatchObject({ averageLevel: 2, requiredLevel: 2, metRate: 100, measuredCount: 2 });
    const drill = data<HeatmapPerson[]>(
      await call(t, 'GET', `${M}/heatmap/people?groupBy=post&rowId=${postId}&abilityId=${a[1]}`, {
        user: org.admin,
      }),
    );
    expect(drill.map((p) => [p.realName, p.requiredLevel, p.met])).toEqual([
      ['甲一', 4, false],
      ['乙二', 4, true],
    ]);
    const file = await download(t, 'GET', `${M}/heatmap/export?groupBy=post`, { user: org.admin });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = await readWorkbook(file.data);
    const levels = sheetRows(workbook.getWorksheet('平均有效等级'));
    expect(levels[0]).toEqual(['岗位', '人数', '编码', '设计', '沟通']);
    expect(levels[1]?.slice(1)).toEqual(['2', '4.3', '3.7', '2']);
    expect(sheetRows(workbook.getWorksheet('达标率(%)'))[1]?.slice(2)).toEqual(['100', '50', '100']);
    const byDept = await download(t, 'GET', `${M}/heatmap/export`, { user: org.admin });
    const rows = sheetRows((await readWorkbook(byDept.data)).getWorksheet('平均有效等级'));
    expect(rows[0]?.[0]).toBe('部门');
    expect(rows.find((r) => r[0] === '研发部/前端组')?.slice(1, 3)).toEqual(['4', '3.5']);
  });
});
