import ExcelJS from 'exceljs';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { summariseGroups, type LimitOffset } from '@kaopei/shared';
import type { GroupView, PersonResultRow } from '@kaopei/shared/contracts/psych';
import type { Db, DbOrTx } from '../../db/client';
import { departments, psyResponses, users } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import { dateStamp, type DownloadFile } from '../../core/download';
import { XLSX_MIME, workbookBuffer } from '../../core/excel';
import { mentalRow, requireMental, type MentalRecord } from './psych-exam.repo';

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;

function dimensionsOf(exam: MentalRecord) {
  const { definition } = exam;
  return definition.dimensions.map((dimension) => {
    const count = definition.items.filter((item) => item.dimension === dimension.key).length;
    const mean = dimension.method === 'mean';
    return {
      key: dimension.key,
      name: dimension.name,
      min: mean ? 1 : count,
      max: mean ? definition.points : count * definition.points,
    };
  });
}

/**
 * The group view: mean and level distribution per dimension, per department. Departments with fewer
 * responses than the exam's minimum group size are pooled, and a pool still too small is left out.
 */
export async function groupView(db: DbOrTx, ctx: Ctx, mentalExamId: number): Promise<GroupView> {
  const exam = await requireMental(db, ctx, mentalExamId);
  const rows = await db
    .select({
      departmentId: psyResponses.departmentId,
      departmentName: departments.name,
      scores: psyResponses.scores,
    })
    .from(psyResponses)
    .leftJoin(departments, eq(departments.id, psyResponses.departmentId))
    .where(and(eq(psyResponses.examId, exam.id), eq(psyResponses.organizationId, ctx.organizationId)));
  const byDepartment = new Map<
    number | null,
    { key: number | null; name: string; scores: Record<string, number>[] }
  >();
  for (const row of rows) {
    const key = row.departmentId;
    const group = byDepartment.get(key) ?? { key, name: row.departmentName ?? '未分配部门', scores: [] };
    group.scores.push(Object.fromEntries(row.scores.map((s) => [s.key, s.score])));
    byDepartment.set(key, group);
  }
  const { dimensions } = exam.definition;
  const groups = [...byDepartment.values()].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
  const { rows: departmentRows, hidden } = summariseGroups(dimensions, groups, exam.minGroupSize);
  const everyone = groups.flatMap((group) => group.scores);
  const overall =
    everyone.length >= exam.minGroupSize
      ? (summariseGroups(dimensions, [{ key: null, name: '全体', scores: everyone }], exam.minGroupSize)
          .rows[0] ?? null)
      : null;
  return {
    exam: await mentalRow(db, exam),
    dimensions: dimensionsOf(exam),
    responseCount: rows.length,
    overall,
    departments: departmentRows,
    hidden,
  };
}

/**
 * Individual results. Named exams: each person with department, newest first, searchable by name or
 * account. Anonymous exams: no name, account or department, in an order unrelated to submission.
 */
export async function personResults(
  db: DbOrTx,
  ctx: Ctx,
  mentalExamId: number,
  keyword: string | undefined,
  paging: LimitOffset,
): Promise<{ rows: PersonResultRow[]; total: number }> {
  const exam = await requireMental(db, ctx, mentalExamId);
  const inExam = and(eq(psyResponses.examId, exam.id), eq(psyResponses.organizationId, ctx.organizationId));
  if (exam.anonymous) {
    const [records, [count]] = await Promise.all([
      db
        .select({ id: psyResponses.id, submittedAt: psyResponses.submittedAt, scores: psyResponses.scores })
        .from(psyResponses)
        .where(inExam)
        .orderBy(sql`md5(${psyResponses.id}::text || ${psyResponses.examId}::text)`)
        .limit(paging.limit)
        .offset(paging.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(psyResponses)
        .where(inExam),
    ]);
    const rows = records.map((r, index) => ({
      responseId: r.id,
      label: `匿名 #${paging.offset + index + 1}`,
      realName: null,
      account: null,
      departmentName: null,
      submittedAt: r.submittedAt.getTime(),
      scores: r.scores,
    }));
    return { rows, total: Number(count?.n ?? 0) };
  }
  const where = and(
    inExam,
    keyword
      ? or(ilike(users.realName, containsPattern(keyword)), ilike(users.account, containsPattern(keyword)))
      : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select({
        id: psyResponses.id,
        submittedAt: psyResponses.submittedAt,
        scores: psyResponses.scores,
        realName: users.realName,
        account: users.account,
        departmentName: departments.name,
      })
      .from(psyResponses)
      .leftJoin(users, eq(users.id, psyResponses.userId))
      .leftJoin(departments, eq(departments.id, psyResponses.departmentId))
      .where(where)
      .orderBy(desc(psyResponses.submittedAt), desc(psyResponses.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(psyResponses)
      .leftJoin(users, eq(users.id, psyResponses.userId))
      .where(where),
  ]);
  const rows = records.map((r) => ({
    responseId: r.id,
    label: r.realName ?? '已删除的员工',
    realName: r.realName,
    account: r.account,
    departmentName: r.departmentName,
    submittedAt: r.submittedAt.getTime(),
    scores: r.scores,
  }));
  return { rows, total: Number(count?.n ?? 0) };
}

/** The individual results as a workbook: one row per response, score and level per dimension. */
export async function resultsWorkbook(db: Db, ctx: Ctx, mentalExamId: number): Promise<DownloadFile> {
  const exam = await requireMental(db, ctx, mentalExamId);
  const { rows } = await personResults(db, ctx, exam.id, undefined, { limit: 100_000, offset: 0 });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('测评结果');
  const people: Partial<ExcelJS.Column>[] = exam.anonymous
    ? [{ header: '编号', key: 'label', width: 12 }]
    : [
        { header: '姓名', key: 'realName', width: 14 },
        { header: '账号', key: 'account', width: 16 },
        { header: '部门', key: 'departmentName', width: 18 },
      ];
  const dims = exam.definition.dimensions.flatMap((d) => [
    { header: `${d.name}得分`, key: `${d.key}:score`, width: 12 },
    { header: `${d.name}等级`, key: `${d.key}:level`, width: 10 },
  ]);
  sheet.columns = [
    ...people,
    { header: exam.anonymous ? '提交日期' : '提交时间', key: 'submittedAt', width: 20 },
    ...dims,
  ];
  for (const row of rows) {
    const scores = Object.fromEntries(
      row.scores.flatMap((s) => [
        [`${s.key}:score`, s.score],
        [`${s.key}:level`, s.level ?? ''],
      ]),
    );
    sheet.addRow({ ...row, ...scores, submittedAt: new Date(row.submittedAt) });
  }
  sheet.getRow(1).font = { bold: true };
  return {
    fileName: `${exam.name}_测评结果_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}
