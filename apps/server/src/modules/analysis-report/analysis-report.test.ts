import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportData, ScheduleRow } from '@kaopei/shared/contracts/analysis-report';
import {
  analysisReportSchedules,
  examAttempts,
  exams,
  notices,
  noticeReceives,
  users,
} from '../../db/schema';
import { readMailOutbox } from '../../core/mailer';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { createPrintSigner, PRINT_TOKEN_INVALID, PRINT_TOKEN_OTHER_REPORT } from './analysis-report.token';
import { runReportSchedules } from './analysis-report-schedule.service';

/**
 * Figures hand-computed from the rows inserted below:
 *   研发部 (d1): admin          前端组 (d2, under d1): staff, 甲
 *   安全考试 (/100, pass 60): staff 80 ✓ and 甲 50 ✗ on 2025-03-10 (Shanghai); 小测验 (/10): staff 9 ✓ on
 *   2025-04-01 00:10 Shanghai — ten minutes after March ends.
 *   March 2025 for 研发部 (with 前端组): 3 people, 2 graded attempts, 1 passed (50.0 %), score rate 65.0 %.
 */
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
const ids = { a: 0, exam: 0, quiz: 0, otherExam: 0 };
const R = '/user/api/v1/analysis/report';
const MARCH = 'startDate=2025-03-01&endDate=2025-03-31';
const shanghai = (text: string) => new Date(`${text}+08:00`);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  const { db } = t.app.deps;
  const [a] = await db
    .insert(users)
    .values({
      organizationId: org.id,
      account: unique('p'),
      realName: '甲',
      departmentId: org.departmentIds[1]!,
    })
    .returning();
  ids.a = a!.id;
  await db
    .update(users)
    .set({ email: `${unique('adm')}@example.com` })
    .where(eq(users.id, org.admin.id));
  const [exam, quiz, otherExam] = await db
    .insert(exams)
    .values([
      { organizationId: org.id, name: '安全考试', status: 1, passScore: 60 },
      { organizationId: org.id, name: '小测验', status: 1, passScore: 6 },
      { organizationId: other.id, name: '别家考试', status: 1 },
    ])
    .returning();
  ids.exam = exam!.id;
  ids.quiz = quiz!.id;
  ids.otherExam = otherExam!.id;
  const attempt = (examId: number, userId: number, score: number, total: number, at: Date) => ({
    examId,
    userId,
    organizationId: org.id,
    status: 2,
    startedAt: new Date(at.getTime() - 20 * 60_000),
    deadlineAt: at,
    submittedAt: at,
    score,
    totalPoints: total,
    passed: score >= total * 0.6 ? 1 : 0,
  });
  await db
    .insert(examAttempts)
    .values([
      attempt(ids.exam, org.staff.id, 80, 100, shanghai('2025-03-10T10:00:00')),
      attempt(ids.exam, ids.a, 50, 100, shanghai('2025-03-10T10:00:00')),
      attempt(ids.quiz, org.staff.id, 9, 10, shanghai('2025-04-01T00:10:00')),
    ]);
}, 60_000);
afterAll(() => t?.close());

