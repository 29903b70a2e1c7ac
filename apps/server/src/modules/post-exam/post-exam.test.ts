import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionType } from '@kaopei/shared';
import type {
  AbilityResults,
  PostModel,
  PostPaperCreated,
  PurposeExamRow,
} from '@kaopei/shared/contracts/post-exam';
import {
  abilities,
  abilityDimensions,
  abilityKnowledge,
  attemptAbilities,
  examCandidates,
  exams,
  paperPosts,
  papers,
  postAbilities,
  questionBanks,
  staffAbilities,
} from '../../db/schema';
import {
  call,
  createOrg,
  createTestApp,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { createMember, createPost } from '../../../test/support';
import { newKnowledge, newQuestionBank, seedQuestions } from '../paper/paper.fixtures';
import { DEMO_POST_EXAM, seedDemoPostExams } from '../../db/seed/post-exams';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
/** The post paper of the post-exam tests (not a 测评 paper). */
let postPaperId = 0;

const P = '/paper/api/v1/paper/post';
const EP = '/exam/api/v1/post';
const EV = '/exam/api/v1/evaluate';
const C = '/exam/api/v1/candidate';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

/** Ability ids by key, the post with the model, a post without model, and its staff. */
const world = {
  java: 0,
  sql: 0,
  empty: 0,
  javaKnowledge: 0,
  sqlKnowledge: 0,
  postId: 0,
  noModelPostId: 0,
  emptyAbilityPostId: 0,
  staff: [] as TestUser[],
  outsider: undefined as unknown as TestUser,
};

async function newAbility(o: TestOrg, name: string, knowledgeId?: number): Promise<number> {
  const { db } = t.app.deps;
  const [dimension] = await db
    .insert(abilityDimensions)
    .values({ organizationId: o.id, name: '专业知识' })
    .returning();
  const [ability] = await db
    .insert(abilities)
    .values({ organizationId: o.id, dimensionId: dimension?.id ?? 0, name })
    .returning();
  if (!ability) throw new Error('ability insert failed');
  if (knowledgeId) await db.insert(abilityKnowledge).values({ abilityId: ability.id, knowledgeId });
  return ability.id;
}

async function setModel(
  postId: number,
  model: { abilityId: number; requiredLevel: number; weight: number }[],
) {
  await t.app.deps.db.insert(postAbilities).values(model.map((m, sort) => ({ postId, sort, ...m })));
}

const window = () => ({ startAt: Date.now() - 60_000, endAt: Date.now() + 3_600_000, durationMinutes: 30 });

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  const bankId = await newQuestionBank(t, org.id);
  world.javaKnowledge = await newKnowledge(t, org.id);
  world.sqlKnowledge = await newKnowledge(t, org.id);
  world.java = await newAbility(org, 'Java 编程', world.javaKnowledge);
  world.sql = await newAbility(org, '数据库', world.sqlKnowledge);
  world.empty = await newAbility(org, '架构设计');
  // Java: easy to hard; SQL: mostly easy. 12 single choice and 8 true/false each.
  const difficulties = [2, 3, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8];
  await seedQuestions(t, org.id, bankId, [
    ...difficulties.map((difficulty) => ({ type: 1, difficulty, knowledgeIds: [world.javaKnowledge] })),
    ...difficulties
      .slice(0, 8)
      .map((difficulty) => ({ type: 0, difficulty, knowledgeIds: [world.javaKnowledge] })),
    ...difficulties.map((difficulty) => ({ type: 1, difficulty, knowledgeIds: [world.sqlKnowledge] })),
    ...difficulties
      .slice(0, 8)
      .map((difficulty) => ({ type: 0, difficulty, knowledgeIds: [world.sqlKnowledge] })),
    { type: 1, difficulty: 5, status: 0, knowledgeIds: [world.javaKnowledge] },
  ]);
  world.postId = await createPost(t, org, 'Java开发工程师');
  await setModel(world.postId, [
    { abilityId: world.java, requiredLevel: 4, weight: 60 },
    { abilityId: world.sql, requiredLevel: 2, weight: 40 },
  ]);
  world.noModelPostId = await createPost(t, org, '无模型岗位');
  world.emptyAbilityPostId = await createPost(t, org, '架构师');
  await setModel(world.emptyAbilityPostId, [
    { abilityId: world.java, requiredLevel: 3, weight: 50 },
    { abilityId: world.empty, requiredLevel: 3, weight: 50 },
  ]);
  world.staff = [
    await createMember(t, org, 'staff', {
      postId: world.postId,
      realName: '张三',
      departmentId: org.departmentIds[0],
    }),
    await createMember(t, org, 'staff', {
      postId: world.postId,
      realName: '李四',
      departmentId: org.departmentIds[1],
    }),
  ];
  world.outsider = await createMember(t, org, 'staff', { realName: '王五' });
});

