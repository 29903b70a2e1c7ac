import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shanghaiDate } from '@kaopei/shared';
import { studyTargetContracts as S } from '@kaopei/shared/contracts/study-target';
import type {
  MyTarget,
  TargetByDepartment,
  TargetDetail,
  TargetPerson,
  TargetRow,
  TargetTrend,
} from '@kaopei/shared/contracts/study-target';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { createMember, download, readWorkbook, sheetRows } from '../../../test/support';
import { api } from '../../../test/factories';
import { courseMembers, courses, departments, examAttempts, exams, studyTargets } from '../../db/schema';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;
const db = () => t.app.deps.db;
const today = shanghaiDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

function form(o: TestOrg, values: Record<string, unknown> = {}) {
  return {
    name: unique('目标'),
    startDate: addDays(today, -10),
    endDate: addDays(today, 10),
    metric: 'hours' as const,
    targetValue: 4,
    departmentIds: [o.departmentIds[1] as number],
    ...values,
  };
}

async function addTarget(o: TestOrg, values: Record<string, unknown> = {}): Promise<TargetDetail> {
  const res = await call(t, 'POST', S.add.path, { user: o.admin, body: form(o, values) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return data<TargetDetail>(res);
}

async function targetCount(o: TestOrg): Promise<number> {
  const rows = await db().select().from(studyTargets).where(eq(studyTargets.organizationId, o.id));
  return rows.length;
}

async function course(o: TestOrg, minutes: number, credits = 1): Promise<number> {
  const [row] = await db()
    .insert(courses)
    .values({ organizationId: o.id, name: unique('课程'), status: 'open', minutes, credits })
    .returning({ id: courses.id });
  return row?.id as number;
}

async function complete(o: TestOrg, userId: number, courseId: number, at = new Date()) {
  await db().insert(courseMembers).values({
    courseId,
    userId,
    organizationId: o.id,
    source: 'staff',
    startedAt: at,
    completedAt: at,
    progressPercent: 100,
  });
}

async function person(o: TestOrg, targetId: number, userId: number): Promise<TargetPerson | undefined> {
  const rows = await api(t, o.admin, S.people, { query: { targetId, size: 100 } });
  return rows.find((row) => row.userId === userId);
}

describe('targets', () => {
  it('adds a target with the default gradation, reads, lists, modifies and deletes it', async () => {
    const added = await addTarget(org);
    expect(added.levels.map((l) => l.name)).toEqual(['未达标', '达标', '优秀']);
    expect(added.departments).toEqual([{ id: org.departmentIds[1], name: '前端组' }]);
    expect(added.peopleCount).toBe(1);
    const got = await api(t, org.admin, S.get, { query: { targetId: added.targetId } });
    expect(got.metric).toBe('hours');
    const list = await call(t, 'GET', `${S.search.path}?keyword=${encodeURIComponent(added.name)}`, {
      user: org.admin,
    });
    expect(list.body.res?.total).toBe(1);
    expect(data<TargetRow[]>(list)[0]?.scopeSummary).toBe('前端组');
    const modified = await api(t, org.admin, S.modify, {
      body: { ...form(org), targetId: added.targetId, name: '改名', metric: 'courses', targetValue: 3 },
    });
    expect(modified.name).toBe('改名');
    expect(modified.levels).toEqual(added.levels);
    expect(await api(t, org.admin, S.delete, { query: { targetId: added.targetId } })).toEqual({ count: 1 });
    const gone = await call(t, 'GET', `${S.get.path}?targetId=${added.targetId}`, { user: org.admin });
    expect(gone.status).toBe(404);
  });

  it('refuses bad input with a Chinese message naming the field, storing nothing', async () => {
    const before = await targetCount(org);
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: today, endDate: addDays(today, -1) }, '结束日期不能早于开始日期'],
      [{ targetValue: 0 }, '目标值必须大于 0'],
      [{ targetValue: -2 }, '目标值必须大于 0'],
      [{ metric: 'pass_rate', targetValue: 120 }, '考试通过率目标不能超过 100%'],
      [{ departmentIds: [] }, '目标范围不能为空'],
      [{ name: ' ' }, '目标名称不能为空'],
      [{ startDate: '2026-02-30' }, '开始日期不是有效日期'],
      [
        {
          levels: [
            { name: '低', threshold: 0 },
            { name: '高', threshold: 100 },
            { name: '更高', threshold: 90 },
          ],
        },
        '分级门槛必须从低到高递增',
      ],
      [{ levels: [{ name: '唯一', threshold: 0 }] }, '分级须有 2 到 5 个等级'],
    ];
    for (const [values, message] of cases) {
      const res = await call(t, 'POST', S.add.path, { user: org.admin, body: form(org, values) });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await targetCount(org)).toBe(before);
  });

  it('refuses another organisation’s scope and targets (404), changing nothing', async () => {
    const before = await targetCount(org);
    for (const scope of [
      { departmentIds: [other.departmentIds[0]] },
      { departmentIds: [], userIds: [other.staff.id] },
    ]) {
      const res = await call(t, 'POST', S.add.path, { user: org.admin, body: form(org, scope) });
      expect(res.status).toBe(404);
    }
    expect(await targetCount(org)).toBe(before);

    const theirs = await addTarget(other);
    const mine = await addTarget(org);
    const [stored] = await db().select().from(studyTargets).where(eq(studyTargets.id, theirs.targetId));
    const id = theirs.targetId;
    const reads = [S.get, S.gradationGet, S.trend, S.byDepartment, S.people, S.export];
    for (const contract of reads) {
      const res = await call(t, 'GET', `${contract.path}?targetId=${id}`, { user: org.admin });
      expect(res.status, contract.path).toBe(404);
    }
    const writes: [string, string, unknown][] = [
      ['POST', `${S.modify.path}`, { ...form(org), targetId: id }],
      ['POST', `${S.delete.path}?targetId=${id}`, undefined],
      [
        'POST',
        S.gradationSave.path,
        {
          targetId: id,
          levels: [
            { name: 'a', threshold: 0 },
            { name: 'b', threshold: 50 },
          ],
        },
      ],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(t, method as 'POST', url, { user: org.admin, body });
      expect(res.status, url).toBe(404);
    }
    const moved = await call(t, 'POST', S.modify.path, {
      user: org.admin,
      body: { ...form(org, { departmentIds: [other.departmentIds[1]] }), targetId: mine.targetId },
    });
    expect(moved.status).toBe(404);
    const [after] = await db().select().from(studyTargets).where(eq(studyTargets.id, id));
    expect(after).toEqual(stored);
    expect((await api(t, org.admin, S.get, { query: { targetId: mine.targetId } })).departments).toEqual(
      mine.departments,
    );
  });

  it('saves a valid gradation and refuses one that is not ascending', async () => {
    const target = await addTarget(org);
    const levels = [
      { name: '待提升', threshold: 0 },
      { name: '良好', threshold: 60 },
      { name: '优秀', threshold: 100 },
    ];
    await api(t, org.admin, S.gradationSave, { body: { targetId: target.targetId, levels } });
    expect(
      (await api(t, org.admin, S.gradationGet, { query: { targetId: target.targetId } })).levels,
    ).toEqual(levels);
    const bad = await call(t, 'POST', S.gradationSave.path, {
      user: org.admin,
      body: { targetId: target.targetId, levels: [levels[0], levels[2], levels[1]] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('递增');
    const dup = await call(t, 'POST', S.gradationSave.path, {
      user: org.admin,
      body: { targetId: target.targetId, levels: [levels[0], { name: '待提升', threshold: 50 }] },
    });
    expect(dup.body.message).toContain('分级名称不能重复');
  });
});

describe('figures', () => {
  it('computes hours from stored completions; exactly at a threshold reaches the level', async () => {
    const o = await createOrg(t);
    const learner = await createMember(t, o, 'staff', {
      departmentId: o.departmentIds[1],
      realName: '学员甲',
    });
    const target = await addTarget(o, { targetValue: 4 });
    const before = await person(o, target.targetId, learner.id);
    expect(before).toMatchObject({ value: 0, percent: 0, level: 0, levelName: '未达标' });

    await complete(o, learner.id, await course(o, 120));
    // Completed before the period: not counted.
    await complete(o, learner.id, await course(o, 600), new Date(Date.now() - 30 * 86_400_000));
    expect(await person(o, target.targetId, learner.id)).toMatchObject({ value: 2, percent: 50, level: 0 });

    await complete(o, learner.id, await course(o, 120));
    expect(await person(o, target.targetId, learner.id)).toMatchObject({
      value: 4,
      percent: 100,
      level: 1,
      levelName: '达标',
    });

    const byDepartment: TargetByDepartment = await api(t, o.admin, S.byDepartment, {
      query: { targetId: target.targetId },
    });
    const front = byDepartment.departments.find((d) => d.name === '前端组');
    expect(front).toMatchObject({
      peopleCount: 2,
      averageValue: 2,
      averagePercent: 50,
      levelCounts: [1, 1, 0],
    });

    const trend: TargetTrend = await api(t, o.admin, S.trend, { query: { targetId: target.targetId } });
    expect(trend.stepDays).toBe(1);
    expect(trend.points.at(-1)).toEqual({ date: today, averagePercent: 50, reachedRate: 50 });
    expect(trend.points[0]).toMatchObject({ averagePercent: 0, reachedRate: 0 });

    const reached = await call(t, 'GET', `${S.people.path}?targetId=${target.targetId}&level=1`, {
      user: o.admin,
    });
    expect(data<TargetPerson[]>(reached).map((row) => row.userId)).toEqual([learner.id]);
    const parentOnly = await call(
      t,
      'GET',
      `${S.people.path}?targetId=${target.targetId}&departmentId=${o.departmentIds[0]}`,
      {
        user: o.admin,
      },
    );
    expect(parentOnly.body.res?.total).toBe(2);

    const file = await download(t, 'GET', `${S.export.path}?targetId=${target.targetId}`, { user: o.admin });
    const rows = sheetRows((await readWorkbook(file.data)).worksheets[0]);
    expect(rows[0]).toContain('达成率(%)');
    expect(rows.some((row) => row.includes('学员甲') && row.includes('达标'))).toBe(true);
  });

  it('computes courses, credits and the pass rate over graded attempts', async () => {
    const o = await createOrg(t);
    const c1 = await course(o, 30, 1.5);
    const c2 = await course(o, 30, 2);
    await complete(o, o.staff.id, c1);
    await complete(o, o.staff.id, c2);
    const credits = await addTarget(o, { metric: 'credits', targetValue: 3.5 });
    expect(await person(o, credits.targetId, o.staff.id)).toMatchObject({
      value: 3.5,
      percent: 100,
      level: 1,
    });
    const count = await addTarget(o, { metric: 'courses', targetValue: 1 });
    expect(await person(o, count.targetId, o.staff.id)).toMatchObject({ value: 2, percent: 200, level: 2 });

    const [exam] = await db()
      .insert(exams)
      .values({ organizationId: o.id, name: unique('考试') })
      .returning({ id: exams.id });
    const attempt = (attemptNo: number, passed: number, status = 2) => ({
      examId: exam?.id as number,
      organizationId: o.id,
      userId: o.staff.id,
      attemptNo,
      status,
      deadlineAt: new Date(),
      submittedAt: new Date(),
      passed,
    });
    await db()
      .insert(examAttempts)
      .values([attempt(1, 0), attempt(2, 1), attempt(3, 1), attempt(4, 0, 1)]);
    const passRate = await addTarget(o, { metric: 'pass_rate', targetValue: 80 });
    // 2 of 3 graded attempts passed (the submitted, unmarked one does not count): 66.7 % of 80 % = 83.4 %.
    expect(await person(o, passRate.targetId, o.staff.id)).toMatchObject({ value: 66.7, percent: 83.4 });
    const nobody = await person(o, passRate.targetId, o.admin.id);
    expect(nobody).toBeUndefined();
    // The trend (scored in SQL) ends where the people's figures (the TS rules) are, for every metric.
    for (const [targetId, percent] of [
      [passRate.targetId, 83.4],
      [credits.targetId, 100],
      [count.targetId, 200],
    ] as const) {
      const trend = await api(t, o.admin, S.trend, { query: { targetId } });
      expect(trend.points.at(-1)).toMatchObject({ averagePercent: percent });
    }
  });
});

describe('the trend', () => {
  it('is scored in SQL exactly as the TS rules score the people, step by step', async () => {
    const o = await createOrg(t);
    const department = o.departmentIds[1] as number;
    const people = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        createMember(t, o, 'staff', { departmentId: department, realName: `趋势${i}` }),
      ),
    );
    // Minutes whose hours round at the edges (3 → 0.05 h → 0.1; 5 → 0.083 → 0.1; 57 → 0.95 → 1),
    // completed on different days of the period so the weekly steps differ.
    const plan: [number, number, number][] = [
      [0, 3, -9],
      [0, 57, -2],
      [1, 5, -8],
      [1, 180, -1],
      [2, 237, -6],
      [3, 3, -3],
      [3, 3, -3],
    ];
    for (const [who, minutes, daysAgo] of plan) {
      await complete(
        o,
        people[who]!.id,
        await course(o, minutes),
        new Date(Date.now() + daysAgo * 86_400_000),
      );
    }
    for (const targetValue of [4, 0.3, 1.1]) {
      const target = await addTarget(o, {
        targetValue,
        startDate: addDays(today, -30),
        endDate: addDays(today, 30),
        // 3.1 h of 4 h is 77.5 % exactly: a level reached at its threshold.
        levels: [
          { name: '未达标', threshold: 0 },
          { name: '达标', threshold: 77.5 },
          { name: '优秀', threshold: 100 },
        ],
      });
      const rows = await api(t, o.admin, S.people, { query: { targetId: target.targetId, size: 100 } });
      const trend: TargetTrend = await api(t, o.admin, S.trend, { query: { targetId: target.targetId } });
      const count = rows.length;
      const last = trend.points.at(-1);
      const average = Math.round((rows.reduce((sum, row) => sum + row.percent, 0) / count) * 10) / 10;
      const reached = Math.round((rows.filter((row) => row.percent >= 100).length * 1000) / count) / 10;
      expect(trend.peopleCount, `target ${targetValue}`).toBe(count);
      expect(last, `target ${targetValue}`).toMatchObject({ averagePercent: average, reachedRate: reached });
      // The list is scored, filtered and paged in SQL: its order, level filter and pages agree with the
      // levels the TS rules give each row.
      const percents = rows.map((row: TargetPerson) => row.percent);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      for (const level of [0, 1, 2]) {
        const only: TargetPerson[] = await api(t, o.admin, S.people, {
          query: { targetId: target.targetId, level, size: 100 },
        });
        expect(
          only.map((row) => row.userId),
          `target ${targetValue} level ${level}`,
        ).toEqual(
          rows.filter((row: TargetPerson) => row.level === level).map((row: TargetPerson) => row.userId),
        );
      }
      const second = await call(t, 'GET', `${S.people.path}?targetId=${target.targetId}&page=1&size=2`, {
        user: o.admin,
      });
      expect(second.body.res?.total).toBe(count);
      expect(data<TargetPerson[]>(second).map((row) => row.userId)).toEqual(
        rows.slice(2, 4).map((row: TargetPerson) => row.userId),
      );
      // By department (grouped in SQL): the people list's figures grouped by department.
      const byDepartment: TargetByDepartment = await api(t, o.admin, S.byDepartment, {
        query: { targetId: target.targetId },
      });
      const names = [...new Set(rows.map((row: TargetPerson) => row.departmentName ?? '未分配部门'))];
      expect(byDepartment.departments.map((d) => d.name).sort()).toEqual([...names].sort());
      for (const name of names) {
        const group = rows.filter((row: TargetPerson) => (row.departmentName ?? '未分配部门') === name);
        const valued = group.filter((row: TargetPerson) => row.value !== null);
        const mean = (values: number[]) =>
          Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
        expect(
          byDepartment.departments.find((d) => d.name === name),
          `target ${targetValue} ${name}`,
        ).toMatchObject({
          peopleCount: group.length,
          averageValue:
            valued.length === 0 ? null : mean(valued.map((row: TargetPerson) => row.value as number)),
          averagePercent: mean(group.map((row: TargetPerson) => row.percent)),
          levelCounts: [0, 1, 2].map(
            (level) => group.filter((row: TargetPerson) => row.level === level).length,
          ),
        });
      }
      // Cumulative: never falls for a metric that only grows.
      const averages = trend.points.map((point) => point.averagePercent);
      expect(averages).toEqual([...averages].sort((a, b) => a - b));
    }
  });
});

