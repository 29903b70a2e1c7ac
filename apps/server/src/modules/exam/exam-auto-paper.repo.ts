import { and, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AutoPaperRow } from '@kaopei/shared/contracts/exam-auto';
import type { DbOrTx } from '../../db/client';
import { examAutoRules, examPapers, exams, papers } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';

/**
 * exam/auto/paper: the papers automatic-exam rules generated — every paper of an exam an automatic
 * rule created (exams.auto_rule_id, exam_papers), with its rule and exam; one query per page.
 */
export async function searchAutoPapers(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId'>,
  filter: { ruleId?: number | undefined; keyword?: string | undefined },
  paging: { limit: number; offset: number },
): Promise<{ rows: AutoPaperRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    eq(exams.organizationId, ctx.organizationId),
    filter.ruleId === undefined ? isNotNull(exams.autoRuleId) : eq(exams.autoRuleId, filter.ruleId),
  ];
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    conditions.push(or(ilike(papers.name, pattern), ilike(exams.name, pattern)));
  }
  const where = and(...conditions);
  const [records, [count]] = await Promise.all([
    db
      .select({
        paperId: papers.id,
        paperName: papers.name,
        totalScore: papers.totalScore,
        questionCount: papers.questionCount,
        ruleId: exams.autoRuleId,
        ruleName: examAutoRules.name,
        examId: exams.id,
        examName: exams.name,
        examStartAt: exams.startAt,
        examEndAt: exams.endAt,
        createdAt: papers.createdAt,
      })
      .from(exams)
      .innerJoin(examPapers, eq(examPapers.examId, exams.id))
      .innerJoin(
        papers,
        and(eq(papers.id, examPapers.paperId), eq(papers.organizationId, ctx.organizationId)),
      )
      .leftJoin(
        examAutoRules,
        and(eq(examAutoRules.id, exams.autoRuleId), eq(examAutoRules.organizationId, ctx.organizationId)),
      )
      .where(where)
      .orderBy(desc(exams.startAt), desc(exams.id), desc(papers.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(exams)
      .innerJoin(examPapers, eq(examPapers.examId, exams.id))
      .innerJoin(papers, eq(papers.id, examPapers.paperId))
      .where(where),
  ]);
  const rows = records.map((row) => ({
    ...row,
    totalScore: Number(row.totalScore),
    ruleId: Number(row.ruleId),
    examStartAt: row.examStartAt?.getTime() ?? null,
    examEndAt: row.examEndAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
  }));
  return { rows, total: Number(count?.n ?? 0) };
}
