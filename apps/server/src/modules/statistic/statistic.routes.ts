import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticContracts } from '@kaopei/shared/contracts/statistic';
import { ok } from '../../core/http';
import { routes } from '../../core/route';
import { countConsoleTotals, countStaffByStatus, listRecentActivity } from './statistic.repo';

export const statisticRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  routes(app, statisticContracts, {
    console: async (request) => {
      const counts = await countConsoleTotals(db, request.ctx);
      const recent = await listRecentActivity(db, request.ctx);
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
      const rows = await countStaffByStatus(db, request.ctx);
      const active = rows.find((r) => r.status === 0)?.count ?? 0;
      const left = rows.find((r) => r.status === 1)?.count ?? 0;
      return ok({ total: active + left, active, left });
    },
  });
};
