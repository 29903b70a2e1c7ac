import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionType } from '@kaopei/shared';
import { organizations, questionBanks, questions } from '../../db/schema';
import {
  call,
  createOrg,
  createTestApp,
  unique,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { createMember, createRole } from '../../../test/support';
import type { QuestionRow } from './question.service';

/**
 * Issue 14 point 5: questions saved by someone who may audit (administrators, 试题审核) are approved on
 * save while the organisation's setting 审核人员录入的试题免审核 is on; everyone else's wait for audit, and
 * the paper builder's picker says how many do.
 */

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
/** 试题列表 only: writes questions, may not audit. */
let writer: TestUser;
/** 试题列表 and 试题审核. */
let auditor: TestUser;

const Q = '/question/api/v1/questions';
const ORG_SHOW = '/user/api/v1/org/show';
const PICKER = '/question/api/v1/questions/search/paper/not-selected/question';
const MENU = { questionList: 502, audit: 505, manualPaper: 411 };
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

async function newBank(organizationId: number): Promise<number> {
  const [bank] = await t.app.deps.db
    .insert(questionBanks)
    .values({ organizationId, name: unique('题库') })
    .returning({ id: questionBanks.id });
  if (!bank) throw new Error('bank insert failed');
  return bank.id;
}

const judge = (bankId: number, stem = unique('判断')) => ({
  bankId,
  type: QuestionType.TRUE_FALSE,
  stem: `<p>${stem}</p>`,
  answer: true,
  difficulty: 3,
});

async function addOk(user: TestUser, body: Record<string, unknown>): Promise<QuestionRow> {
  const res = await call(t, 'POST', `${Q}/add`, { user, body });
  expect(res.body.message).toBe('成功');
  return data<QuestionRow>(res);
}

async function stored(ids: number[]) {
  return t.app.deps.db
    .select({
      id: questions.id,
      status: questions.status,
      auditedBy: questions.auditedBy,
      auditedAt: questions.auditedAt,
    })
    .from(questions)
    .where(inArray(questions.id, ids))
    .orderBy(questions.id);
}

async function setAutoApprove(o: TestOrg, on: boolean): Promise<void> {
  const res = await call(t, 'POST', ORG_SHOW, { user: o.admin, body: { autoApproveAuditorQuestions: on } });
  expect(res.status).toBe(200);
  expect(data<{ autoApproveAuditorQuestions: boolean }>(res).autoApproveAuditorQuestions).toBe(on);
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  writer = await createMember(t, org, await createRole(t, org, [MENU.questionList, MENU.manualPaper]));
  auditor = await createMember(
    t,
    org,
    await createRole(t, org, [MENU.questionList, MENU.audit, MENU.manualPaper]),
  );
});
afterAll(() => t.close());