const get = (url: string, user = org.admin) => call(t, 'GET', url, { user });
/** A file download (the harness' call parses JSON). */
const download = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${org.admin.token}` } });
const data = <T>(reply: { body: { res: { data: unknown } | null } }) => reply.body.res?.data as T;

describe('preview', () => {
  it('shows an exam report with the exam analysis’ own figures', async () => {
    const reply = await get(`${R}/preview?kind=exam&examId=${ids.exam}`);
    expect(reply.status).toBe(200);
    const report = data<ReportData>(reply);
    expect(report.title).toBe('安全考试 考试报告');
    const analysis = await get(`/exam/api/v1/analysis/exam/detail?examId=${ids.exam}`);
    expect(report.exam?.summary).toEqual(data<{ summary: unknown }>(analysis).summary);
    expect(report.exam?.summary).toMatchObject({ n: 2, mean: 65, passCount: 1, passRate: 0.5 });
    expect(report.department).toBeNull();
  });

  it('shows a department report over its period only, sub-departments included', async () => {
    const reply = await get(`${R}/preview?kind=department&departmentId=${org.departmentIds[0]}&${MARCH}`);
    expect(reply.status).toBe(200);
    const report = data<ReportData>(reply);
    expect(report.title).toBe('研发部 部门报告（2025-03-01 至 2025-03-31）');
    const d = report.department!;
    expect(d.statistics).toMatchObject({ months: 1, staffCount: 3, graded: 2, passed: 1, passRate: 50 });
    expect(d.statistics.scoreRate).toBe(65);
    expect(d.trend).toEqual([expect.objectContaining({ month: '2025-03', graded: 2, passed: 1 })]);
    expect(d.byDepartment.map((g) => [g.name, g.staffCount, g.graded])).toEqual([
      ['前端组', 2, 2],
      ['研发部', 1, 0],
    ]);
    expect(d.peopleTotal).toBe(3);
    // April's first minutes are the next period's.
    const spring = await get(
      `${R}/preview?kind=department&departmentId=${org.departmentIds[0]}&startDate=2025-03-01&endDate=2025-04-01`,
    );
    expect(data<ReportData>(spring).department?.statistics.graded).toBe(3);
  });

  it('refuses bad definitions with the field named', async () => {
    const backwards = await get(
      `${R}/preview?kind=department&departmentId=${org.departmentIds[0]}&startDate=2025-03-31&endDate=2025-03-01`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('结束日期不能早于开始日期');
    const noDepartment = await get(`${R}/preview?kind=department&${MARCH}`);
    expect(noDepartment.status).toBe(400);
    expect(noDepartment.body.message).toContain('请选择部门');
    const badDate = await get(
      `${R}/preview?kind=department&departmentId=1&startDate=2025-02-30&endDate=2025-03-01`,
    );
    expect(badDate.body.message).toContain('开始日期不是有效日期');
    const tooLong = await get(
      `${R}/preview?kind=department&departmentId=1&startDate=2023-01-01&endDate=2025-03-01`,
    );
    expect(tooLong.body.message).toContain('统计期不能超过 24 个月');
    const unknown = await get(`${R}/preview?kind=exam&examId=999999999`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('考试不存在');
    const kind = await get(`${R}/preview?kind=person&examId=${ids.exam}`);
    expect(kind.status).toBe(400);
    expect(kind.body.message).toContain('报告类型');
  });

  it('is 404 for another organisation’s exam or department, on preview and both exports', async () => {
    for (const path of ['preview', 'export', 'pdf']) {
      const exam = await get(`${R}/${path}?kind=exam&examId=${ids.otherExam}`);
      expect(exam.status).toBe(404);
      expect(exam.body.message).toBe('考试不存在');
      const department = await get(
        `${R}/${path}?kind=department&departmentId=${other.departmentIds[0]}&${MARCH}`,
      );
      expect(department.status).toBe(404);
      expect(department.body.message).toBe('部门不存在');
    }
  });

  it('needs the 分析报告 menu', async () => {
    const reply = await get(`${R}/preview?kind=exam&examId=${ids.exam}`, org.staff);
    expect(reply.status).toBe(403);
  });
});

describe('exports', () => {
  it('writes one workbook with a sheet per table', async () => {
    const raw = await download(`${R}/export?kind=department&departmentId=${org.departmentIds[0]}&${MARCH}`);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      '报告',
      '整体统计',
      '学时榜',
      '得分率榜',
      '部门通过率榜',
      '按部门',
      '按岗位',
      '按月趋势',
      '人员明细',
    ]);
    const totals = workbook.getWorksheet('整体统计')!;
    const passRate = totals.getColumn(1).values.indexOf('通过率(%)');
    expect(totals.getRow(passRate).getCell(2).value).toBe(50);
    expect(workbook.getWorksheet('人员明细')!.rowCount).toBe(4);
  });

  it('writes the exam analysis’ sheets for an exam report', async () => {
    const raw = await download(`${R}/export?kind=exam&examId=${ids.exam}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name).slice(0, 3)).toEqual(['报告', '概况', '分数分布']);
    expect(workbook.getWorksheet('报告')!.getRow(2).getCell(2).value).toBe('安全考试 考试报告');
  });

  it('says plainly that a PDF needs Chromium when it is not installed', async () => {
    const config = t.app.deps.config;
    const installed = config.chromiumPath;
    config.chromiumPath = '/nonexistent/chromium';
    try {
      const reply = await get(`${R}/pdf?kind=exam&examId=${ids.exam}`);
      expect(reply.status).toBe(503);
      expect(reply.body.message).toContain('PDF 导出需要服务器安装 Chromium');
    } finally {
      config.chromiumPath = installed;
    }
  });
});

