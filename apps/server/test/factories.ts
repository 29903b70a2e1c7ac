/**
 * Test factories: calls through the contracts (typed like the web's calls) and a whole organisation's
 * worth of data made through the real API, for tests that need more than `createOrg` gives.
 */
import { TagType } from '@kaopei/shared';
import type { BodyIn, DataOf, Endpoint, ParamsIn, QueryIn } from '@kaopei/shared/contracts/common';
import { bankContracts } from '@kaopei/shared/contracts/bank';
import { departmentContracts } from '@kaopei/shared/contracts/department';
import { examContracts } from '@kaopei/shared/contracts/exam';
import { examCandidateContracts } from '@kaopei/shared/contracts/exam-candidate';
import { knowledgeContracts } from '@kaopei/shared/contracts/knowledge';
import { noticeContracts } from '@kaopei/shared/contracts/notice';
import { paperContracts } from '@kaopei/shared/contracts/paper';
import { paperBankContracts } from '@kaopei/shared/contracts/paper-bank';
import { paperCategoryContracts } from '@kaopei/shared/contracts/paper-category';
import { questionContracts } from '@kaopei/shared/contracts/question';
import { roleContracts } from '@kaopei/shared/contracts/role';
import { tagContracts } from '@kaopei/shared/contracts/tag';
import { postContracts } from '@kaopei/shared/contracts/post';
import { abilityContracts } from '@kaopei/shared/contracts/ability';
import { studyTaskContracts } from '@kaopei/shared/contracts/study-task';
import { practiceContracts } from '@kaopei/shared/contracts/practice';
import { analysisReportContracts } from '@kaopei/shared/contracts/analysis-report';
import { IPIP50_DEFINITION } from '@kaopei/shared';
import { interviewContracts } from '@kaopei/shared/contracts/interview';
import { psychContracts } from '@kaopei/shared/contracts/psych';
import { recruitmentContracts } from '@kaopei/shared/contracts/recruitment';
import { productContracts, storeContracts } from '@kaopei/shared/contracts/shop';
import * as schema from '../src/db/schema';
import { fillPath, queryString } from './contract-samples';
import { unique, uniquePhone, type TestApp, type TestOrg, type TestUser } from './harness';

type Input<E extends Endpoint> = { query?: QueryIn<E>; body?: BodyIn<E>; params?: ParamsIn<E> };

/** Calls `contract` as `user`; fails the test unless the reply is a success, and returns `res.data`. */
export async function api<E extends Endpoint>(
  t: TestApp,
  user: TestUser,
  contract: E,
  input: Input<E> = {},
): Promise<DataOf<E>> {
  const url =
    fillPath(contract.path, (input.params ?? {}) as Record<string, unknown>) +
    queryString((input.query ?? {}) as Record<string, unknown>);
  const reply = await t.app.inject({
    method: contract.method,
    url,
    headers: { authorization: `Bearer ${user.token}` },
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
  });
  const body = reply.json() as { code: number; message: string; res: { data: unknown } | null };
  if (reply.statusCode !== 200 || body.code !== 0)
    throw new Error(`${contract.method} ${contract.path}: ${reply.statusCode} ${body.message}`);
  return body.res?.data as DataOf<E>;
}

/** What `buildWorld` made, by kind. */
export interface World {
  tagId: number;
  bankId: number;
  questionIds: number[];
  knowledgeId: number;
  categoryId: number;
  paperId: number;
  paperBankId: number;
  examId: number;
  attemptId: number;
  roleId: number;
  departmentId: number;
  postId: number;
  abilityId: number;
  courseId: number;
}

/**
 * One organisation's worth of everything: a tagged bank with approved questions, a knowledge point, a
 * paper in a category and a paper bank, a published exam that the staff member has taken, a role, a
 * department, a message, and a post in a family with an ability model, knowledge map and material — all
 * made through the API as the organisation's administrator would.
 */
