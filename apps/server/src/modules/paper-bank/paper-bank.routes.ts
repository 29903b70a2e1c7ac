import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { paperBankContracts } from '@kaopei/shared/contracts/paper-bank';
import { ok, okPage } from '../../core/http';
import { routes, type ContractRequest } from '../../core/route';
import {
  banksBesides,
  banksByCategory,
  createPaperBank,
  deletePaperBanks,
  modifyPaperBank,
  searchPaperBanks,
} from './paper-bank.service';

type SearchContract = typeof paperBankContracts.searchInner;

/** Paper banks (contracts: packages/shared/src/contracts/paper-bank.ts). */
export const paperBankRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  const search = (scope: 'inner' | 'outer') => async (request: ContractRequest<SearchContract>) => {
    const { rows, total } = await searchPaperBanks(db, request.ctx, {
      scope,
      ...request.body,
      ...toOffset(request.query),
    });
    return okPage(rows, total);
  };

  routes(app, paperBankContracts, {
    searchInner: search('inner'),
    searchOuter: search('outer'),
    list: search('inner'),
    byCategory: async (request) => {
      const { categoryId, page, size } = request.query;
      const { rows, total } = await searchPaperBanks(db, request.ctx, {
        scope: 'inner',
        keyword: request.body.keyword,
        categoryId,
        ...toOffset({ page, size }),
      });
      return okPage(rows, total);
    },
    grouped: async (request) => ok(await banksByCategory(db, request.ctx)),
    besides: async (request) => ok(await banksBesides(db, request.ctx, request.query.paperBankId)),
    create: async (request) => ok(await createPaperBank(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyPaperBank(db, request.ctx, request.body)),
    delete: async (request) => ok(await deletePaperBanks(db, request.ctx, [request.query.paperBankId])),
    deleteMany: async (request) => ok(await deletePaperBanks(db, request.ctx, request.body.paperBankIds)),
  });
};
