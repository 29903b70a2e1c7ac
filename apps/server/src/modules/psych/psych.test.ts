import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPIP50_DEFINITION, type ScaleDefinition } from '@kaopei/shared';
import {
  psychContracts,
  type GroupView,
  type MentalExamRow,
  type MyResult,
  type PersonResultRow,
  type ScaleDetail,
} from '@kaopei/shared/contracts/psych';
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
import { api } from '../../../test/factories';
import { psyExamMembers, psyExams, psyResponses, psyScales } from '../../db/schema';

const P = '/exam/api/v1/psych';
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;
const db = () => t.app.deps.db;

/** Two dimensions: A = sum of items 1, 2 (reversed), 3; B = mean of items 4 (reversed), 5, normed 3 ± 0.5. */
const SMALL: ScaleDefinition = {
  points: 5,
  optionLabels: ['非常不符合', '比较不符合', '不确定', '比较符合', '非常符合'],
  dimensions: [
    {
      key: 'A',
      name: '甲维度',
      method: 'sum',
      levels: [
        { min: 3, max: 7, label: '低', interpretation: '甲低' },
        { min: 8, max: 11, label: '中', interpretation: '甲中' },
        { min: 12, max: 15, label: '高', interpretation: '甲高' },
      ],
    },
    {
      key: 'B',
      name: '乙维度',
      method: 'mean',
      norm: { mean: 3, sd: 0.5 },
      levels: [
        { min: 1, max: 2.5, label: '低', interpretation: '乙低' },
        { min: 2.6, max: 5, label: '高', interpretation: '乙高' },
      ],
    },
  ],
  items: [
    { no: 1, stem: '题一', dimension: 'A', reverse: false },
    { no: 2, stem: '题二', dimension: 'A', reverse: true },
    { no: 3, stem: '题三', dimension: 'A', reverse: false },
    { no: 4, stem: '题四', dimension: 'B', reverse: true },
    { no: 5, stem: '题五', dimension: 'B', reverse: false },
  ],
};

const entries = (values: number[]) => values.map((value, index) => ({ no: index + 1, value }));

async function addScale(o: TestOrg, definition: ScaleDefinition = SMALL): Promise<ScaleDetail> {
  return api(t, o.admin, psychContracts.scaleAdd, { body: { name: unique('量表'), definition } });
}

async function schedule(
  o: TestOrg,
  scaleId: number,
  extra: Partial<{ anonymous: boolean; showResult: boolean; minGroupSize: number; userIds: number[] }> = {},
): Promise<MentalExamRow> {
  return api(t, o.admin, psychContracts.examAdd, {
    body: {
      scaleId,
      name: unique('测评'),
      startAt: Date.now() - 60_000,
      endAt: Date.now() + 3600_000,
      departmentIds: [o.departmentIds[0] ?? 0],
      includeSubDepartments: true,
      ...extra,
    },
  });
}

const submit = (user: TestUser, mentalExamId: number, values: number[]) =>
  call(t, 'POST', `${P}/my/submit`, { user, body: { mentalExamId, answers: entries(values) } });

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
}, 60_000);
afterAll(() => t.close());