describe('print token', () => {
  const signer = () => createPrintSigner(t.config.jwtSecret);
  const ctx = () => ({
    userId: org.admin.id,
    organizationId: org.id,
    isAdmin: true,
    account: '',
    realName: '',
  });
  const exam = () => ({ kind: 'exam' as const, examId: ids.exam });
  const print = (query: string, token: string) =>
    call(t, 'GET', `${R}/print?${query}&token=${encodeURIComponent(token)}`);

  it('reads the one report it was signed for, without a session', async () => {
    const reply = await print(`kind=exam&examId=${ids.exam}`, signer().sign(ctx(), exam()));
    expect(reply.status).toBe(200);
    expect(data<ReportData>(reply).title).toBe('安全考试 考试报告');
  });

  it('is refused when expired, forged, or used for another report', async () => {
    const expired = signer().sign(ctx(), exam(), Date.now() - 10 * 60_000);
    const late = await print(`kind=exam&examId=${ids.exam}`, expired);
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(PRINT_TOKEN_INVALID);
    const token = signer().sign(ctx(), exam());
    const elsewhere = await print(`kind=exam&examId=${ids.quiz}`, token);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe(PRINT_TOKEN_OTHER_REPORT);
    const forged = await print(
      `kind=exam&examId=${ids.exam}`,
      `${token.split('.')[0]}.x${token.split('.')[1]}`,
    );
    expect(forged.status).toBe(403);
    const session = await print(`kind=exam&examId=${ids.exam}`, org.admin.token);
    expect(session.status).toBe(403);
    const otherKey = createPrintSigner('another-server-secret-0123456789').sign(ctx(), exam());
    expect((await print(`kind=exam&examId=${ids.exam}`, otherKey)).status).toBe(403);
  });

  it('reads nothing of another organisation, even with a valid token of its own', async () => {
    const theirs = signer().sign(
      { userId: other.admin.id, organizationId: other.id, isAdmin: true, account: '', realName: '' },
      exam(),
    );
    const reply = await print(`kind=exam&examId=${ids.exam}`, theirs);
    expect(reply.status).toBe(404);
  });
});

