import { TagType, difficultyFromB } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import { requireTags } from '../tag/tag.service';
import { generateAutoPapers, withCalibratedDifficulty, type Bucket } from './paper.auto';
import { knowledgeScope } from './paper.picker';
import {
  findAutoRule,
  insertAutoRule,
  listAutoRules,
  listCalibratedB,
  listKnowledgeNames,
  listQuestionBankIds,
  listQuestionBuckets,
  type AutoRuleRecord,
} from './paper.repo';
import { seededRng } from './paper.rng';
import type {
  AutoCreated,
  AutoPaperInput,
  AutoReport,
  AutoRuleRow,
  AutoRulesInput,
  PaperDetail,
  PickRow,
} from '@kaopei/shared/contracts/paper';
import { createPaper, questionOrgs, questionsByIds } from './paper.service';

/**
 * Intelligent generation against the database: one query groups the candidate questions into buckets
 * (type × knowledge rules covered × difficulty) with their ids; paper.auto does the rest.
 */

/** Checks what the rules refer to; returns the knowledge points' names for messages. */
export async function checkRefs(
  db: DbOrTx,
  ctx: RequestContext,
  rules: AutoRulesInput,
): Promise<Map<number, string>> {
  const orgs = await questionOrgs(db, ctx);
  const bankIds = [...new Set(rules.bankIds)];
  const banks = await listQuestionBankIds(db, orgs, bankIds);
  if (banks.length !== bankIds.length) throw notFound('题库不存在');
  await requireTags(db, ctx.organizationId, TagType.QUESTION, rules.tagIds);
  const knowledgeIds = rules.knowledgeRules.map((rule) => rule.knowledgeId);
  if (knowledgeIds.length === 0) return new Map();
  const nodes = await listKnowledgeNames(db, orgs, knowledgeIds);
  if (nodes.length !== knowledgeIds.length) throw notFound('知识点不存在');
  return new Map(nodes.map((node) => [node.id, node.name]));
}

/** The candidate questions of the rules, grouped into buckets (one query). */
export async function loadBuckets(db: DbOrTx, ctx: RequestContext, rules: AutoRulesInput): Promise<Bucket[]> {
  const orgs = await questionOrgs(db, ctx);
  const scope = await knowledgeScope(
    db,
    ctx,
    rules.knowledgeRules.map((rule) => rule.knowledgeId),
  );
  const types = rules.typeRules.map((rule) => rule.type);
  // Knowledge coverage per question as a bit mask of the rules (cheaper to aggregate and group than
  // sorted id lists).
  const roots = [...new Set(scope.pairs.map((p) => p.root))];
  if (roots.length > 62) throw badRequest('knowledgeRules 最多 62 个知识点');
  const bitOf = new Map(roots.map((root, index) => [root, index]));
  const rows = await listQuestionBuckets(db, ctx, orgs, {
    bankIds: rules.bankIds,
    types,
    knowledge: scope.pairs.map((p) => ({ node: p.node, bit: 2 ** (bitOf.get(p.root) ?? 0) })),
    tagIds: rules.tagIds,
    excludeQuestionIds: rules.excludeQuestionIds,
    excludeUsedWithinDays: rules.excludeUsedWithinDays,
  });
  const buckets = rows.map((row) => ({
    type: Number(row.type),
    difficulty: Number(row.difficulty),
    knowledge: roots.filter((_, index) => (BigInt(row.roots) >> BigInt(index)) & 1n),
    ids: row.ids.split(',').map(Number),
  }));
  if (rules.useCalibratedDifficulty !== true) return buckets;
  const calibrated = await listCalibratedB(
    db,
    ctx.organizationId,
    buckets.flatMap((bucket) => bucket.ids),
  );
  return withCalibratedDifficulty(
    buckets,
    new Map(calibrated.map((c) => [c.questionId, difficultyFromB(c.b)])),
  );
}