describe('the setting 审核人员录入的试题免审核', () => {
  it('is on by default, read by everyone and changed only by an administrator of that organisation', async () => {
    const fresh = await createOrg(t);
    const read = await call(t, 'POST', ORG_SHOW, { user: fresh.staff });
    expect(data<{ autoApproveAuditorQuestions: boolean }>(read).autoApproveAuditorQuestions).toBe(true);
    const refused = await call(t, 'POST', ORG_SHOW, {
      user: fresh.staff,
      body: { autoApproveAuditorQuestions: false },
    });
    expect(refused.status).toBe(403);
    const bad = await call(t, 'POST', ORG_SHOW, {
      user: fresh.admin,
      body: { autoApproveAuditorQuestions: 'no' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('审核人员录入的试题免审核');

    await setAutoApprove(fresh, false);
    const [own, foreign] = await t.app.deps.db
      .select({ id: organizations.id, on: organizations.autoApproveAuditorQuestions })
      .from(organizations)
      .where(inArray(organizations.id, [fresh.id, org.id]))
      .orderBy(organizations.id);
    // Only the caller's organisation changed.
    expect([own, foreign].find((row) => row?.id === fresh.id)?.on).toBe(false);
    expect([own, foreign].find((row) => row?.id === org.id)?.on).toBe(true);
  });
});

describe('the audit state of a saved question', () => {
  it('approves what an administrator or an auditor writes, as their audit would', async () => {
    const bankId = await newBank(org.id);
    const before = Date.now();
    const byAdmin = await addOk(org.admin, judge(bankId));
    const byAuditor = await addOk(auditor, judge(bankId));
    expect(byAdmin).toMatchObject({ status: 1, statusLabel: '已通过' });
    expect(byAuditor).toMatchObject({ status: 1, statusLabel: '已通过' });
    const [adminRow, auditorRow] = await stored([byAdmin.id, byAuditor.id]);
    expect(adminRow).toMatchObject({ status: 1, auditedBy: org.admin.id });
    expect(auditorRow).toMatchObject({ status: 1, auditedBy: auditor.id });
    expect(auditorRow?.auditedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const info = await call(t, 'GET', `${Q}/question/audit/info?questionId=${byAuditor.id}`, {
      user: org.admin,
    });
    expect(data<{ auditorId: number; status: number }>(info)).toMatchObject({
      auditorId: auditor.id,
      status: 1,
    });
  });

  it('leaves what a writer without 试题审核 writes waiting, and refuses their audit', async () => {
    const bankId = await newBank(org.id);
    const written = await addOk(writer, judge(bankId));
    expect(written).toMatchObject({ status: 0, statusLabel: '待审核' });
    expect(await stored([written.id])).toEqual([
      { id: written.id, status: 0, auditedBy: null, auditedAt: null },
    ]);
    const check = await call(t, 'POST', `${Q}/check?questionId=${written.id}&status=1`, { user: writer });
    expect(check.status).toBe(403);
    expect((await stored([written.id]))[0]?.status).toBe(0);
    const approved = await call(t, 'POST', `${Q}/check?questionId=${written.id}&status=1`, { user: auditor });
    expect(approved.status).toBe(200);
    expect((await stored([written.id]))[0]).toMatchObject({ status: 1, auditedBy: auditor.id });
  });

  it('sends an approved question a writer edits back to audit; an auditor’s edit stays approved', async () => {
    const bankId = await newBank(org.id);
    const question = await addOk(org.admin, judge(bankId));
    expect(question.status).toBe(1);
    const edit = (user: TestUser) =>
      call(t, 'POST', `${Q}/modify?id=${question.id}`, { user, body: judge(bankId, unique('改')) });
    expect((await edit(writer)).status).toBe(200);
    expect(await stored([question.id])).toEqual([
      { id: question.id, status: 0, auditedBy: null, auditedAt: null },
    ]);
    expect((await edit(auditor)).status).toBe(200);
    expect((await stored([question.id]))[0]).toMatchObject({ status: 1, auditedBy: auditor.id });
  });

  it('leaves everything waiting while the setting is off, in that organisation only', async () => {
    const off = await createOrg(t);
    await setAutoApprove(off, false);
    const offBank = await newBank(off.id);
    const onBank = await newBank(other.id);
    const inOff = await addOk(off.admin, judge(offBank));
    const inOn = await addOk(other.admin, judge(onBank));
    expect(inOff.status).toBe(0);
    expect(inOn.status).toBe(1);
    const edited = await call(t, 'POST', `${Q}/modify?id=${inOff.id}`, {
      user: off.admin,
      body: judge(offBank),
    });
    expect(data<QuestionRow>(edited).status).toBe(0);
    // An approved question an auditor edits with the setting off goes back to audit (the rule of old).
    await call(t, 'POST', `${Q}/check?questionId=${inOff.id}&status=1`, { user: off.admin });
    await call(t, 'POST', `${Q}/modify?id=${inOff.id}`, { user: off.admin, body: judge(offBank) });
    expect((await stored([inOff.id]))[0]?.status).toBe(0);
    // Turning it on again applies to the next save.
    await setAutoApprove(off, true);
    expect((await addOk(off.admin, judge(offBank))).status).toBe(1);
  });

  it('applies to batches and copies: a writer’s wait, an auditor’s are approved', async () => {
    const bankId = await newBank(org.id);
    const batch = (user: TestUser) =>
      call(t, 'POST', `${Q}/add/batch?questionBankId=${bankId}`, {
        user,
        body: [judge(bankId), judge(bankId)],
      });
    const writerBatch = data<{ ids: number[] }>(await batch(writer)).ids;
    const auditorBatch = data<{ ids: number[] }>(await batch(auditor)).ids;
    expect((await stored(writerBatch)).map((row) => row.status)).toEqual([0, 0]);
    expect((await stored(auditorBatch)).map((row) => [row.status, row.auditedBy])).toEqual([
      [1, auditor.id],
      [1, auditor.id],
    ]);

    // Copies of the writer's pending questions: still pending for the writer, approved for the auditor.
    const target = await newBank(org.id);
    const copy = (user: TestUser) =>
      call(t, 'POST', `${Q}/copy?toQuestionBankId=${target}`, { user, body: { ids: writerBatch } });
    const writerCopies = data<{ ids: number[] }>(await copy(writer)).ids;
    const auditorCopies = data<{ ids: number[] }>(await copy(auditor)).ids;
    expect((await stored(writerCopies)).map((row) => row.status)).toEqual([0, 0]);
    expect((await stored(auditorCopies)).map((row) => [row.status, row.auditedBy])).toEqual([
      [1, auditor.id],
      [1, auditor.id],
    ]);

    // A whole bank copied by an administrator.
    const bankCopy = await call(t, 'POST', '/question/api/v1/bank/copy', {
      user: org.admin,
      body: { bankId },
    });
    expect(bankCopy.status).toBe(200);
    const copiedBankId = data<{ bankId: number }>(bankCopy).bankId;
    const inCopy = await t.app.deps.db
      .select({ status: questions.status, auditedBy: questions.auditedBy })
      .from(questions)
      .where(eq(questions.bankId, copiedBankId));
    expect(inCopy).toHaveLength(4);
    expect(inCopy.every((row) => row.status === 1 && row.auditedBy === org.admin.id)).toBe(true);
  });
});

describe('the paper builder’s picker', () => {
  const pick = (user: TestUser, body: Record<string, unknown> = {}) =>
    call(t, 'POST', `${PICKER}?page=0&size=10`, { user, body });
  const pending = (res: Res) => (res.body.res as { pendingCount?: number } | undefined)?.pendingCount;

  it('counts the organisation’s questions waiting for audit that match its filters', async () => {
    const o = await createOrg(t);
    const noAudit = await createMember(t, o, await createRole(t, o, [MENU.questionList, MENU.manualPaper]));
    const [a, b] = [await newBank(o.id), await newBank(o.id)];
    const written = [
      await addOk(noAudit, judge(a, '甲乙丙 一')),
      await addOk(noAudit, judge(a, '甲乙丙 二')),
      await addOk(noAudit, {
        ...judge(b),
        type: QuestionType.SINGLE,
        answer: undefined,
        options: [
          { content: '对', correct: true },
          { content: '错', correct: false },
        ],
      }),
    ];
    expect(written.map((q) => q.status)).toEqual([0, 0, 0]);
    const approved = await addOk(o.admin, judge(a));
    // Another organisation's pending questions never count.
    const otherBank = await newBank(other.id);
    await setAutoApprove(other, false);
    await addOk(other.admin, judge(otherBank, '甲乙丙 外'));
    await setAutoApprove(other, true);

    const all = await pick(noAudit);
    expect(all.status).toBe(200);
    expect(data<{ id: number }[]>(all).map((q) => q.id)).toContain(approved.id);
    expect(data<{ id: number }[]>(all).map((q) => q.id)).not.toContain(written[0]?.id);
    expect(pending(all)).toBe(3);
    expect(pending(await pick(noAudit, { bankId: a }))).toBe(2);
    expect(pending(await pick(noAudit, { bankIds: [b] }))).toBe(1);
    expect(pending(await pick(noAudit, { types: [QuestionType.SINGLE] }))).toBe(1);
    expect(pending(await pick(noAudit, { keyword: '甲乙丙' }))).toBe(2);
    expect(pending(await pick(noAudit, { scope: 'mine' }))).toBe(3);
    expect(pending(await pick(noAudit, { scope: 'public' }))).toBe(0);
    expect(pending(await pick(noAudit, { difficultyMin: 4 }))).toBe(0);
    // Approving one takes it from the count into the list.
    await call(t, 'POST', `${Q}/check?questionId=${written[0]?.id}&status=1`, { user: o.admin });
    const after = await pick(noAudit, { bankId: a });
    expect(pending(after)).toBe(1);
    expect(data<{ id: number }[]>(after).map((q) => q.id)).toContain(written[0]?.id);
    // The other organisation sees only its own.
    expect(pending(await pick(other.admin, { keyword: '甲乙丙' }))).toBe(1);
  });
});
