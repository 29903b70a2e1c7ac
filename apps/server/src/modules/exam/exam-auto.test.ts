import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionType, nextOccurrence, periodLabel } from '@kaopei/shared';
import { departments, examAutoRules, examCandidates, exams, noticeReceives, papers } from '../../db/schema';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { newQuestionBank, seedQuestions, staffWithMenus } from '../paper/paper.fixtures';
import { RETRY_MS, runDueRules, type AutoRuleRow, type GenerationCheck } from './exam-auto.service';
import type { ExamRow } from './exam.service';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let bankId: number;
let otherBankId: number;

const A = '/exam/api/v1/auto';
const C = '/exam/api/v1/candidate';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

function body(overrides: Record<string, unknown> = {}, template: Record<string, unknown> = {}) {
  return {
    name: unique('规则'),
    generation: { bankIds: [bankId], typeRules: [{ type: QuestionType.SINGLE, count: 3, points: 10 }] },
    examTemplate: {
      examName: '月度安全考试',
      durationMinutes: 30,
      windowMinutes: 120,
      passScore: 18,
      departmentIds: [org.departmentIds[0]],
      ...template,
    },
    recurrence: 'monthly',
    firstStartAt: Date.now() + 3 * DAY,
    leadMinutes: 60,
    ...overrides,
  };
}

async function addRule(overrides: Record<string, unknown> = {}, template: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', `${A}/add`, { user: org.admin, body: body(overrides, template) });
  expect(res.status, res.body.message).toBe(200);
  return data<AutoRuleRow>(res);
}

async function ruleExamIds(ruleId: number): Promise<number[]> {
  const rows = await t.app.deps.db.select({ id: exams.id }).from(exams).where(eq(exams.autoRuleId, ruleId));
  return rows.map((row) => row.id);
}

async function ruleRecord(ruleId: number) {
  const [rule] = await t.app.deps.db.select().from(examAutoRules).where(eq(examAutoRules.id, ruleId));
  if (!rule) throw new Error('rule missing');
  return rule;
}

/** Makes a rule due now: its next exam opens in 30 minutes (lead 60). */
async function makeDue(ruleId: number, startAt = Date.now() + 30 * 60_000) {
  await t.app.deps.db
    .update(examAutoRules)
    .set({ firstStartAt: new Date(startAt), nextStartAt: new Date(startAt) })
    .where(eq(examAutoRules.id, ruleId));
}

beforeAll(async () => {
  // No timer during the tests: they tick by hand.
  t = await createTestApp({ EXAM_AUTO_SECONDS: '3600' });
  org = await createOrg(t);
  other = await createOrg(t);
  bankId = await newQuestionBank(t, org.id);
  await seedQuestions(
    t,
    org.id,
    bankId,
    Array.from({ length: 12 }, (_, i) => ({ type: QuestionType.SINGLE, difficulty: 3 + (i % 5) })),
  );
  otherBankId = await newQuestionBank(t, other.id);
});
afterAll(async () => {
  await t.close();
});