describe('scales', () => {
  it('stores a scale and refuses an unsound definition with a Chinese message', async () => {
    const scale = await addScale(org);
    expect(scale).toMatchObject({ itemCount: 5, dimensionCount: 2, dimensionNames: ['甲维度', '乙维度'] });
    const bad = await call(t, 'POST', `${P}/scale/add`, {
      user: org.admin,
      body: {
        name: '坏量表',
        definition: { ...SMALL, items: [{ no: 1, stem: '题', dimension: 'Z', reverse: false }] },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('第 1 题的维度「Z」不存在');
    const empty = await call(t, 'POST', `${P}/scale/add`, {
      user: org.admin,
      body: { name: ' ', definition: SMALL },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请输入量表名称');
  });
});

describe('taking a mental exam', () => {
  it('scores with reverse keys against hand-computed cases and shows the person their result', async () => {
    const scale = await addScale(org);
    const exam = await schedule(org, scale.scaleId, { minGroupSize: 2 });
    expect(exam.memberCount).toBe(2); // the admin (研发部) and the staff member (前端组, below it)
    // Resumable: a saved answer comes back on the paper, without dimensions or keys.
    await api(t, org.staff, psychContracts.mySave, {
      body: { mentalExamId: exam.mentalExamId, answers: [{ no: 1, value: 4 }] },
    });
    const paper = await api(t, org.staff, psychContracts.myPaper, {
      query: { mentalExamId: exam.mentalExamId },
    });
    expect(paper.answers).toEqual([{ no: 1, value: 4 }]);
    expect(JSON.stringify(paper)).not.toContain('reverse');
    const incomplete = await submit(org.staff, exam.mentalExamId, []);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe('还有 4 题未作答：第 2、3、4、5 题');
    // A = 4 + (6 − 1) + 3 = 12 高; B = mean(6 − 2, 5) = 4.5 高, T = 80.
    const res = await call(t, 'POST', `${P}/my/submit`, {
      user: org.staff,
      body: { mentalExamId: exam.mentalExamId, answers: entries([4, 1, 3, 2, 5]).slice(1) },
    });
    expect(res.status).toBe(200);
    const result = data<MyResult>(res);
    expect(result.scores.map((s) => [s.key, s.score, s.level, s.tScore])).toEqual([
      ['A', 12, '高', null],
      ['B', 4.5, '高', 80],
    ]);
    expect((await submit(org.staff, exam.mentalExamId, [4, 1, 3, 2, 5])).body.message).toBe('您已完成该测评');
    // A = 1 + (6 − 5) + 1 = 3 低; B = mean(6 − 4, 3) = 2.5 低, T = 40.
    await submit(org.admin, exam.mentalExamId, [1, 5, 1, 4, 3]);
    const mine = await api(t, org.admin, psychContracts.myResult, {
      query: { mentalExamId: exam.mentalExamId },
    });
    expect(mine.scores.map((s) => [s.score, s.level, s.interpretation])).toEqual([
      [3, '低', '甲低'],
      [2.5, '低', '乙低'],
    ]);
    const group = await api(t, org.admin, psychContracts.groupView, {
      query: { mentalExamId: exam.mentalExamId },
    });
    expect(group.overall?.dimensions.map((d) => d.mean)).toEqual([7.5, 3.5]);
    expect(group.overall?.dimensions[0]?.levels).toEqual([
      { label: '低', count: 1 },
      { label: '中', count: 0 },
      { label: '高', count: 1 },
    ]);
    // Two departments of one response each, pooled to two: shown as 其他部门（合并）.
    expect(group.departments.map((d) => [d.name, d.count])).toEqual([['其他部门（合并）', 2]]);
  });

  it('refuses bad input with the field named', async () => {
    const scale = await addScale(org);
    const exam = await schedule(org, scale.scaleId);
    const out = await call(t, 'POST', `${P}/my/save`, {
      user: org.staff,
      body: { mentalExamId: exam.mentalExamId, answers: [{ no: 1, value: 6 }] },
    });
    expect(out.status).toBe(400);
    expect(out.body.message).toBe('第 1 题的作答必须是 1 到 5 之间的选项');
    const noItem = await call(t, 'POST', `${P}/my/save`, {
      user: org.staff,
      body: { mentalExamId: exam.mentalExamId, answers: [{ no: 9, value: 1 }] },
    });
    expect(noItem.body.message).toBe('量表没有第 9 题');
    const window = await call(t, 'POST', `${P}/exam/add`, {
      user: org.admin,
      body: {
        scaleId: scale.scaleId,
        name: '测评',
        startAt: 2000,
        endAt: 1000,
        departmentIds: [org.departmentIds[0]],
      },
    });
    expect(window.status).toBe(400);
    expect(window.body.message).toContain('结束时间必须晚于开始时间');
    const nobody = await call(t, 'POST', `${P}/exam/add`, {
      user: org.admin,
      body: { scaleId: scale.scaleId, name: '测评', startAt: 1000, endAt: 2000 },
    });
    expect(nobody.body.message).toContain('请选择参加测评的部门或员工');
    const notMember = await call(t, 'GET', `${P}/my/paper?mentalExamId=${exam.mentalExamId}`, {
      user: other.staff,
    });
    expect(notMember.status).toBe(404);
  });
});

describe('anonymous exams', () => {
  it('store no user id, show no name, and still let the person see their result once', async () => {
    const scale = await addScale(org);
    const exam = await schedule(org, scale.scaleId, { anonymous: true, minGroupSize: 2 });
    const res = await submit(org.staff, exam.mentalExamId, [5, 5, 5, 5, 5]);
    expect(data<MyResult>(res).scores.map((s) => s.score)).toEqual([11, 3]);
    await submit(org.admin, exam.mentalExamId, [1, 1, 1, 1, 1]);
    const stored = await db().select().from(psyResponses).where(eq(psyResponses.examId, exam.mentalExamId));
    expect(stored.map((r) => r.userId)).toEqual([null, null]);
    // Only the day is kept (midnight, China time).
    expect(stored.every((r) => (r.submittedAt.getTime() + 8 * 3600_000) % 86_400_000 === 0)).toBe(true);
    const members = await db()
      .select()
      .from(psyExamMembers)
      .where(eq(psyExamMembers.examId, exam.mentalExamId));
    expect(members.every((m) => m.taken && m.draft === null)).toBe(true);
    const people = await call(t, 'GET', `${P}/result/person?mentalExamId=${exam.mentalExamId}`, {
      user: org.admin,
    });
    const rows = data<PersonResultRow[]>(people);
    expect(rows.map((r) => [r.label, r.realName, r.account, r.departmentName])).toEqual([
      ['匿名 #1', null, null, null],
      ['匿名 #2', null, null, null],
    ]);
    expect(JSON.stringify(people.body)).not.toContain(org.staff.account);
    const mine = await api(t, org.staff, psychContracts.myResult, {
      query: { mentalExamId: exam.mentalExamId },
    });
    expect(mine).toMatchObject({ anonymous: true, hidden: true, scores: [] });
    const file = await download(t, 'GET', `${P}/result/export?mentalExamId=${exam.mentalExamId}`, {
      user: org.admin,
    });
    expect(file.status).toBe(200);
    const sheet = sheetRows((await readWorkbook(file.data)).getWorksheet('测评结果'));
    expect(sheet[0]?.slice(0, 2)).toEqual(['编号', '提交日期']);
    expect(sheet.flat().join()).not.toContain('员工');
  });

  it('group views hide departments below the minimum size', async () => {
    const scale = await addScale(org);
    const exam = await schedule(org, scale.scaleId, { anonymous: true, minGroupSize: 3 });
    await submit(org.staff, exam.mentalExamId, [5, 5, 5, 5, 5]);
    const group = await api(t, org.admin, psychContracts.groupView, {
      query: { mentalExamId: exam.mentalExamId },
    });
    expect(group).toMatchObject({ responseCount: 1, overall: null, departments: [], hidden: 1 });
  });
});

describe('permissions on psychological results', () => {
  it('the 考试管理 permission gives the group view but not individual results; the own grant does', async () => {
    const scale = await addScale(org);
    const exam = await schedule(org, scale.scaleId);
    await submit(org.staff, exam.mentalExamId, [3, 3, 3, 3, 3]);
    const manager = await createMember(t, org, 'manager');
    const group = await call(t, 'GET', `${P}/result/group?mentalExamId=${exam.mentalExamId}`, {
      user: manager,
    });
    expect(group.status).toBe(200);
    for (const url of [
      `${P}/result/person?mentalExamId=${exam.mentalExamId}`,
      `${P}/result/export?mentalExamId=${exam.mentalExamId}`,
    ]) {
      const refused = await call(t, 'GET', url, { user: manager });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('您没有权限访问该功能');
    }
    // A role granting the results group (230) only: still no individual results.
    const groupOnly = await createMember(t, org, await createRole(t, org, [230]));
    expect(
      (await call(t, 'GET', `${P}/result/person?mentalExamId=${exam.mentalExamId}`, { user: groupOnly }))
        .status,
    ).toBe(403);
    const reader = await createMember(t, org, await createRole(t, org, [235]));
    const people = await call(t, 'GET', `${P}/result/person?mentalExamId=${exam.mentalExamId}`, {
      user: reader,
    });
    expect(people.status).toBe(200);
    expect(data<PersonResultRow[]>(people)[0]).toMatchObject({ realName: '员工', departmentName: '前端组' });
    const staffTry = await call(t, 'GET', `${P}/result/group?mentalExamId=${exam.mentalExamId}`, {
      user: org.staff,
    });
    expect(staffTry.status).toBe(403);
  });
});

describe('another organisation', () => {
  it('cannot read or change its scales, exams or results, and nothing changes', async () => {
    const scale = await addScale(other);
    const exam = await schedule(other, scale.scaleId, { minGroupSize: 2 });
    await submit(other.staff, exam.mentalExamId, [2, 2, 2, 2, 2]);
    const before = {
      scale: await db().select().from(psyScales).where(eq(psyScales.id, scale.scaleId)),
      exam: await db().select().from(psyExams).where(eq(psyExams.id, exam.mentalExamId)),
      responses: await db().select().from(psyResponses).where(eq(psyResponses.examId, exam.mentalExamId)),
    };
    const id = exam.mentalExamId;
    const reads = [
      `${P}/scale/detail?scaleId=${scale.scaleId}`,
      `${P}/exam/detail?mentalExamId=${id}`,
      `${P}/result/group?mentalExamId=${id}`,
      `${P}/result/person?mentalExamId=${id}`,
      `${P}/result/export?mentalExamId=${id}`,
      `${P}/my/paper?mentalExamId=${id}`,
      `${P}/my/result?mentalExamId=${id}`,
    ];
    for (const url of reads) expect((await call(t, 'GET', url, { user: org.admin })).status, url).toBe(404);
    const writes: [string, unknown][] = [
      [`${P}/scale/modify?scaleId=${scale.scaleId}`, { name: '改名', definition: SMALL }],
      [`${P}/scale/delete?scaleId=${scale.scaleId}`, undefined],
      [`${P}/exam/modify`, { mentalExamId: id, name: '改名', startAt: 1, endAt: 2 }],
      [`${P}/exam/delete?mentalExamId=${id}`, undefined],
      [`${P}/my/save`, { mentalExamId: id, answers: entries([1]) }],
      [`${P}/my/submit`, { mentalExamId: id, answers: entries([1, 1, 1, 1, 1]) }],
    ];
    for (const [url, body] of writes)
      expect((await call(t, 'POST', url, { user: org.admin, body })).status, url).toBe(404);
    const own = await addScale(org);
    const scheduled = await call(t, 'POST', `${P}/exam/add`, {
      user: org.admin,
      body: {
        scaleId: scale.scaleId,
        name: '测评',
        startAt: 1,
        endAt: 2,
        departmentIds: [org.departmentIds[0]],
      },
    });
    expect(scheduled.status).toBe(404);
    const foreignDept = await call(t, 'POST', `${P}/exam/add`, {
      user: org.admin,
      body: {
        scaleId: own.scaleId,
        name: '测评',
        startAt: 1,
        endAt: 2,
        departmentIds: [other.departmentIds[0]],
      },
    });
    expect(foreignDept.status).toBe(400);
    expect(foreignDept.body.message).toBe('部门不存在或不属于本组织');
    const list = await api(t, org.admin, psychContracts.examList, { query: {} });
    expect(list.map((row) => row.mentalExamId)).not.toContain(id);
    expect({
      scale: await db().select().from(psyScales).where(eq(psyScales.id, scale.scaleId)),
      exam: await db().select().from(psyExams).where(eq(psyExams.id, exam.mentalExamId)),
      responses: await db().select().from(psyResponses).where(eq(psyResponses.examId, exam.mentalExamId)),
    }).toEqual(before);
  });
});

describe('the IPIP 50 scale', () => {
  it('scores a full answer sheet through the API as by hand', async () => {
    const scale = await addScale(org, IPIP50_DEFINITION);
    const exam = await schedule(org, scale.scaleId, { userIds: [org.staff.id] });
    // Answer 4 to every item: E = 5 × 4 + 5 × 2 = 30; S = 2 × 4 + 8 × 2 = 24; O = 7 × 4 + 3 × 2 = 34.
    const res = await submit(
      org.staff,
      exam.mentalExamId,
      Array.from({ length: 50 }, () => 4),
    );
    const scores = Object.fromEntries(data<MyResult>(res).scores.map((s) => [s.key, [s.score, s.level]]));
    expect(scores).toEqual({
      E: [30, '中等'],
      A: [32, '中等'],
      C: [32, '中等'],
      S: [24, '中等'],
      O: [34, '中等'],
    });
    const view = await api(t, org.admin, psychContracts.groupView, {
      query: { mentalExamId: exam.mentalExamId },
    });
    expect((view as GroupView).dimensions.map((d) => [d.key, d.min, d.max])).toContainEqual(['E', 10, 50]);
  });
});
