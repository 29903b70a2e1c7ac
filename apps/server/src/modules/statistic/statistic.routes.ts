import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq, sql } from 'drizzle-orm';
import { activityLog, users } from '../../db/schema';
import { statisticContracts } from '@kaopei/shared/contracts/statistic';
import { ok } from '../../core/http';
import { routes } from '../../core/route';

export const statisticRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  routes(app, statisticContracts, {
    console: async (request) => {
      const org = request.ctx.organizationId;
      // One round trip for all counts.
      const result = (await db.execute(sql`select
        (select count(*) from users where organization_id = ${org} and status = 0) as staff,
        (select count(*) from departments where organization_id = ${org}) as departments,
        (select count(*) from question_banks where organization_id = ${org}) as banks,
        (select count(*) from papers where organization_id = ${org}) as papers,
        (select count(*) from exams where organization_id = ${org}) as exams`)) as unknown as {
        rows: { staff: string; departments: string; banks: string; papers: string; exams: string }[];
      };
      const counts = result.rows[0];
      const recent = await db
        .select({
          id: activityLog.id,
          action: activityLog.action,
          detail: activityLog.detail,
          actorName: users.realName,
          createdAt: activityLog.createdAt,
        })
        .from(activityLog)
        .leftJoin(users, eq(users.id, activityLog.actorId))
        .where(eq(activityLog.organizationId, org))
        .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
        .limit(10);
      return ok({
        staffCount: Number(counts?.staff ?? 0),
        departmentCount: Number(counts?.departments ?? 0),
        questionBankCount: Number(counts?.banks ?? 0),
        paperCount: Number(counts?.papers ?? 0),
        examCount: Number(counts?.exams ?? 0),
        recentActivity: recent.map((r) => ({ ...r, createdAt: r.createdAt.getTime() })),
      });
    },
    staffSum: async (request) => {
      const rows = await db
        .select({ status: users.status, count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.organizationId, request.ctx.organizationId))
        .groupBy(users.status);
      const active = rows.find((r) => r.status === 0)?.count ?? 0;
      const left = rows.find((r) => r.status === 1)?.count ?? 0;
      return ok({ total: active + left, active, left });
    },
  });
};
