import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { bankContracts } from '@kaopei/shared/contracts/bank';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import {
  bankCategories,
  copyBank,
  createBank,
  deleteBanks,
  getBank,
  listBanks,
  modifyBank,
  simpleBanks,
} from './bank.service';

export { BANK_MENU, EVALUATE_BANK_MENU } from '@kaopei/shared/contracts/bank';

/** Question banks (contracts: packages/shared/src/contracts/bank.ts). */
export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, bankContracts, {
    list: async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listBanks(db, request.ctx, {
        ...toOffset({ page, size }),
        ...request.body,
      });
      return okPage(rows, total);
    },
    detail: async (request) => ok(await getBank(db, request.ctx, request.query.bankId)),
    simple: async (request) => ok(await simpleBanks(db, request.ctx)),
    categories: async (request) => ok(await bankCategories(db, request.ctx, request.query.scope)),
    add: async (request) => ok(await createBank(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyBank(db, request.ctx, request.body)),
    delete: async (request) =>
      ok(await deleteBanks(db, request.ctx, request.body.bankIds, request.body.moveTo)),
    copy: async (request) => ok(await copyBank(app.deps, request.ctx, request.body.bankId)),
  });
};