export async function buildWorld(t: TestApp, org: TestOrg): Promise<World> {
  const admin = org.admin;
  const tag = await api(t, admin, tagContracts.add, {
    body: { type: TagType.QUESTION_BANK, name: unique('题库标签') },
  });
  const bank = await api(t, admin, bankContracts.add, {
    body: { name: unique('题库'), tagIds: [tag.tagId] },
  });
  const knowledge = await api(t, admin, knowledgeContracts.add, { body: { name: unique('知识点') } });
  const single = await api(t, admin, questionContracts.add, {
    body: {
      bankId: bank.bankId,
      type: 1,
      stem: '一加一等于几？',
      options: [
        { content: '二', correct: true },
        { content: '三', correct: false },
      ],
      difficulty: 3,
      knowledgeIds: [knowledge.id],
    },
  });
  const judge = await api(t, admin, questionContracts.add, {
    body: { bankId: bank.bankId, type: 0, stem: '地球是圆的。', answer: true, difficulty: 2 },
  });
  const questionIds = [single.questionId, judge.questionId];
  for (const questionId of questionIds)
    await api(t, admin, questionContracts.check, { query: { questionId, status: 1 }, body: {} });
  const category = await api(t, admin, paperCategoryContracts.add, { body: { name: unique('分类') } });
  const paper = await api(t, admin, paperContracts.create, {
    body: {
      name: unique('试卷'),
      status: 'saved',
      categoryId: category.categoryId,
      sectionVOS: [
        { name: '试题', questionVOS: questionIds.map((questionId) => ({ questionId, points: 10 })) },
      ],
    },
  });
  const paperBank = await api(t, admin, paperBankContracts.create, { body: { name: unique('试卷库') } });
  const now = Date.now();
  const exam = await api(t, admin, examContracts.add, {
    body: {
      name: unique('考试'),
      paperIds: [paper.paperId],
      startAt: now - 60_000,
      endAt: now + 2 * 3600_000,
      durationMinutes: 30,
      passScore: 10,
      audience: { mode: 'assigned', userIds: [org.staff.id] },
      notify: false,
    },
  });
  await api(t, admin, examContracts.publish, { query: { examId: exam.examId } });
  const attempt = await api(t, org.staff, examCandidateContracts.start, { query: { examId: exam.examId } });
  await api(t, org.staff, examCandidateContracts.saveAnswers, {
    query: { attemptId: attempt.attemptId },
    body: [{ questionId: judge.questionId, answer: true, seq: 1 }],
  });
  await api(t, org.staff, examCandidateContracts.submit, { query: { attemptId: attempt.attemptId } });
  const role = await api(t, admin, roleContracts.add, { body: { name: unique('角色'), menuIds: [] } });
  const department = await api(t, admin, departmentContracts.add, {
    body: { name: unique('部门'), parentId: org.departmentIds[0] },
  });
  await api(t, admin, noticeContracts.send, { body: { content: '请按时参加考试', userIds: [org.staff.id] } });
  const { postId, abilityId } = await buildPostWorld(t, admin, knowledge.id);
  const courseId = await buildCourseWorld(t, org, exam.examId);
  await buildStudyTaskWorld(t, org, courseId, exam.examId);
  await buildPracticeWorld(t, org, bank.bankId);
  await buildOperationsWorld(t, org, courseId);
  await buildRecruitingWorld(t, org, postId);
  await api(t, admin, analysisReportContracts.scheduleAdd, {
    body: { name: unique('定时报告'), kind: 'exam', examId: exam.examId, dayOfMonth: 1, recipientIds: [org.staff.id] },
  });
  return {
    postId,
    abilityId,
    courseId,
    tagId: tag.tagId,
    bankId: bank.bankId,
    questionIds,
    knowledgeId: knowledge.id,
    categoryId: category.categoryId,
    paperId: paper.paperId,
    paperBankId: paperBank.paperBankId,
    examId: exam.examId,
    attemptId: attempt.attemptId,
    roleId: role.roleId,
    departmentId: department.departmentId,
  };
}

/** A study task (issue 18) of the course, the exam and a released practice set, allocated to the staff member. */
async function buildStudyTaskWorld(t: TestApp, org: TestOrg, courseId: number, examId: number) {
  const [practice] = await t.app.deps.db
    .insert(schema.practices)
    .values({ organizationId: org.id, name: unique('练习'), status: 1 })
    .returning({ id: schema.practices.id });
  const task = await api(t, org.admin, studyTaskContracts.add, {
    body: {
      name: unique('学习任务'),
      startAt: Date.now() - 86_400_000,
      dueAt: Date.now() + 7 * 86_400_000,
      items: [
        { kind: 'course', refId: courseId },
        { kind: 'exam', refId: examId },
        { kind: 'practice', refId: practice!.id },
      ],
    },
  });
  await api(t, org.admin, studyTaskContracts.allocate, { body: { taskId: task.id, userIds: [org.staff.id] } });
}