describe('automatic exam rules: add, read, change', () => {
  it('adds a rule and reads it back with its next start', async () => {
    const rule = await addRule();
    expect(rule.recurrence).toBe('monthly');
    expect(rule.recurrenceLabel).toBe('每月');
    expect(rule.nextStartAt).toBe(rule.firstStartAt);
    expect(rule.nextRunAt).toBe(rule.firstStartAt - 60 * 60_000);
    expect(rule.enabled).toBe(true);
    expect(rule.runs).toBe(0);
    expect(rule.lastExam).toBeNull();
    expect(rule.examTemplate.includeSubDepartments).toBe(true);
    expect(rule.examTemplate.settings.leaveLimit).toBe(0);
    const detail = await call(t, 'GET', `${A}/detail?ruleId=${rule.ruleId}`, { user: org.admin });
    expect(data<AutoRuleRow>(detail).name).toBe(rule.name);
  });

  it('lists the organisation’s rules in pages and by keyword', async () => {
    const marker = unique('分页');
    await addRule({ name: `${marker}一` });
    await addRule({ name: `${marker}二` });
    const page = await call(t, 'POST', `${A}/search?page=0&size=1`, {
      user: org.admin,
      body: { keyword: marker },
    });
    expect(page.status).toBe(200);
    expect(page.body.res?.total).toBe(2);
    expect(data<AutoRuleRow[]>(page)).toHaveLength(1);
    const mine = await call(t, 'POST', `${A}/search?page=0&size=100`, { user: other.admin, body: {} });
    expect(data<AutoRuleRow[]>(mine).some((row) => row.name.startsWith(marker))).toBe(false);
  });

  it('rejects bad input with a message naming the field and writes nothing', async () => {
    const before = await t.app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(examAutoRules)
      .where(eq(examAutoRules.organizationId, org.id));
    const cases: [Record<string, unknown>, Record<string, unknown>, number, string][] = [
      [{ firstStartAt: Date.now() - 1000 }, {}, 400, '首次开考时间'],
      [{}, { windowMinutes: 20 }, 400, '开放时长'],
      [{ recurrence: 'daily' }, {}, 400, '重复方式'],
      [{}, { departmentIds: [] }, 400, '部门'],
      [{ leadMinutes: 99999 }, {}, 400, '提前生成时间'],
      [{ name: '  ' }, {}, 400, '规则名称'],
      [{ generation: { bankIds: [bankId], typeRules: [] } }, {}, 400, '题型设置'],
      [{}, { departmentIds: [other.departmentIds[0]] }, 404, '部门不存在'],
      [{ generation: { bankIds: [otherBankId], typeRules: [{ type: 1, count: 1 }] } }, {}, 404, '题库不存在'],
    ];
    for (const [overrides, template, status, text] of cases) {
      const res = await call(t, 'POST', `${A}/add`, { user: org.admin, body: body(overrides, template) });
      expect(res.status, JSON.stringify(overrides) + JSON.stringify(template)).toBe(status);
      expect(res.body.message).toContain(text);
    }
    const after = await t.app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(examAutoRules)
      .where(eq(examAutoRules.organizationId, org.id));
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('needs the 自动考试 menu and a sign-in', async () => {
    const res = await call(t, 'POST', `${A}/search`, { user: org.staff, body: {} });
    expect(res.status).toBe(403);
    expect((await call(t, 'POST', `${A}/search`, { body: {} })).status).toBe(401);
    expect((await call(t, 'POST', `${A}/add`, { user: org.staff, body: body() })).status).toBe(403);
    const granted = await staffWithMenus(t, org, [212]);
    const add = await call(t, 'POST', `${A}/add`, { user: granted, body: body() });
    expect(add.status).toBe(200);
    const listExam = await staffWithMenus(t, org, [211]);
    expect((await call(t, 'POST', `${A}/search`, { user: listExam, body: {} })).status).toBe(403);
  });

  it('never shows or changes another organisation’s rule', async () => {
    const rule = await addRule();
    const id = rule.ruleId;
    const asOther = { user: other.admin };
    expect((await call(t, 'GET', `${A}/detail?ruleId=${id}`, asOther)).status).toBe(404);
    expect((await call(t, 'POST', `${A}/modify?ruleId=${id}`, { ...asOther, body: body() })).status).toBe(
      404,
    );
    expect(
      (await call(t, 'POST', `${A}/enable?ruleId=${id}`, { ...asOther, body: { enabled: false } })).status,
    ).toBe(404);
    expect((await call(t, 'POST', `${A}/run?ruleId=${id}`, asOther)).status).toBe(404);
    expect((await call(t, 'GET', `${A}/exams?ruleId=${id}`, asOther)).status).toBe(404);
    expect((await call(t, 'POST', `${A}/delete`, { ...asOther, body: { ids: [id] } })).status).toBe(404);
    const still = await ruleRecord(id);
    expect(still.enabled).toBe(1);
    expect(await ruleExamIds(id)).toEqual([]);
  });

  it('modifies a rule; a changed first start must lie ahead', async () => {
    const rule = await addRule();
    const changed = await call(t, 'POST', `${A}/modify?ruleId=${rule.ruleId}`, {
      user: org.admin,
      body: body({ name: '改名后', recurrence: 'weekly', firstStartAt: rule.firstStartAt }),
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(data<AutoRuleRow>(changed)).toMatchObject({ name: '改名后', recurrence: 'weekly' });
    const past = await call(t, 'POST', `${A}/modify?ruleId=${rule.ruleId}`, {
      user: org.admin,
      body: body({ firstStartAt: Date.now() - DAY }),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toContain('firstStartAt');
    expect((await call(t, 'POST', `${A}/modify?ruleId=abc`, { user: org.admin, body: body() })).status).toBe(
      400,
    );
  });

  it('enables and disables; delete is all or nothing', async () => {
    const rule = await addRule();
    const off = await call(t, 'POST', `${A}/enable?ruleId=${rule.ruleId}`, {
      user: org.admin,
      body: { enabled: false },
    });
    expect(data<AutoRuleRow>(off).enabled).toBe(false);
    const bad = await call(t, 'POST', `${A}/enable?ruleId=${rule.ruleId}`, { user: org.admin, body: {} });
    expect(bad.status).toBe(400);
    const otherRule = await call(t, 'POST', `${A}/add`, {
      user: other.admin,
      body: {
        ...body({}, { departmentIds: [other.departmentIds[0]] }),
        generation: { bankIds: [otherBankId], typeRules: [{ type: 1, count: 1 }] },
      },
    });
    expect(otherRule.status, otherRule.body.message).toBe(200);
    const mixed = await call(t, 'POST', `${A}/delete`, {
      user: org.admin,
      body: { ids: [rule.ruleId, data<AutoRuleRow>(otherRule).ruleId] },
    });
    expect(mixed.status).toBe(404);
    expect((await ruleRecord(rule.ruleId)).id).toBe(rule.ruleId);
    expect((await call(t, 'POST', `${A}/delete`, { user: org.admin, body: { ids: [] } })).status).toBe(400);
    const gone = await call(t, 'POST', `${A}/delete`, { user: org.admin, body: { ids: [rule.ruleId] } });
    expect(data<{ count: number }>(gone).count).toBe(1);
    expect((await call(t, 'GET', `${A}/detail?ruleId=${rule.ruleId}`, { user: org.admin })).status).toBe(404);
  });
});

describe('检查规则', () => {
  it('reports a feasible generation and explains an infeasible one', async () => {
    const good = await call(t, 'POST', `${A}/check`, {
      user: org.admin,
      body: { generation: body().generation },
    });
    expect(good.status).toBe(200);
    expect(data<GenerationCheck>(good)).toMatchObject({ feasible: true, message: null });
    expect(data<GenerationCheck>(good).papers[0]?.totals.questionCount).toBe(3);
    const bad = await call(t, 'POST', `${A}/check`, {
      user: org.admin,
      body: { generation: { bankIds: [bankId], typeRules: [{ type: QuestionType.SINGLE, count: 50 }] } },
    });
    expect(bad.status).toBe(200);
    const report = data<GenerationCheck>(bad);
    expect(report.feasible).toBe(false);
    expect(report.message).toContain('无法生成试卷');
    expect(report.violations.length).toBeGreaterThan(0);
    const invalid = await call(t, 'POST', `${A}/check`, {
      user: org.admin,
      body: { generation: { bankIds: [] } },
    });
    expect(invalid.status).toBe(400);
    const foreign = await call(t, 'POST', `${A}/check`, {
      user: org.admin,
      body: { generation: { bankIds: [otherBankId], typeRules: [{ type: 1, count: 1 }] } },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await call(t, 'POST', `${A}/check`, { user: org.staff, body: { generation: body().generation } }))
        .status,
    ).toBe(403);
  });
});

describe('立即生成 and the rule’s exams', () => {
  it('creates, publishes and names the next exam; department members see it and are told', async () => {
    const rule = await addRule();
    const run = await call(t, 'POST', `${A}/run?ruleId=${rule.ruleId}`, { user: org.admin });
    expect(run.status, run.body.message).toBe(200);
    const exam = data<ExamRow>(run);
    expect(exam.name).toBe(`月度安全考试 ${periodLabel(rule.firstStartAt, 'monthly')}`);
    expect(exam.status).toBe(1);
    expect(exam.startAt).toBe(rule.firstStartAt);
    expect(exam.endAt).toBe(rule.firstStartAt + 120 * 60_000);
    expect(exam.durationMinutes).toBe(30);
    expect(exam.passScore).toBe(18);
    expect(exam.papers[0]?.questionCount).toBe(3);
    // The staff member is in a sub-department of the chosen department.
    expect(exam.candidateCount).toBeGreaterThanOrEqual(2);

    const after = await call(t, 'GET', `${A}/detail?ruleId=${rule.ruleId}`, { user: org.admin });
    const row = data<AutoRuleRow>(after);
    expect(row.runs).toBe(1);
    expect(row.lastExam).toMatchObject({ examId: exam.examId, name: exam.name });
    expect(row.nextStartAt).toBe(nextOccurrence(rule.firstStartAt, 'monthly', rule.firstStartAt));

    const list = await call(t, 'GET', `${A}/exams?ruleId=${rule.ruleId}&page=0&size=10`, { user: org.admin });
    expect(list.body.res?.total).toBe(1);
    expect(data<ExamRow[]>(list)[0]?.examId).toBe(exam.examId);

    const mine = await call(t, 'GET', `${C}/exams?tab=upcoming`, { user: org.staff });
    expect(JSON.stringify(data<unknown>(mine))).toContain(exam.name);
    const notices = await t.app.deps.db
      .select({ id: noticeReceives.id })
      .from(noticeReceives)
      .where(eq(noticeReceives.userId, org.staff.id));
    expect(notices.length).toBeGreaterThan(0);

    // A second run makes the next month's exam, not the same one again.
    const second = await call(t, 'POST', `${A}/run?ruleId=${rule.ruleId}`, { user: org.admin });
    expect(data<ExamRow>(second).startAt).toBe(row.nextStartAt);
    expect(await ruleExamIds(rule.ruleId)).toHaveLength(2);

    // Deleting the rule keeps its exams.
    const deleted = await call(t, 'POST', `${A}/delete`, { user: org.admin, body: { ids: [rule.ruleId] } });
    expect(deleted.status).toBe(200);
    expect(await t.app.deps.db.select().from(examAutoRules).where(eq(examAutoRules.id, rule.ruleId))).toEqual(
      [],
    );
    const kept = await call(t, 'GET', `/exam/api/v1/exam/detail?examId=${exam.examId}`, { user: org.admin });
    expect(kept.status).toBe(200);
    expect(data<ExamRow>(kept).examId).toBe(exam.examId);
  });

  it('gives the exams it creates the anti-cheating settings of its template', async () => {
    const antiCheating = {
      leaveLimit: 2,
      requireFullscreen: true,
      blockCopyPaste: true,
      webcamSnapshots: true,
      snapshotIntervalSeconds: 30,
    };
    const rule = await addRule({}, { settings: { showScore: 'immediately', ...antiCheating } });
    expect(rule.examTemplate.settings).toMatchObject({ showScore: 'immediately', ...antiCheating });
    const run = await call(t, 'POST', `${A}/run?ruleId=${rule.ruleId}`, { user: org.admin });
    expect(run.status, run.body.message).toBe(200);
    expect(data<ExamRow>(run).settings).toMatchObject({ showScore: 'immediately', ...antiCheating });
  });

  it('a one-off rule runs once and keeps its name', async () => {
    const rule = await addRule({ recurrence: 'once' }, { examName: '入职考试' });
    const run = await call(t, 'POST', `${A}/run?ruleId=${rule.ruleId}`, { user: org.admin });
    expect(data<ExamRow>(run).name).toBe('入职考试');
    expect((await ruleRecord(rule.ruleId)).nextStartAt).toBeNull();
    const again = await call(t, 'POST', `${A}/run?ruleId=${rule.ruleId}`, { user: org.admin });
    expect(again.status).toBe(409);
  });

  it('an infeasible generation fails with the reason, records it and leaves nothing behind', async () => {
    const rule = await addRule({}, { examName: unique('无法组卷') });
    await t.app.deps.db
      .update(examAutoRules)
      .set({
        generation: { bankIds: [bankId], typeRules: [{ type: QuestionType.SINGLE, count: 50, points: 2 }] },
      })
      .where(eq(examAutoRules.id, rule.ruleId));
    const run = await call(t, 'POST', `${A}/run?ruleId=${rule.ruleId}`, { user: org.admin });
    expect(run.status).toBe(400);
    expect(run.body.message).toContain('无法生成试卷');
    const record = await ruleRecord(rule.ruleId);
    expect(record.lastError).toContain('无法生成试卷');
    expect(record.runs).toBe(0);
    expect(record.nextStartAt?.getTime()).toBe(rule.firstStartAt);
    expect(await ruleExamIds(rule.ruleId)).toEqual([]);
    const leftover = await t.app.deps.db
      .select({ id: papers.id })
      .from(papers)
      .where(sql`${papers.name} like ${rule.examTemplate.examName + '%'}`);
    expect(leftover).toEqual([]);
  });

  it('a rule whose departments have nobody fails without creating an exam', async () => {
    const [empty] = await t.app.deps.db
      .insert(departments)
      .values({ organizationId: org.id, name: unique('空部门') })
      .returning();
    const rule = await addRule({}, { departmentIds: [empty?.id] });
    const run = await call(t, 'POST', `${A}/run?ruleId=${rule.ruleId}`, { user: org.admin });
    expect(run.status).toBe(400);
    expect(run.body.message).toContain('考生');
    expect(await ruleExamIds(rule.ruleId)).toEqual([]);
  });
});

describe('the scheduler', () => {
  it('creates and publishes a due rule’s exam once; rules not yet due wait', async () => {
    const due = await addRule({}, { examName: unique('定时') });
    const later = await addRule({ leadMinutes: 10 }, { examName: unique('未到') });
    const startAt = Date.now() + 30 * 60_000;
    await makeDue(due.ruleId, startAt);
    await makeDue(later.ruleId, startAt);
    const tick = await runDueRules(t.app.deps.db);
    const created = await ruleExamIds(due.ruleId);
    expect(created).toHaveLength(1);
    expect(tick.created).toContain(created[0]);
    expect(await ruleExamIds(later.ruleId)).toEqual([]);
    const [exam] = await t.app.deps.db
      .select()
      .from(exams)
      .where(eq(exams.id, created[0] ?? 0));
    expect(exam?.status).toBe(1);
    expect(exam?.startAt?.getTime()).toBe(startAt);
    const candidates = await t.app.deps.db
      .select({ userId: examCandidates.userId })
      .from(examCandidates)
      .where(eq(examCandidates.examId, created[0] ?? 0));
    expect(candidates.map((c) => c.userId)).toContain(org.staff.id);
    const mine = await call(t, 'GET', `${C}/exams?tab=upcoming`, { user: org.staff });
    expect(JSON.stringify(data<unknown>(mine))).toContain(exam?.name ?? '-');
    // The next month's exam is not due yet.
    await runDueRules(t.app.deps.db);
    expect(await ruleExamIds(due.ruleId)).toHaveLength(1);
    const record = await ruleRecord(due.ruleId);
    expect(record.nextStartAt?.getTime()).toBe(nextOccurrence(startAt, 'monthly', startAt));
  });

  it('concurrent ticks on several instances create one exam per period', async () => {
    const rule = await addRule({}, { examName: unique('并发') });
    await makeDue(rule.ruleId);
    const dbs = [t.app.deps.db, t.app.deps.db, t.app.deps.db];
    // On PostgreSQL a second instance (its own pool) ticks at the same time; PGlite has one connection.
    const second =
      t.app.deps.database.driver === 'postgres'
        ? await createTestApp({ EXAM_AUTO_SECONDS: '3600' })
        : undefined;
    try {
      if (second) dbs.push(second.app.deps.db, second.app.deps.db);
      await Promise.all(dbs.map((db) => runDueRules(db)));
    } finally {
      await second?.close();
    }
    expect(await ruleExamIds(rule.ruleId)).toHaveLength(1);
    expect((await ruleRecord(rule.ruleId)).runs).toBe(1);
  });

  it('a failing rule is retried only after the retry interval, and is not disabled', async () => {
    const rule = await addRule({}, { examName: unique('重试') });
    await makeDue(rule.ruleId);
    await t.app.deps.db
      .update(examAutoRules)
      .set({
        generation: { bankIds: [bankId], typeRules: [{ type: QuestionType.SINGLE, count: 99, points: 1 }] },
      })
      .where(eq(examAutoRules.id, rule.ruleId));
    const first = await runDueRules(t.app.deps.db);
    expect(first.failed.map((f) => f.ruleId)).toContain(rule.ruleId);
    expect((await ruleRecord(rule.ruleId)).lastError).toContain('无法生成试卷');
    const soon = await runDueRules(t.app.deps.db);
    expect(soon.failed.map((f) => f.ruleId)).not.toContain(rule.ruleId);
    const later = await runDueRules(t.app.deps.db, Date.now() + RETRY_MS + 1000);
    expect(later.failed.map((f) => f.ruleId)).toContain(rule.ruleId);
    expect((await ruleRecord(rule.ruleId)).enabled).toBe(1);
    expect(await ruleExamIds(rule.ruleId)).toEqual([]);
    // Fixing the rule (modify clears the error) lets the next tick create the exam.
    const fixed = await call(t, 'POST', `${A}/modify?ruleId=${rule.ruleId}`, {
      user: org.admin,
      body: body(
        { name: rule.name, firstStartAt: (await ruleRecord(rule.ruleId)).firstStartAt.getTime() },
        { examName: rule.examTemplate.examName },
      ),
    });
    expect(fixed.status, fixed.body.message).toBe(200);
    await runDueRules(t.app.deps.db);
    expect(await ruleExamIds(rule.ruleId)).toHaveLength(1);
  });

  it('skips periods that are already over and waits for the next one; disabled rules never run', async () => {
    const rule = await addRule({}, { examName: unique('错过') });
    const longAgo = Date.now() - 40 * DAY;
    await makeDue(rule.ruleId, longAgo);
    await runDueRules(t.app.deps.db);
    expect(await ruleExamIds(rule.ruleId)).toEqual([]);
    const record = await ruleRecord(rule.ruleId);
    const next = record.nextStartAt?.getTime() ?? 0;
    expect(next).toBeGreaterThan(Date.now() - 2 * HOUR);
    expect(next).toBe(nextOccurrence(longAgo, 'monthly', Date.now() - 2 * HOUR));

    const off = await addRule({ enabled: false }, { examName: unique('停用') });
    await makeDue(off.ruleId);
    await runDueRules(t.app.deps.db);
    expect(await ruleExamIds(off.ruleId)).toEqual([]);
    expect((await ruleRecord(off.ruleId)).runs).toBe(0);
  });
});