afterAll(async () => {
  await t?.close();
});

const typeRules = [
  { type: QuestionType.SINGLE, count: 5, points: 10 },
  { type: QuestionType.TRUE_FALSE, count: 5, points: 4 },
];

async function generate(mode: 'random' | 'auto' | 'job', body: Record<string, unknown> = {}) {
  return call(t, 'POST', `${P}/generate`, {
    user: org.admin,
    body: { postId: world.postId, mode, name: `岗位试卷-${mode}`, typeRules, seed: 's1', ...body },
  });
}

describe('post papers', () => {
  it('shows the model with the approved questions per ability and type', async () => {
    const model = data<PostModel>(
      await call(t, 'GET', `${P}/model?postId=${world.postId}`, { user: org.admin }),
    );
    expect(model.problem).toBeNull();
    expect(model.abilities.map((a) => [a.name, a.weight, a.requiredLevel, a.questionCount])).toEqual([
      ['Java 编程', 60, 4, 20],
      ['数据库', 40, 2, 20],
    ]);
    expect(model.abilities[0]?.typeCounts).toEqual([
      { type: 0, label: '判断题', count: 8 },
      { type: 1, label: '单选题', count: 12 },
    ]);
    expect(model.abilities[0]?.targetDifficulty).toBeGreaterThan(model.abilities[1]?.targetDifficulty ?? 99);
  });

  it('random: questions per ability by weight (largest remainder), drawn once into a post paper', async () => {
    const res = await generate('random');
    expect(res.body.message).toBe('成功');
    const created = data<PostPaperCreated>(res);
    expect(created.paper).toMatchObject({
      type: 4,
      questionCount: 10,
      totalScore: 70,
      postIds: [world.postId],
    });
    // 5 single: 3 Java / 2 SQL; 5 true/false: 3 / 2.
    expect(created.coverage.map((c) => [c.questionCount, c.points])).toEqual([
      [6, 42],
      [4, 28],
    ]);
    const [link] = await t.app.deps.db
      .select()
      .from(paperPosts)
      .where(eq(paperPosts.paperId, created.paper.paperId));
    expect(link?.postId).toBe(world.postId);
  });

  it('auto and job: every ability gets at least its weight share less the tolerance, harder for higher levels', async () => {
    for (const [mode, type] of [
      ['auto', 6],
      ['job', 9],
    ] as const) {
      const created = data<PostPaperCreated>(await generate(mode, { tolerance: 0 }));
      expect(created.paper.type).toBe(type);
      const [java, sql] = created.coverage;
      expect(java?.share).toBeGreaterThanOrEqual(60);
      expect(sql?.share).toBeGreaterThanOrEqual(40);
      expect(java?.averageDifficulty ?? 0).toBeGreaterThan(sql?.averageDifficulty ?? 99);
      const [row] = await t.app.deps.db.select().from(papers).where(eq(papers.id, created.paper.paperId));
      expect(row?.paperType).toBe(type);
    }
  });

  it('refuses a post without a model, abilities without questions (by name), and impossible weights', async () => {
    const before = await t.app.deps.db.select().from(papers).where(eq(papers.organizationId, org.id));
    const noModel = await generate('auto', { postId: world.noModelPostId });
    expect(noModel.status).toBe(400);
    expect(noModel.body.message).toContain('还没有能力模型');
    const empty = await generate('random', { postId: world.emptyAbilityPostId });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('架构设计');
    const model = data<PostModel>(
      await call(t, 'GET', `${P}/model?postId=${world.emptyAbilityPostId}`, { user: org.admin }),
    );
    expect(model.problem).toContain('架构设计');
    // Only 8 true/false questions per ability: 20 cannot be split 12/8 with 12 Java ones.
    const tooMany = await generate('random', { typeRules: [{ type: 0, count: 16, points: 5 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('Java 编程');
    const bad = await generate('auto', { typeRules: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('题型设置至少一项');
    const badMode = await generate('auto', { mode: 'magic' });
    expect(badMode.status).toBe(400);
    expect(badMode.body.message).toContain('组卷方式');
    const after = await t.app.deps.db.select().from(papers).where(eq(papers.organizationId, org.id));
    expect(after.length).toBe(before.length);
  });
});

/** A fixed paper of the post: 5 true/false on Java (10 each), 2 short answers on SQL (10 each). */
async function markedPaper(): Promise<{ paperId: number; tf: number[]; short: number[] }> {
  const bankId = await newQuestionBank(t, org.id);
  const tf = await seedQuestions(
    t,
    org.id,
    bankId,
    Array.from({ length: 5 }, () => ({ type: 0, difficulty: 5, knowledgeIds: [world.javaKnowledge] })),
  );
  const short = await seedQuestions(
    t,
    org.id,
    bankId,
    Array.from({ length: 2 }, () => ({ type: 4, difficulty: 5, knowledgeIds: [world.sqlKnowledge] })),
  );
  const res = await call(t, 'POST', '/paper/api/v1/paper/create', {
    user: org.admin,
    body: {
      name: '岗位测评卷',
      status: 'saved',
      postIds: [world.postId],
      sectionVOS: [
        { name: '判断题', questionVOS: tf.map((questionId) => ({ questionId, points: 10 })) },
        { name: '简答题', questionVOS: short.map((questionId) => ({ questionId, points: 10 })) },
      ],
    },
  });
  expect(res.body.message).toBe('成功');
  return { paperId: data<{ paperId: number }>(res).paperId, tf, short };
}

/** Starts, answers (the first `rightCount` true/false right, the rest wrong; `short` with text) and submits. */
async function takeExam(
  user: TestUser,
  examId: number,
  tf: number[],
  rightCount: number,
  short: number[] = [],
): Promise<number> {
  const started = await call(t, 'POST', `${C}/start?examId=${examId}`, { user });
  expect(started.body.message).toBe('成功');
  const attemptId = data<{ attemptId: number }>(started).attemptId;
  const answers = [
    ...tf.map((questionId, index) => ({ questionId, answer: index < rightCount, seq: index + 1 })),
    ...short.map((questionId) => ({ questionId, answer: '先建索引，再看执行计划', seq: 1 })),
  ];
  expect((await call(t, 'POST', `${C}/answers?attemptId=${attemptId}`, { user, body: answers })).status).toBe(
    200,
  );
  expect((await call(t, 'POST', `${C}/submit?attemptId=${attemptId}`, { user })).status).toBe(200);
  return attemptId;
}

async function mark(attemptId: number, questionId: number, score: number) {
  const res = await call(t, 'POST', '/exam/api/v1/exam/check/mark', {
    user: org.admin,
    body: { attemptId, questionId, score },
  });
  expect(res.body.message).toBe('成功');
}

describe('post exams and per-ability results', () => {
  let examId = 0;
  let fixture: Awaited<ReturnType<typeof markedPaper>>;

  it('creates a post exam for the post staff only, with a paper of that post', async () => {
    fixture = await markedPaper();
    postPaperId = fixture.paperId;
    const otherPaper = data<PostPaperCreated>(await generate('random', { postId: world.postId }));
    const notOfPost = await call(t, 'POST', `${EP}/add`, {
      user: org.admin,
      body: {
        postId: world.emptyAbilityPostId,
        paperId: otherPaper.paper.paperId,
        name: '错配',
        ...window(),
      },
    });
    expect(notOfPost.status).toBe(404);
    const badWindow = await call(t, 'POST', `${EP}/add`, {
      user: org.admin,
      body: { postId: world.postId, paperId: fixture.paperId, name: '倒置', ...window(), endAt: 1 },
    });
    expect(badWindow.status).toBe(400);
    expect(badWindow.body.message).toContain('结束时间');
    const res = await call(t, 'POST', `${EP}/add`, {
      user: org.admin,
      body: {
        postId: world.postId,
        paperId: fixture.paperId,
        name: 'Java 岗位考试',
        publish: true,
        ...window(),
      },
    });
    expect(res.body.message).toBe('成功');
    const exam = data<PurposeExamRow>(res);
    expect(exam).toMatchObject({
      purpose: 'post',
      postId: world.postId,
      postName: 'Java开发工程师',
      status: 1,
    });
    examId = exam.examId;
    const [stored] = await t.app.deps.db.select().from(exams).where(eq(exams.id, examId));
    expect(stored).toMatchObject({ purpose: 'post', postId: world.postId });
    const candidates = await t.app.deps.db
      .select()
      .from(examCandidates)
      .where(eq(examCandidates.examId, examId));
    expect(candidates.map((c) => c.userId).sort()).toEqual(world.staff.map((s) => s.id).sort());
    const list = await call(t, 'GET', `${EP}/list?postId=${world.postId}&page=0&size=10`, {
      user: org.admin,
    });
    expect(list.body.res?.total).toBe(1);
    expect(data<PurposeExamRow[]>(list)[0]?.examId).toBe(examId);
  });

  it('a graded attempt yields levels per ability (a rate at a level floor reaches it); marking changes them', async () => {
    const [first] = world.staff;
    if (!first) throw new Error('staff missing');
    // A manager rating exists before the exam: it is kept and blended into the effective level.
    await t.app.deps.db
      .insert(staffAbilities)
      .values({ organizationId: org.id, userId: first.id, abilityId: world.java, ratingLevel: 5, level: 5 });
    const attemptId = await takeExam(first, examId, fixture.tf, 3, fixture.short);
    // Short answers wait for marking: nothing measured yet.
    expect(
      await t.app.deps.db.select().from(attemptAbilities).where(eq(attemptAbilities.attemptId, attemptId)),
    ).toEqual([]);
    await mark(attemptId, fixture.short[0] ?? 0, 10);
    await mark(attemptId, fixture.short[1] ?? 0, 0);
    const rows = await t.app.deps.db
      .select()
      .from(attemptAbilities)
      .where(eq(attemptAbilities.attemptId, attemptId))
      .orderBy(attemptAbilities.abilityId);
    // Java 30 / 50 = 60 % → level 3 exactly at its floor; SQL 10 / 20 = 50 % → level 2.
    expect(rows.map((r) => [r.abilityId, r.score, r.maxScore, r.level])).toEqual([
      [world.java, 30, 50, 3],
      [world.sql, 10, 20, 2],
    ]);
    const profile = await t.app.deps.db
      .select()
      .from(staffAbilities)
      .where(eq(staffAbilities.userId, first.id))
      .orderBy(staffAbilities.abilityId);
    expect(
      profile.map((p) => [
        p.abilityId,
        p.examLevel,
        p.examScoreRate,
        p.ratingLevel,
        p.level,
        p.examAttemptId,
      ]),
    ).toEqual([
      [world.java, 3, 60, 5, 3.6, attemptId],
      [world.sql, 2, 50, null, 2, attemptId],
    ]);
    // A second look by the marker raises SQL to 100 % → level 5.
    await mark(attemptId, fixture.short[1] ?? 0, 10);
    const [sqlRow] = await t.app.deps.db
      .select()
      .from(attemptAbilities)
      .where(and(eq(attemptAbilities.attemptId, attemptId), eq(attemptAbilities.abilityId, world.sql)));
    expect(sqlRow).toMatchObject({ score: 20, level: 5 });
    const [sqlProfile] = await t.app.deps.db
      .select()
      .from(staffAbilities)
      .where(and(eq(staffAbilities.userId, first.id), eq(staffAbilities.abilityId, world.sql)));
    expect(sqlProfile).toMatchObject({ examLevel: 5, examScoreRate: 100, level: 5 });
  });

  it('detail shows each candidate per ability against the requirement, averages and a department filter', async () => {
    const [, second] = world.staff;
    if (!second) throw new Error('staff missing');
    const attemptId = await takeExam(second, examId, fixture.tf, 5);
    await mark(attemptId, fixture.short[0] ?? 0, 0);
    await mark(attemptId, fixture.short[1] ?? 0, 0);
    const res = await call(t, 'GET', `${EP}/detail?examId=${examId}&page=0&size=10`, { user: org.admin });
    expect(res.body.res?.total).toBe(2);
    const detail = data<AbilityResults>(res);
    expect(
      detail.abilities.map((a) => [a.name, a.requiredLevel, a.averageLevel, a.metCount, a.measuredCount]),
    ).toEqual([
      ['Java 编程', 4, 4, 1, 2],
      ['数据库', 2, 3, 1, 2],
    ]);
    const byName = new Map(detail.candidates.map((c) => [c.realName, c]));
    expect(byName.get('张三')?.abilities.map((a) => [a.level, a.met])).toEqual([
      [3, false],
      [5, true],
    ]);
    expect(byName.get('李四')).toMatchObject({ score: 50, statusLabel: '已完成', metCount: 1 });
    expect(byName.get('李四')?.abilities.map((a) => [a.rate, a.level, a.met])).toEqual([
      [100, 5, true],
      [0, 1, false],
    ]);
    // 前端组 (the second department) holds only 李四.
    const filtered = await call(
      t,
      'GET',
      `${EP}/detail?examId=${examId}&departmentId=${org.departmentIds[1]}&page=0&size=10`,
      { user: org.admin },
    );
    expect(data<AbilityResults>(filtered).candidates.map((c) => c.realName)).toEqual(['李四']);
    expect(data<AbilityResults>(filtered).abilities[0]?.averageLevel).toBe(5);
    const file = await t.app.inject({
      method: 'GET',
      url: `${EP}/detail/export?examId=${examId}`,
      headers: { authorization: `Bearer ${org.admin.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it("refuses another organisation's posts, papers, exams and departments, changing nothing", async () => {
    const { db } = t.app.deps;
    const papersBefore = await db.select().from(papers).where(eq(papers.organizationId, org.id));
    const examsBefore = await db.select().from(exams).where(eq(exams.organizationId, other.id));
    const as = { user: other.admin };
    expect((await call(t, 'GET', `${P}/model?postId=${world.postId}`, as)).status).toBe(404);
    expect((await call(t, 'GET', `${P}/papers?postId=${world.postId}`, as)).status).toBe(404);
    const gen = await call(t, 'POST', `${P}/generate`, {
      ...as,
      body: { postId: world.postId, mode: 'random', name: 'x', typeRules },
    });
    expect(gen.status).toBe(404);
    const add = await call(t, 'POST', `${EP}/add`, {
      ...as,
      body: { postId: world.postId, paperId: fixture.paperId, name: 'x', ...window() },
    });
    expect(add.status).toBe(404);
    expect((await call(t, 'GET', `${EP}/detail?examId=${examId}`, as)).status).toBe(404);
    expect((await call(t, 'GET', `${EP}/detail/export?examId=${examId}`, as)).status).toBe(404);
    expect((await call(t, 'POST', `${EP}/publish?examId=${examId}`, as)).status).toBe(404);
    expect((await call(t, 'GET', `${EV}/profile?examId=${examId}`, as)).status).toBe(404);
    const evaluate = await call(t, 'POST', `${EV}/add`, {
      ...as,
      body: { paperId: fixture.paperId, name: 'x', userIds: [other.staff.id], ...window() },
    });
    expect(evaluate.status).toBe(404);
    const mine = await call(
      t,
      'GET',
      `${EP}/detail?examId=${examId}&departmentId=${other.departmentIds[0]}`,
      { user: org.admin },
    );
    expect(mine.status).toBe(404);
    expect((await call(t, 'GET', `${EP}/list?page=0&size=10`, as)).body.res?.total).toBe(0);
    expect(await db.select().from(papers).where(eq(papers.organizationId, org.id))).toHaveLength(
      papersBefore.length,
    );
    expect(await db.select().from(exams).where(eq(exams.organizationId, other.id))).toHaveLength(
      examsBefore.length,
    );
  });
});

describe('evaluation exams', () => {
  it('creates an evaluation exam from a 测评 paper for departments and shows the ability profile', async () => {
    const { db } = t.app.deps;
    const bankId = await newQuestionBank(t, org.id, '测评题库-逻辑');
    await db.update(questionBanks).set({ category: '测评' }).where(eq(questionBanks.id, bankId));
    const ids = await seedQuestions(
      t,
      org.id,
      bankId,
      Array.from({ length: 4 }, () => ({ type: 0, difficulty: 4, knowledgeIds: [world.sqlKnowledge] })),
    );
    const paper = await call(t, 'POST', '/paper/api/v1/paper/create', {
      user: org.admin,
      body: {
        name: '逻辑测评',
        status: 'saved',
        sectionVOS: [{ name: '判断题', questionVOS: ids.map((questionId) => ({ questionId, points: 5 })) }],
      },
    });
    const paperId = data<{ paperId: number }>(paper).paperId;
    const offered = await call(t, 'GET', `${EV}/papers?page=0&size=50`, { user: org.admin });
    const offeredIds = data<{ paperId: number }[]>(offered).map((p) => p.paperId);
    expect(offeredIds).toContain(paperId);
    expect(offeredIds).not.toContain(postPaperId);
    const refused = await call(t, 'POST', `${EV}/add`, {
      user: org.admin,
      body: { paperId: postPaperId, name: '非测评', userIds: [world.outsider.id], ...window() },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('测评题库');
    const noOne = await call(t, 'POST', `${EV}/add`, {
      user: org.admin,
      body: { paperId, name: '无人', ...window() },
    });
    expect(noOne.status).toBe(400);
    const res = await call(t, 'POST', `${EV}/add`, {
      user: org.admin,
      body: { paperId, name: '逻辑测评考试', userIds: [world.outsider.id], publish: true, ...window() },
    });
    expect(res.body.message).toBe('成功');
    const exam = data<PurposeExamRow>(res);
    expect(exam).toMatchObject({ purpose: 'evaluation', postId: null, status: 1 });
    const attemptId = await takeExam(world.outsider, exam.examId, ids, 3);
    const profile = data<AbilityResults>(
      await call(t, 'GET', `${EV}/profile?examId=${exam.examId}&page=0&size=10`, { user: org.admin }),
    );
    expect(profile.abilities.map((a) => [a.name, a.requiredLevel, a.averageRate])).toEqual([
      ['数据库', null, 75],
    ]);
    expect(profile.candidates[0]).toMatchObject({ realName: '王五', attemptId });
    expect(profile.candidates[0]?.abilities).toEqual([
      { abilityId: world.sql, score: 15, maxScore: 20, rate: 75, level: 4, requiredLevel: null, met: null },
    ]);
    const list = await call(t, 'GET', `${EV}/list?page=0&size=10`, { user: org.admin });
    expect(data<PurposeExamRow[]>(list).map((e) => e.examId)).toEqual([exam.examId]);
    // A post exam is not an evaluation exam.
    const rows = await db
      .select()
      .from(exams)
      .where(and(eq(exams.organizationId, org.id), inArray(exams.purpose, ['post'])));
    expect((await call(t, 'GET', `${EV}/profile?examId=${rows[0]?.id}`, { user: org.admin })).status).toBe(
      404,
    );
  });
});

describe('demo seed', () => {
  it('generates the post paper, a finished post exam and per-ability results through the real rule', async () => {
    const { db } = t.app.deps;
    const demo = {
      db,
      organizationId: org.id,
      passwordHash: '',
      now: Date.now(),
      departments: new Map<string, number>(),
      roles: new Map<string, number>(),
      people: new Map([['admin', org.admin.id]]),
      staff: [],
      knowledge: new Map<string, number>(),
      banks: new Map<string, number>(),
      papers: new Map<string, number>(),
      posts: new Map([[DEMO_POST_EXAM.post, world.postId]]),
      abilities: new Map<string, number>(),
      courses: new Map<string, number>(),
    };
    await seedDemoPostExams(demo);
    const [exam] = await db
      .select()
      .from(exams)
      .where(and(eq(exams.organizationId, org.id), eq(exams.name, DEMO_POST_EXAM.name)));
    expect(exam).toMatchObject({ purpose: 'post', postId: world.postId, status: 1 });
    expect(exam?.endAt?.getTime()).toBeLessThan(Date.now());
    const results = await db
      .select()
      .from(attemptAbilities)
      .where(eq(attemptAbilities.examId, exam?.id ?? 0));
    expect(new Set(results.map((r) => r.abilityId))).toEqual(new Set([world.java, world.sql]));
    expect(results.every((r) => r.level >= 1 && r.level <= 5 && r.score <= r.maxScore)).toBe(true);
  });
});