/** Issue 21: a product of the course with the staff member's unpaid order; a scale, a mental exam and a response. */
async function buildOperationsWorld(t: TestApp, org: TestOrg, courseId: number) {
  const { productId } = await api(t, org.admin, productContracts.add, {
    body: { name: unique('商品'), kind: 'course', priceFen: 100, refIds: [courseId], onShelf: true },
  });
  await api(t, org.staff, storeContracts.buy, { body: { productId } });
  const scale = await api(t, org.admin, psychContracts.scaleAdd, {
    body: { name: unique('量表'), definition: IPIP50_DEFINITION },
  });
  const exam = await api(t, org.admin, psychContracts.examAdd, {
    body: {
      scaleId: scale.scaleId,
      name: unique('心理测评'),
      startAt: Date.now() - 60_000,
      endAt: Date.now() + 86_400_000,
      userIds: [org.staff.id],
    },
  });
  await api(t, org.staff, psychContracts.mySubmit, {
    body: {
      mentalExamId: exam.mentalExamId,
      answers: IPIP50_DEFINITION.items.map((item) => ({ no: item.no, value: 3 })),
    },
  });
}

/** Issue 20: a published job of the post, a campus session, an applicant who applied, an interview. */
async function buildRecruitingWorld(t: TestApp, org: TestOrg, postId: number) {
  const { jobId } = await api(t, org.admin, recruitmentContracts.jobAdd, {
    body: { name: unique('职位'), postId, headcount: 1 },
  });
  await api(t, org.admin, recruitmentContracts.jobPublish, { query: { jobId } });
  const campus = await api(t, org.admin, recruitmentContracts.campusAdd, {
    body: { school: '浙江大学', heldAt: Date.now() + 86_400_000, place: '报告厅', jobIds: [jobId] },
  });
  const applied = await api(t, org.admin, recruitmentContracts.add, {
    body: { jobId, name: '王小明', phone: uniquePhone(), campusSessionId: campus.sessionId },
  });
  await api(t, org.admin, interviewContracts.add, {
    body: {
      title: unique('面试'),
      interviewerIds: [org.admin.id],
      applicantName: '王小明',
      applicantId: applied.applicantId,
      postId,
      startAt: Date.now() + 5 * 60_000,
      endAt: Date.now() + 3600_000,
    },
  });
}

/** A released practice set on the bank, with a round of the staff member (one answer wrong: a review card). */
async function buildPracticeWorld(t: TestApp, org: TestOrg, bankId: number) {
  const { practiceId } = await api(t, org.admin, practiceContracts.add, {
    body: { name: unique('练习'), roundSize: 2, sources: [{ kind: 'bank', refId: bankId }] },
  });
  await api(t, org.admin, practiceContracts.release, { query: { practiceId } });
  const round = await api(t, org.staff, practiceContracts.start, { query: { practiceId } });
  if (!round.question) return;
  // A wrong answer of either kind: option 1 of the single choice is wrong, and so is `false`.
  const answer = round.question.type === 1 ? 1 : false;
  await api(t, org.staff, practiceContracts.answer, {
    body: { roundId: round.roundId, questionId: round.question.questionId, answer },
  });
}

/** A post family with a post whose model, knowledge map and learning material name one new ability. */
async function buildPostWorld(t: TestApp, admin: TestUser, knowledgeId: number) {
  const family = await api(t, admin, postContracts.familyAdd, { body: { name: unique('序列') } });
  const post = await api(t, admin, postContracts.add, {
    body: { name: unique('岗位'), familyId: family.familyId },
  });
  const [dimension] = await api(t, admin, abilityContracts.dimensionList, {});
  const ability = await api(t, admin, abilityContracts.add, {
    body: {
      name: unique('能力'),
      dimensionId: dimension?.id ?? 0,
      levels: [1, 2, 3, 4, 5].map((level) => ({ level, name: `L${level}`, behaviour: `第${level}级行为` })),
      knowledgeIds: [knowledgeId],
    },
  });
  await api(t, admin, abilityContracts.modelSave, {
    body: { postId: post.postId, items: [{ abilityId: ability.id, requiredLevel: 3, weight: 100 }] },
  });
  await api(t, admin, abilityContracts.knowledgeSave, {
    body: { postId: post.postId, items: [{ knowledgeId, mastery: 2 }] },
  });
  await api(t, admin, abilityContracts.materialAdd, {
    body: { abilityId: ability.id, kind: 'link', title: '学习资料', url: 'https://example.com/a' },
  });
  return { postId: post.postId, abilityId: ability.id };
}

