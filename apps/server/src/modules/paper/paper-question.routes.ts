import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toOffset, zeroBasedPaging } from '@kaopei/shared';
import { idParam, ok, okPage } from '../../core/http';
import { idListBody } from '../role/role.schemas';
import { QUESTION_MENU, BANK_MENU } from '../question/question.schemas';
import { createAutoPapers, generateAuto } from './paper.generate';
import { EXAM_AUTO_MENU, PAPER_AUTO_MENU, PAPER_READ_MENUS, PAPER_WRITE_MENUS } from './paper.menus';
import { notSelectedQuestions } from './paper.picker';
import { autoPaperSchema, autoRulesSchema, notSelectedSchema } from './paper.schemas';
import { papersUsingQuestion, questionsByIds, selectedQuestions } from './paper.service';

const PREFIX = '/question/api/v1/questions';
const TAGS = ['组卷'];

/** The paper builder's question calls (spec §7 "Questions": paper and auto-generation calls). */
export const paperQuestionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    `${PREFIX}/search/paper/not-selected/question`,
    {
      config: { menu: PAPER_WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary:
          '组卷选题：可加入试卷的已审核试题（本组织与公开题库；scope mine/public/all），排除试卷 paperId 中或 selectedIds 里已选的',
        querystring: zeroBasedPaging,
        body: notSelectedSchema.nullish().transform((body) => body ?? notSelectedSchema.parse({})),
      },
    },
    async (request) => {
      const { rows, total } = await notSelectedQuestions(db, request.ctx, {
        ...request.body,
        ...toOffset(request.query),
      });
      return okPage(rows, total);
    },
  );

  app.post(
    `${PREFIX}/search/paper/selected/question`,
    {
      config: { menu: PAPER_READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '试卷中已选的试题（按大题与顺序，含分值）',
        body: z.object({ paperId: idParam('paperId') }),
      },
    },
    async (request) => {
      const rows = await selectedQuestions(db, request.ctx, request.body.paperId);
      return okPage(rows, rows.length);
    },
  );

  app.post(
    `${PREFIX}/paper/selected/questions`,
    {
      config: { menu: PAPER_WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '按 id 取已选试题的完整内容（组卷页面加载选中的试题）',
        body: z.object({ questionIds: idListBody('questionIds', '请选择试题', 1000) }),
      },
    },
    async (request) => ok(await questionsByIds(db, request.ctx, request.body.questionIds)),
  );

  app.get(
    `${PREFIX}/paper/info`,
    {
      config: { menu: [QUESTION_MENU, BANK_MENU, ...PAPER_READ_MENUS] },
      schema: {
        tags: TAGS,
        summary: '使用该试题的本组织试卷（试题列表的「被引用」）',
        querystring: z.object({ questionId: idParam('questionId') }),
      },
    },
    async (request) => ok(await papersUsingQuestion(db, request.ctx, request.query.questionId)),
  );

  app.post(
    `${PREFIX}/get/auto/question`,
    {
      config: { menu: [PAPER_AUTO_MENU, EXAM_AUTO_MENU] },
      schema: {
        tags: TAGS,
        summary:
          '智能组卷预览（不保存）：feasible 为 true 时返回试卷；否则 violations 说明哪条规则无法满足，best 为最接近的试卷',
        body: autoRulesSchema,
      },
    },
    async (request) => ok(await generateAuto(db, request.ctx, request.body)),
  );

  app.post(
    `${PREFIX}/exam-paper/auto`,
    {
      config: { menu: [PAPER_AUTO_MENU] },
      schema: {
        tags: TAGS,
        summary: '智能组卷并保存试卷（variants > 1 时生成 A/B… 卷）；无法满足时 400 并说明规则',
        body: autoPaperSchema,
      },
    },
    async (request) => ok(await createAutoPapers(db, request.ctx, request.body)),
  );

  app.post(
    `${PREFIX}/auto/create/exam`,
    {
      config: { menu: [EXAM_AUTO_MENU, PAPER_AUTO_MENU] },
      schema: {
        tags: TAGS,
        summary: '自动考试的组卷：生成并保存试卷后返回（考试由考试功能用返回的 paperId 创建）',
        body: autoPaperSchema,
      },
    },
    async (request) => {
      const created = await createAutoPapers(db, request.ctx, request.body);
      return ok({ ...created, exam: null });
    },
  );
};