/** Generates without saving (get/auto/question): the papers, or which rules fail and the best paper. */
export async function generateAuto(db: Db, ctx: RequestContext, rules: AutoRulesInput): Promise<AutoReport> {
  const names = await checkRefs(db, ctx, rules);
  const loadStarted = performance.now();
  const buckets = await loadBuckets(db, ctx, rules);
  const loadMs = Math.round((performance.now() - loadStarted) * 10) / 10;
  const result = await generateAutoPapers(
    buckets,
    {
      totalScore: rules.totalScore,
      typeRules: rules.typeRules,
      knowledgeRules: rules.knowledgeRules.map((rule) => ({ ...rule, name: names.get(rule.knowledgeId) })),
      difficulty: rules.difficulty,
      variants: rules.variants,
      maxOverlap: rules.maxOverlap,
    },
    rules.seed !== undefined ? seededRng(rules.seed) : Math.random,
  );
  const ids = result.papers.flatMap((paper) => paper.questions.map((q) => q.questionId));
  const rows = ids.length > 0 ? await questionsByIds(db, ctx, ids) : [];
  const byId = new Map(rows.map((row) => [row.questionId, row]));
  return {
    ...result,
    loadMs,
    papers: result.papers.map((paper) => ({
      totals: paper.totals,
      overlap: paper.overlap,
      questions: paper.questions.map((q) => ({
        ...(byId.get(q.questionId) as PickRow),
        points: q.points,
        knowledgeIds: q.knowledgeIds,
      })),
    })),
  };
}

/** The one-line Chinese message of an infeasible result. */
export function infeasibleMessage(report: AutoReport): string {
  const best = report.best;
  const closest = best
    ? `；最接近的试卷：${best.questionCount} 题，${best.totalScore} 分${best.averageDifficulty !== null ? `，平均难度 ${best.averageDifficulty}` : ''}`
    : '';
  return `无法生成试卷：${report.violations.map((v) => v.message).join('；')}${closest}`;
}

const VARIANT_NAMES = ['A', 'B', 'C', 'D', 'E'];

/** Generates and saves the papers (type 6, saved); A/B… names when several. Infeasible → 400. */
export async function createAutoPapers(
  db: Db,
  ctx: RequestContext,
  input: AutoPaperInput,
): Promise<AutoCreated> {
  const report = await generateAuto(db, ctx, input.rules);
  if (!report.feasible) throw badRequest(infeasibleMessage(report));
  const created: PaperDetail[] = [];
  for (const [index, paper] of report.papers.entries()) {
    // One section per type, in the order of the type rules.
    const sections = input.rules.typeRules
      .map((rule) => ({
        name: paper.questions.find((q) => q.type === rule.type)?.typeLabel ?? '',
        questionVOS: paper.questions
          .filter((q) => q.type === rule.type)
          .map((q) => ({ questionId: q.questionId, points: q.points })),
      }))
      .filter((section) => section.questionVOS.length > 0);
    const name =
      report.papers.length > 1
        ? `${input.paper.name}（${VARIANT_NAMES[index] ?? index + 1}卷）`
        : input.paper.name;
    created.push(
      await createPaper(
        db,
        ctx,
        { ...input.paper, name: name.slice(0, 200), sectionVOS: sections },
        { status: 1, type: 6 },
      ),
    );
  }
  const { papers: _papers, ...summary } = report;
  return { papers: created, report: summary };
}

function toRuleRow(row: AutoRuleRecord): AutoRuleRow {
  return {
    ruleId: row.id,
    id: row.id,
    name: row.name,
    rules: row.rules,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** Saves a rule set after checking what it refers to. */
export async function addAutoRule(
  db: Db,
  ctx: RequestContext,
  input: { name: string; rules: AutoRulesInput },
): Promise<AutoRuleRow> {
  await checkRefs(db, ctx, input.rules);
  const row = await insertAutoRule(db, ctx, { name: input.name, rules: input.rules });
  if (!row) throw new Error('auto rule insert failed');
  return toRuleRow(row);
}

/** One rule set (ruleId) or all of the organisation's, newest first. */
export async function getAutoRules(
  db: Db,
  ctx: RequestContext,
  ruleId?: number,
): Promise<AutoRuleRow | AutoRuleRow[]> {
  if (ruleId !== undefined) {
    const row = await findAutoRule(db, ctx, ruleId);
    if (!row) throw notFound('组卷规则不存在');
    return toRuleRow(row);
  }
  const rows = await listAutoRules(db, ctx);
  return rows.map(toRuleRow);
}