/**
 * A course with one of everything of issue 17: category, teacher, tag, chapter, a video, a document, a live and
 * an exam section, a group, the staff member enrolled with progress, a rating, attendance and a chat line, an
 * upload in progress. Written straight to the tables (the same rows the course services write), so that the
 * route walker has an id of every kind to try whatever shape the endpoints take.
 */
async function buildCourseWorld(t: TestApp, org: TestOrg, examId: number): Promise<number> {
  const db = t.app.deps.db;
  const organizationId = org.id;
  const first = <T>(rows: T[]): T => {
    const [row] = rows;
    if (!row) throw new Error('insert returned nothing');
    return row;
  };
  const category = first(
    await db
      .insert(schema.courseCategories)
      .values({ organizationId, name: unique('课程分类') })
      .returning(),
  );
  const teacher = first(
    await db
      .insert(schema.teachers)
      .values({ organizationId, name: unique('讲师'), userId: org.admin.id })
      .returning(),
  );
  const file = first(
    await db
      .insert(schema.files)
      .values({
        organizationId,
        key: `${organizationId}/${unique('video')}.mp4`,
        name: 'a.mp4',
        mime: 'video/mp4',
        size: 10,
      })
      .returning(),
  );
  const course = first(
    await db
      .insert(schema.courses)
      .values({
        organizationId,
        categoryId: category.id,
        name: unique('课程'),
        status: 'open',
        createdBy: org.admin.id,
      })
      .returning(),
  );
  const tag = first(
    await db
      .insert(schema.tags)
      .values({ organizationId, type: TagType.COURSE, name: unique('课程标签') })
      .returning(),
  );
  await db.insert(schema.courseTeachers).values({ courseId: course.id, teacherId: teacher.id });
  await db.insert(schema.courseTags).values({ courseId: course.id, tagId: tag.id });
  const chapter = first(
    await db
      .insert(schema.courseChapters)
      .values({ organizationId, courseId: course.id, title: '第一章' })
      .returning(),
  );
  const section = (values: Partial<typeof schema.courseSections.$inferInsert>) => ({
    organizationId,
    courseId: course.id,
    chapterId: chapter.id,
    title: unique('小节'),
    kind: 'video',
    ...values,
  });
  const [video, , live] = await db
    .insert(schema.courseSections)
    .values([
      section({ kind: 'video', fileId: file.id, durationSeconds: 100, sort: 1 }),
      section({ kind: 'datum', fileId: file.id, sort: 2 }),
      section({
        kind: 'live',
        liveStatus: 'scheduled',
        liveStreamKey: unique('key').padEnd(32, '0'),
        sort: 3,
      }),
      section({ kind: 'exam', examId, sort: 4 }),
    ])
    .returning();
  if (!video || !live) throw new Error('sections insert returned nothing');
  const group = first(
    await db
      .insert(schema.courseGroups)
      .values({ organizationId, courseId: course.id, name: '一班' })
      .returning(),
  );
  const userId = org.staff.id;
  await db.insert(schema.courseMembers).values({
    courseId: course.id,
    userId,
    organizationId,
    groupId: group.id,
    source: 'staff',
    progressPercent: 25,
  });
  await db.insert(schema.courseProgress).values({
    sectionId: video.id,
    userId,
    courseId: course.id,
    organizationId,
    positionSeconds: 40,
    watchedRanges: [[0, 40]],
    watchedSeconds: 40,
  });
  await db
    .insert(schema.courseEvaluations)
    .values({ organizationId, courseId: course.id, userId, rating: 4, comment: '不错' });
  await db.insert(schema.liveAttendance).values({ sectionId: live.id, userId, organizationId, seconds: 60 });
  await db
    .insert(schema.liveMessages)
    .values({ organizationId, sectionId: live.id, userId, content: '老师好' });
  await db.insert(schema.uploadSessions).values({
    id: crypto.randomUUID(),
    organizationId,
    userId: org.admin.id,
    name: 'big.mp4',
    mime: 'video/mp4',
    purpose: 'video',
    size: 1000,
  });
  const [target] = await db
    .insert(schema.studyTargets)
    .values({
      organizationId,
      name: unique('学习目标'),
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      metric: 'hours',
      targetValue: 10,
      levels: [
        { name: '未达标', threshold: 0 },
        { name: '达标', threshold: 100 },
      ],
    })
    .returning();
  if (target)
    await db.insert(schema.studyTargetScopes).values({ targetId: target.id, kind: 'user', refId: userId });
  return course.id;
}
