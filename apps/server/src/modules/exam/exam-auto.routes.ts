import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset, zeroBasedPaging } from '@kaopei/shared';
import { ok, okPage } from '../../core/http';
import {
  EXAM_AUTO_MENU,
  autoRuleBodySchema,
  checkBody,
  enableBody,
  ruleIdQuery,
  ruleIdsBody,
  ruleSearchSchema,
} from './exam-auto.schemas';
import {
  addRule,
  checkGeneration,
  deleteRules,
  getRule,
  modifyRule,
  ruleExams,
  runRuleNow,
  searchRules,
  setRuleEnabled,
} from './exam-auto.service';

const PREFIX = '/exam/api/v1/auto';
const TAGS = ['自动考试'];
const config = { menu: [EXAM_AUTO_MENU] };

/** exam/auto: rules that create and publish exams from intelligent generation. */
export const examAutoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    `${PREFIX}/search`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '自动考试规则分页列表（含下次开考时间、最近一场考试、最近错误）',
        querystring: zeroBasedPaging,
        body: ruleSearchSchema,
      },
    },
    async (request) => {
      const { rows, total } = await searchRules(db, request.ctx, {
        keyword: request.body?.keyword || undefined,
        ...toOffset(request.query),
      });
      return okPage(rows, total);
    },
  );

  app.get(
    `${PREFIX}/detail`,
    { config, schema: { tags: TAGS, summary: '自动考试规则详情', querystring: ruleIdQuery } },
    async (request) => ok(await getRule(db, request.ctx, request.query.ruleId)),
  );

  app.post(
    `${PREFIX}/add`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '新建自动考试规则（智能组卷规则、考试模板、部门、首次开考时间、重复 once/weekly/monthly）',
        body: autoRuleBodySchema,
      },
    },
    async (request) => ok(await addRule(db, request.ctx, request.body)),
  );

  app.post(
    `${PREFIX}/modify`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '修改自动考试规则（下一场按新的时间安排，已生成的考试不变）',
        querystring: ruleIdQuery,
        body: autoRuleBodySchema,
      },
    },
    async (request) => ok(await modifyRule(db, request.ctx, request.query.ruleId, request.body)),
  );

  app.post(
    `${PREFIX}/enable`,
    {
      config,
      schema: { tags: TAGS, summary: '启用或停用规则', querystring: ruleIdQuery, body: enableBody },
    },
    async (request) => ok(await setRuleEnabled(db, request.ctx, request.query.ruleId, request.body.enabled)),
  );

  app.post(
    `${PREFIX}/delete`,
    {
      config,
      schema: { tags: TAGS, summary: '删除规则（已生成的考试保留；全部成功或全部失败）', body: ruleIdsBody },
    },
    async (request) => ok(await deleteRules(db, request.ctx, request.body.ids)),
  );

  app.post(
    `${PREFIX}/run`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '立即生成：马上组卷、创建并发布规则的下一场考试；无法组卷时 400 并说明原因',
        querystring: ruleIdQuery,
      },
    },
    async (request) => ok(await runRuleNow(db, request.ctx, request.query.ruleId)),
  );

  app.get(
    `${PREFIX}/exams`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '规则生成的考试（分页，按开考时间倒序）',
        querystring: ruleIdQuery.extend(zeroBasedPaging.shape),
      },
    },
    async (request) => {
      const { rows, total } = await ruleExams(db, request.ctx, request.query.ruleId, toOffset(request.query));
      return okPage(rows, total);
    },
  );

  app.post(
    `${PREFIX}/check`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '检查规则：按当前题库试组卷（不保存），不可行时说明哪条规则无法满足',
        body: checkBody,
      },
    },
    async (request) => ok(await checkGeneration(db, request.ctx, request.body.generation)),
  );
};
