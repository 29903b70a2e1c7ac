import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seesOrganisationFigures } from '@kaopei/shared';
import { statisticContracts } from '@kaopei/shared/contracts/statistic';
import type { RequestContext } from '../../core/context';
import { forbidden, ok } from '../../core/http';
import { routes } from '../../core/route';
import { countConsoleTotals, countStaffByStatus, listRecentActivity } from './statistic.repo';

export const statisticRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, menus } = app.deps;
  const managesSomething = async (ctx: RequestContext) =>
    seesOrganisationFigures(ctx.isAdmin, await menus.grantedUrls(ctx));

  routes(app, statisticContracts, {
    console: async (request) => {
      const ctx = request.ctx;
      if (!(await managesSomething(ctx))) {
        const own = await listRecentActivity(db, ctx, ctx.userId);
        return ok({ figures: null, recentActivity: own.map(withEpoch) });
      }
      const [counts, recent] = await Promise.all([countConsoleTotals(db, ctx), listRecentActivity(db, ctx)]);
      return ok({
        figures: {
          staffCount: Number(counts?.staff ?? 0),
          departmentCount: Number(counts?.departments ?? 0),
          questionBankCount: Number(counts?.banks ?? 0),
          paperCount: Number(counts?.papers ?? 0),
          examCount: Number(counts?.exams ?? 0),
        },
        recentActivity: recent.map(withEpoch),
      });
    },
    staffSum: async (request) => {
      if (!(await managesSomething(request.ctx))) throw forbidden('您没有权限查看组织的统计');
      const rows = await countStaffByStatus(db, request.ctx);
      const active = rows.find((r) => r.status === 0)?.count ?? 0;
      const left = rows.find((r) => r.status === 1)?.count ?? 0;
      return ok({ total: active + left, active, left });
    },
  });
};

function withEpoch<T extends { createdAt: Date }>(row: T): Omit<T, 'createdAt'> & { createdAt: number } {
  return { ...row, createdAt: row.createdAt.getTime() };
}