describe('schedules', () => {
  const post = (path: string, body: unknown, user = org.admin) =>
    call(t, 'POST', `${R}/schedule/${path}`, { user, body });
  const stored = (scheduleId: number) =>
    t.app.deps.db.select().from(analysisReportSchedules).where(eq(analysisReportSchedules.id, scheduleId));
  const department = () => ({
    name: '研发部月报',
    kind: 'department',
    departmentId: org.departmentIds[0],
    dayOfMonth: 1,
    recipientIds: [org.admin.id, org.staff.id],
  });

  it('adds, lists, updates and deletes', async () => {
    const added = await post('add', department());
    expect(added.status).toBe(200);
    const row = data<ScheduleRow>(added);
    expect(row).toMatchObject({ name: '研发部月报', targetName: '研发部', dayOfMonth: 1, enabled: true });
    expect(row.recipients.map((r) => [r.userId, r.hasEmail])).toEqual([
      [org.admin.id, true],
      [org.staff.id, false],
    ]);
    expect(row.nextSendDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const list = await get(`${R}/schedule/list?keyword=研发部月报`);
    expect(list.body.res?.total).toBe(1);
    const updated = await post('update', {
      ...department(),
      scheduleId: row.scheduleId,
      kind: 'exam',
      examId: ids.exam,
      dayOfMonth: 15,
    });
    expect(data<ScheduleRow>(updated)).toMatchObject({ kind: 'exam', examId: ids.exam, departmentId: null });
    expect((await stored(row.scheduleId))[0]).toMatchObject({ dayOfMonth: 15, kind: 'exam' });
    const deleted = await call(t, 'POST', `${R}/schedule/delete?scheduleId=${row.scheduleId}`, {
      user: org.admin,
    });
    expect(deleted.status).toBe(200);
    expect(await stored(row.scheduleId)).toEqual([]);
  });

  it('refuses bad input with the field named', async () => {
    const day = await post('add', { ...department(), dayOfMonth: 31 });
    expect(day.status).toBe(400);
    expect(day.body.message).toContain('每月发送日必须是 1 到 28 之间的整数');
    const nobody = await post('add', { ...department(), recipientIds: [] });
    expect(nobody.body.message).toContain('请选择接收人');
    const noExam = await post('add', { ...department(), kind: 'exam' });
    expect(noExam.body.message).toContain('请选择考试');
    const unknown = await post('add', { ...department(), kind: 'exam', examId: 999999999 });
    expect(unknown.status).toBe(404);
  });

  it('is 404 for another organisation’s exam, department, staff or schedule, and stores nothing', async () => {
    const count = async () =>
      (
        await t.app.deps.db
          .select()
          .from(analysisReportSchedules)
          .where(eq(analysisReportSchedules.organizationId, org.id))
      ).length;
    const before = await count();
    const foreign = [
      { ...department(), departmentId: other.departmentIds[0] },
      { ...department(), kind: 'exam', examId: ids.otherExam },
      { ...department(), recipientIds: [org.admin.id, other.staff.id] },
    ];
    for (const body of foreign) {
      const reply = await post('add', body);
      expect(reply.status).toBe(404);
    }
    expect(await count()).toBe(before);
    const theirs = await post(
      'add',
      { ...department(), departmentId: other.departmentIds[0], recipientIds: [other.staff.id] },
      other.admin,
    );
    const theirId = data<ScheduleRow>(theirs).scheduleId;
    const update = await post('update', { ...department(), scheduleId: theirId });
    expect(update.status).toBe(404);
    const remove = await call(t, 'POST', `${R}/schedule/delete?scheduleId=${theirId}`, { user: org.admin });
    expect(remove.status).toBe(404);
    expect((await stored(theirId))[0]).toMatchObject({ organizationId: other.id, name: '研发部月报' });
    const mine = await get(`${R}/schedule/list?size=100`);
    expect(data<ScheduleRow[]>(mine).some((r) => r.scheduleId === theirId)).toBe(false);
    // A schedule of this organisation cannot be pointed at another's exam, department or staff either.
    const own = data<ScheduleRow>(await post('add', department()));
    for (const body of foreign) {
      const reply = await post('update', { ...body, scheduleId: own.scheduleId });
      expect(reply.status).toBe(404);
    }
    expect((await stored(own.scheduleId))[0]).toMatchObject({
      kind: 'department',
      departmentId: org.departmentIds[0],
      recipientIds: [org.admin.id, org.staff.id],
    });
    await call(t, 'POST', `${R}/schedule/delete?scheduleId=${own.scheduleId}`, { user: org.admin });
  });
});

describe('the monthly job', () => {
  it('sends last month’s report to the message box and e-mail, once a month, and records it', async () => {
    const added = await call(t, 'POST', `${R}/schedule/add`, {
      user: org.admin,
      body: {
        name: '月度报告',
        kind: 'department',
        departmentId: org.departmentIds[0],
        dayOfMonth: 1,
        recipientIds: [org.admin.id, org.staff.id],
      },
    });
    const scheduleId = data<ScheduleRow>(added).scheduleId;
    const deps = { db: t.app.deps.db, mailer: t.app.deps.mailer, publicUrl: 'https://kaopei.example' };
    const mailBefore = readMailOutbox(t.config.dataDir).length;

    // On its day, March's report is sent (a schedule whose day has passed this month is due at once).
    expect(await runReportSchedules(deps, shanghai('2025-04-01T08:00:00'), org.id)).toEqual({
      sent: 1,
      failed: 0,
    });
    // The same month again: nothing (claimed).
    expect(await runReportSchedules(deps, shanghai('2025-04-20T08:00:00'), org.id)).toEqual({
      sent: 0,
      failed: 0,
    });

    const received = await t.app.deps.db
      .select({ userId: noticeReceives.userId, title: notices.title, link: notices.link, type: notices.type })
      .from(noticeReceives)
      .innerJoin(notices, eq(notices.id, noticeReceives.noticeId))
      .where(
        and(eq(notices.organizationId, org.id), inArray(noticeReceives.userId, [org.admin.id, org.staff.id])),
      );
    const reports = received.filter((r) => r.title?.startsWith('分析报告'));
    expect(reports.map((r) => r.userId).sort()).toEqual([org.admin.id, org.staff.id].sort());
    expect(reports[0]).toMatchObject({
      type: 1,
      title: '分析报告：研发部 部门报告（2025-03-01 至 2025-03-31）',
      link: `/manage/analysis/report?kind=department&departmentId=${org.departmentIds[0]}&${MARCH}`,
    });

    const mail = readMailOutbox(t.config.dataDir).slice(mailBefore) as unknown as {
      to: string;
      subject: string;
      text: string;
      attachments?: { filename: string; content: string }[];
    }[];
    expect(mail).toHaveLength(1); // the staff member has no e-mail address
    expect(mail[0]!.subject).toBe('【考培】分析报告：研发部 部门报告（2025-03-01 至 2025-03-31）');
    expect(mail[0]!.text).toContain('https://kaopei.example/manage/analysis/report?kind=department');
    const attachment = mail[0]!.attachments?.[0];
    expect(attachment?.filename).toMatch(/^研发部 部门报告.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(attachment!.content, 'base64') as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('按月趋势')!.getRow(2).getCell(1).value).toBe('2025-03');

    const [row] = await t.app.deps.db
      .select()
      .from(analysisReportSchedules)
      .where(eq(analysisReportSchedules.id, scheduleId));
    expect(row).toMatchObject({ lastRunMonth: '2025-04', lastStatus: 'sent' });
    expect(row!.lastSentAt?.getTime()).toBe(shanghai('2025-04-01T08:00:00').getTime());
    expect(row!.lastMessage).toBe('已发送给 2 人的消息盒子，邮件 1 封');

    // Next month it sends again; a deleted department is recorded as a failure, not thrown.
    expect(await runReportSchedules(deps, shanghai('2025-05-02T08:00:00'), org.id)).toEqual({
      sent: 1,
      failed: 0,
    });
    await t.app.deps.db
      .update(analysisReportSchedules)
      .set({ departmentId: null })
      .where(eq(analysisReportSchedules.id, scheduleId));
    expect(await runReportSchedules(deps, shanghai('2025-06-01T08:00:00'), org.id)).toEqual({
      sent: 0,
      failed: 1,
    });
    const [failed] = await t.app.deps.db
      .select()
      .from(analysisReportSchedules)
      .where(eq(analysisReportSchedules.id, scheduleId));
    expect(failed).toMatchObject({
      lastStatus: 'failed',
      lastMessage: '报告的部门已被删除',
      lastRunMonth: '2025-06',
    });
  });
});
