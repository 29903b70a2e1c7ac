import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok, okPage } from '../../core/http';
import { idListBody } from '../role/role.schemas';
import { addAutoRule, getAutoRules } from './paper.generate';
import {
  EXAM_AUTO_MENU,
  PAPER_AUTO_MENU,
  PAPER_RANDOM_MENU,
  PAPER_READ_MENUS,
  PAPER_WRITE_MENUS,
} from './paper.menus';
import { drawPaperForCandidate, saveRandomPaper } from './paper.random';
import {
  autoRulesSchema,
  paperBodySchema,
  paperMetaSchema,
  paperName,
  paperQuerySchema,
  pointsSchema,
  randomPaperSchema,
} from './paper.schemas';
import {
  copyPaper,
  createPaper,
  deletePapers,
  getPaper,
  getPublicPaper,
  modifyPoints,
  movePapers,
  paperStatistics,
  savePaper,
  searchPapers,
  updatePaper,
} from './paper.service';

const BASE = '/paper/api/v1';
const TAGS = ['试卷'];
const paperIdQuery = z.object({ paperId: idParam('paperId') });

/** Papers (spec §7: paper create, save, update, copy, move, delete, paged search, detail, statistics). */
export const paperRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    `${BASE}/paper/create`,
    {
      config: { menu: PAPER_WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '新建试卷（默认草稿；可同时给出大题与试题 sectionVOS）',
        body: paperBodySchema,
      },
    },
    async (request) =>
      ok(await createPaper(db, request.ctx, request.body, { status: request.body.status ?? 0 })),
  );

  app.post(
    `${BASE}/paper/save`,
    {
      config: { menu: PAPER_WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary:
          '保存整张试卷（无 paperId 时新建；传入 sectionVOS 时替换大题与试题；status 默认 saved，自动保存草稿时传 draft）',
        body: paperBodySchema.extend({ paperId: idParam('paperId').optional() }),
      },
    },
    async (request) => ok(await savePaper(db, request.ctx, request.body)),
  );

  app.post(
    `${BASE}/paper/update`,
    {
      config: { menu: PAPER_WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '修改试卷信息（名称、描述、试卷库、分类、类型、设置、岗位、状态；不改试题）',
        body: paperMetaSchema.partial().extend({ paperId: idParam('paperId'), name: paperName.optional() }),
      },
    },
    async (request) => ok(await updatePaper(db, request.ctx, request.body)),
  );

  app.post(
    `${BASE}/paper/copy`,
    {
      config: { menu: PAPER_WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '复制试卷（本组织或公开试卷库的试卷）为本组织的草稿',
        querystring: paperIdQuery,
        body: z
          .object({
            paperBankId: z.number({ error: 'paperBankId 必须是数字' }).int().min(0).optional(),
            name: paperName.optional(),
          })
          .nullish(),
      },
    },
    async (request) => ok(await copyPaper(db, request.ctx, request.query.paperId, request.body ?? {})),
  );

  app.post(
    `${BASE}/paper/move`,
    {
      config: { menu: PAPER_WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '移动试卷到另一试卷库（全部成功或全部不动）',
        body: z.object({
          paperIds: idListBody('paperIds', '请选择试卷', 500),
          toPaperBankId: idParam('toPaperBankId'),
        }),
      },
    },
    async (request) =>
      ok(await movePapers(db, request.ctx, request.body.paperIds, request.body.toPaperBankId)),
  );

  app.post(
    `${BASE}/paper/delete`,
    {
      config: { menu: PAPER_WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '删除试卷（全部成功或全部不删；已被考试使用的试卷拒绝）',
        body: z.object({ paperIds: idListBody('paperIds', '请选择试卷', 500) }),
      },
    },
    async (request) => ok(await deletePapers(db, request.ctx, request.body.paperIds)),
  );

  app.post(
    `${BASE}/paper/search`,
    {
      config: { menu: PAPER_READ_MENUS },
      schema: {
        tags: TAGS,
        summary:
          '试卷分页查询（Paper query：page{pageNumber,pageSize} 从 1 开始，categoryId 含子分类，searchContent，postIds）',
        body: paperQuerySchema,
      },
    },
    async (request) => {
      const { rows, total } = await searchPapers(db, request.ctx, request.body);
      return okPage(rows, total);
    },
  );

  app.get(
    `${BASE}/paper/detail`,
    {
      config: { menu: PAPER_READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '试卷详情（大题 sectionVOS、试题 questionVOS、抽题规则、统计）',
        querystring: paperIdQuery,
      },
    },
    async (request) => ok(await getPaper(db, request.ctx, request.query.paperId)),
  );

  app.get(
    `${BASE}/paper/public/detail`,
    {
      config: { menu: PAPER_READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '公开试卷详情（公开试卷库中的试卷，或本组织的试卷）',
        querystring: paperIdQuery,
      },
    },
    async (request) => ok(await getPublicPaper(db, request.ctx, request.query.paperId)),
  );

  app.get(
    `${BASE}/paper/statistics`,
    {
      config: { menu: PAPER_READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '试卷统计：题数、总分、题型分布、平均难度与难度等级、使用次数',
        querystring: paperIdQuery,
      },
    },
    async (request) => ok(await paperStatistics(db, request.ctx, request.query.paperId)),
  );

  app.post(
    `${BASE}/question/modify/point`,
    {
      config: { menu: PAPER_WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '修改试卷中试题的分值（一位小数），返回新的统计',
        querystring: paperIdQuery,
        body: z
          .array(z.object({ questionId: idParam('questionId'), points: pointsSchema() }))
          .min(1, '请提供要修改的试题分值')
          .max(1000, '一次最多 1000 题'),
      },
    },
    async (request) => ok(await modifyPoints(db, request.ctx, request.query.paperId, request.body)),
  );

  // ---- random papers ----

  app.post(
    `${BASE}/paper/random/create`,
    {
      config: { menu: [PAPER_RANDOM_MENU] },
      schema: {
        tags: TAGS,
        summary:
          '随机组卷：按每个大题的规则抽题（题库、知识点、标签、题型、数量、分值、难度范围）；settings.drawPerCandidate 为 true 时每位考生开考时重新抽题',
        body: randomPaperSchema,
      },
    },
    async (request) => ok(await saveRandomPaper(db, request.ctx, request.body)),
  );

  app.post(
    `${BASE}/paper/random/modify`,
    {
      config: { menu: [PAPER_RANDOM_MENU] },
      schema: {
        tags: TAGS,
        summary: '修改随机试卷的规则（重新抽题）',
        querystring: paperIdQuery,
        body: randomPaperSchema,
      },
    },
    async (request) => ok(await saveRandomPaper(db, request.ctx, request.body, request.query.paperId)),
  );

  app.post(
    `${BASE}/paper/random/draw`,
    {
      config: { menu: PAPER_READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '预览某位考生抽到的试卷（同一 seed 得到同一试卷；按设置打乱试题与选项；不保存）',
        querystring: paperIdQuery.extend({
          seed: z
            .string({ error: 'seed 必须是文本' })
            .trim()
            .min(1, 'seed 不能为空')
            .max(100, 'seed 过长')
            .default('preview'),
        }),
      },
    },
    async (request) =>
      ok(
        await drawPaperForCandidate(
          db,
          request.ctx.organizationId,
          request.query.paperId,
          request.query.seed,
        ),
      ),
  );

  // ---- intelligent generation rule sets ----

  app.post(
    `${BASE}/auto/rule/add`,
    {
      config: { menu: [PAPER_AUTO_MENU, EXAM_AUTO_MENU] },
      schema: {
        tags: TAGS,
        summary: '保存智能组卷规则',
        body: z.object({
          name: z
            .string({ error: 'name（规则名称）必须是文本' })
            .trim()
            .min(1, 'name（规则名称）不能为空')
            .max(100, 'name（规则名称）不能超过 100 个字符'),
          rules: autoRulesSchema,
        }),
      },
    },
    async (request) => ok(await addAutoRule(db, request.ctx, request.body)),
  );

  app.get(
    `${BASE}/auto/rule/get`,
    {
      config: { menu: [PAPER_AUTO_MENU, EXAM_AUTO_MENU] },
      schema: {
        tags: TAGS,
        summary: '智能组卷规则：给 ruleId 时返回一条，否则返回本组织全部（最新在前）',
        querystring: z.object({ ruleId: idParam('ruleId').optional() }),
      },
    },
    async (request) => ok(await getAutoRules(db, request.ctx, request.query.ruleId)),
  );
};