describe('my targets', () => {
  it('shows learners only the targets that cover them, with their own value and level', async () => {
    const o = await createOrg(t);
    await complete(o, o.staff.id, await course(o, 90));
    const forFront = await addTarget(o, { name: '前端组目标', targetValue: 3 });
    const [sub] = await db()
      .insert(departments)
      .values({ organizationId: o.id, name: '另一部门' })
      .returning({ id: departments.id });
    await addTarget(o, { name: '别人的目标', departmentIds: [sub?.id] });
    const byParent = await addTarget(o, {
      name: '研发部目标',
      departmentIds: [o.departmentIds[0]],
      targetValue: 1.5,
    });

    const mine: MyTarget[] = await api(t, o.staff, S.member);
    expect(mine.map((m) => m.name).sort()).toEqual(['前端组目标', '研发部目标'].sort());
    expect(mine.find((m) => m.targetId === forFront.targetId)).toMatchObject({
      value: 1.5,
      percent: 50,
      levelName: '未达标',
    });
    expect(mine.find((m) => m.targetId === byParent.targetId)).toMatchObject({
      percent: 100,
      levelName: '达标',
    });

    const denied = await call(t, 'GET', `${S.search.path}`, { user: o.staff });
    expect(denied.status).toBe(403);
  });
});
