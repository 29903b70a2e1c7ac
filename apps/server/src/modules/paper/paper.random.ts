import { LRUCache } from 'lru-cache';
import { TagType, questionTotals, questionTypeLabel, roundPoints } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import { requireTags } from '../tag/tag.service';
import { knowledgeScope } from './paper.picker';
import { seededRng, sample, shuffled, type Rng } from './paper.rng';
import type {
  CandidatePaper,
  CandidateQuestion,
  PaperDetail,
  RandomPaperInput,
  RandomRuleInput,
} from '@kaopei/shared/contracts/paper';
import {
  deleteSections,
  insertPaper,
  insertPaperQuestions,
  insertRandomRules,
  insertSection,
  listPickRowsInAnyOrg,
  listQuestionBankIds,
  listQuestionPlan,
  listRuleCandidateIds,
  listSectionNames,
  updatePaperColumns,
  type PaperRecord,
} from './paper.repo';
import {
  getPaper,
  metaColumns,
  questionOrgs,
  refreshTotals,
  requireOwnPaper,
  sectionsOf,
  toPickRow,
  writePosts,
} from './paper.service';

/**
 * Random papers (paper/random): rules per section draw questions at random, once when the paper is
 * saved, or anew for every candidate (settings.drawPerCandidate) through drawPaperForCandidate.
 */

interface RuleWithPlace {
  sectionIndex: number;
  sectionName: string;
  ruleIndex: number;
  rule: Omit<RandomRuleInput, 'knowledgeIds'> & { knowledgeIds: number[] };
}

function ruleLabel(place: RuleWithPlace): string {
  const { rule } = place;
  return `第 ${place.sectionIndex + 1} 大题「${place.sectionName}」第 ${place.ruleIndex + 1} 条规则（${questionTypeLabel(rule.type)} ${rule.count} 道）`;
}

/** Checks the banks, knowledge points and tags a rule names (404 for missing or foreign ids). */
async function checkRuleRefs(db: DbOrTx, ctx: RequestContext, rules: RandomRuleInput[]): Promise<void> {
  const orgs = await questionOrgs(db, ctx);
  const bankIds = [...new Set(rules.flatMap((rule) => rule.bankIds))];
  const banks = await listQuestionBankIds(db, orgs, bankIds);
  if (banks.length !== bankIds.length) throw notFound('题库不存在');
  const knowledge = await knowledgeScope(
    db,
    ctx,
    rules.flatMap((rule) => rule.knowledgeIds),
  );
  if (knowledge.missing.length > 0) throw notFound('知识点不存在');
  await requireTags(
    db,
    ctx.organizationId,
    TagType.QUESTION,
    rules.flatMap((rule) => rule.tagIds),
  );
}

/** Ids of the approved questions a rule may draw from, in id order (so a seed gives the same draw). */
async function ruleCandidates(
  db: DbOrTx,
  ctx: RequestContext,
  rule: RuleWithPlace['rule'],
): Promise<number[]> {
  const knowledgeNodes = rule.knowledgeIds.length
    ? (await knowledgeScope(db, ctx, rule.knowledgeIds)).pairs.map((pair) => pair.node)
    : undefined;
  return listRuleCandidateIds(db, await questionOrgs(db, ctx), {
    type: rule.type,
    bankIds: rule.bankIds,
    tagIds: rule.tagIds,
    difficultyMin: rule.difficultyMin,
    difficultyMax: rule.difficultyMax,
    knowledgeNodes,
  });
}

/** Draws every rule in order without repeating a question; refuses naming the rule that lacks questions. */
async function drawRules(
  db: DbOrTx,
  ctx: RequestContext,
  places: RuleWithPlace[],
  rng: Rng,
): Promise<Map<RuleWithPlace, number[]>> {
  const taken = new Set<number>();
  const result = new Map<RuleWithPlace, number[]>();
  for (const place of places) {
    const all = await ruleCandidates(db, ctx, place.rule);
    const free = all.filter((id) => !taken.has(id));
    if (free.length < place.rule.count) {
      const others =
        all.length > free.length ? `（另有 ${all.length - free.length} 道已被前面的规则抽走）` : '';
      throw badRequest(
        `${ruleLabel(place)}：符合条件的已审核试题只有 ${free.length} 道${others}，少于要求的 ${place.rule.count} 道`,
      );
    }
    const picked = sample(free, place.rule.count, rng);
    for (const id of picked) taken.add(id);
    result.set(place, picked);
  }
  return result;
}

function placesOf(input: RandomPaperInput): RuleWithPlace[] {
  return input.sections.flatMap((section, sectionIndex) =>
    section.rules.map((rule, ruleIndex) => ({ sectionIndex, sectionName: section.name, ruleIndex, rule })),
  );
}

async function writeRandom(
  tx: DbOrTx,
  paperId: number,
  input: RandomPaperInput,
  places: RuleWithPlace[],
  drawn: Map<RuleWithPlace, number[]> | undefined,
): Promise<void> {
  await deleteSections(tx, paperId);
  for (const [sectionIndex, section] of input.sections.entries()) {
    const sectionId = await insertSection(tx, { paperId, name: section.name, sort: sectionIndex });
    if (sectionId === undefined) throw new Error('section insert failed');
    const mine = places.filter((place) => place.sectionIndex === sectionIndex);
    await insertRandomRules(
      tx,
      mine.map((place) => ({
        paperId,
        sectionId,
        sort: place.ruleIndex,
        type: place.rule.type,
        count: place.rule.count,
        points: roundPoints(place.rule.points),
        bankIds: place.rule.bankIds,
        knowledgeIds: place.rule.knowledgeIds,
        tagIds: place.rule.tagIds,
        difficultyMin: place.rule.difficultyMin,
        difficultyMax: place.rule.difficultyMax,
      })),
    );
    if (drawn) {
      const items = mine.flatMap((place) =>
        (drawn.get(place) ?? []).map((questionId) => ({
          questionId,
          points: roundPoints(place.rule.points),
        })),
      );
      if (items.length > 0) {
        await insertPaperQuestions(
          tx,
          items.map((item, sort) => ({ paperId, sectionId, sort, ...item })),
        );
      }
    }
  }
}

/** Creates (paperId undefined) or replaces a random paper; draws once unless drawn per candidate. */
export async function saveRandomPaper(
  db: Db,
  ctx: RequestContext,
  input: RandomPaperInput,
  paperId?: number,
): Promise<PaperDetail> {
  const existing = paperId === undefined ? undefined : await requireOwnPaper(db, ctx, paperId);
  const columns = await metaColumns(db, ctx, input);
  const places = placesOf(input);
  await checkRuleRefs(
    db,
    ctx,
    places.map((place) => place.rule),
  );
  // Drawing is also the feasibility check: a rule without enough questions is refused by name.
  const drawn = await drawRules(db, ctx, places, Math.random);
  const settings: PaperRecord['settings'] = { ...(existing?.settings ?? {}), ...(input.settings ?? {}) };
  const id = await db.transaction(async (tx) => {
    let id = existing?.id;
    if (id === undefined) {
      id = await insertPaper(tx, ctx, {
        name: input.name,
        paperType: 4,
        status: 1,
        ...columns,
        settings,
      });
      if (id === undefined) throw new Error('paper insert failed');
    } else {
      await updatePaperColumns(tx, ctx, id, {
        paperType: 4,
        status: 1,
        ...columns,
        settings,
        updatedAt: new Date(),
      });
    }
    await writeRandom(tx, id, input, places, settings.drawPerCandidate ? undefined : drawn);
    await writePosts(tx, id, input.postIds);
    await refreshTotals(tx, id);
    return id;
  });
  return getPaper(db, ctx, id);
}

/** Which questions one candidate sits and for how many points, section by section (no content). */
export interface PaperPlan {
  sections: { name: string; items: { questionId: number; points: number }[] }[];
  /** The paper wants choice options shuffled too. */
  shuffleOptions: boolean;
}

/**
 * Plans the paper one candidate sits: a random paper drawn per candidate is drawn from its rules, any
 * other paper uses its questions (two light queries: a start of an exam reads no question content here);
 * questions within a section are shuffled when the paper's settings say so. The same seed gives the
 * same plan.
 */
async function planPaper(
  db: DbOrTx,
  organizationId: number,
  paperId: number,
  seed: string,
): Promise<PaperPlan & { paper: PaperRecord; rng: Rng; unshuffled: PaperPlan['sections'] }> {
  const ctx: RequestContext = { userId: 0, organizationId, isAdmin: false, account: '', realName: '' };
  const paper = await requireOwnPaper(db, ctx, paperId);
  const rng = seededRng(`${paperId}:${seed}`);
  const settings = paper.settings;
  let plan: PaperPlan['sections'];
  const sections = settings.drawPerCandidate ? await sectionsOf(db, paper.id) : [];
  if (sections.some((section) => section.randomRules.length > 0)) {
    const places: RuleWithPlace[] = sections.flatMap((section, sectionIndex) =>
      section.randomRules.map((rule, ruleIndex) => ({
        sectionIndex,
        sectionName: section.name,
        ruleIndex,
        rule: { ...rule, type: rule.type as RandomRuleInput['type'] },
      })),
    );
    const drawn = await drawRules(db, ctx, places, rng);
    plan = sections.map((section, sectionIndex) => ({
      name: section.name,
      items: places
        .filter((place) => place.sectionIndex === sectionIndex)
        .flatMap((place) =>
          (drawn.get(place) ?? []).map((questionId) => ({ questionId, points: place.rule.points })),
        ),
    }));
  } else {
    const [sectionRows, items] = await Promise.all([
      listSectionNames(db, paper.id),
      listQuestionPlan(db, paper.id),
    ]);
    plan = sectionRows.map((section) => ({
      name: section.name,
      items: items
        .filter((item) => item.sectionId === section.id)
        .map((item) => ({ questionId: item.questionId, points: Number(item.points) })),
    }));
  }
  return {
    paper,
    rng,
    unshuffled: plan,
    sections: settings.shuffleQuestions ? shuffleSections(plan, rng) : plan,
    shuffleOptions: settings.shuffleOptions ?? false,
  };
}

function shuffleSections(plan: PaperPlan['sections'], rng: Rng): PaperPlan['sections'] {
  return plan.map((section) => ({ name: section.name, items: shuffled(section.items, rng) }));
}

/**
 * Plans of papers not drawn per candidate, before the per-candidate shuffle, by paper and version (its
 * updated_at, which every edit of a paper moves): 5,000 candidates starting one exam share one.
 */
const fixedPlans = new LRUCache<
  string,
  { sections: PaperPlan['sections']; shuffleQuestions: boolean; shuffleOptions: boolean }
>({ max: 1_000 });

/** The plan of the paper one candidate sits (the exams feature calls this at exam start). */
export async function planPaperForCandidate(
  db: DbOrTx,
  organizationId: number,
  paperId: number,
  seed: string,
  /**
   * The paper's updated_at as the caller read it: a plan of that version may come from the cache. A plan
   * computed now is cached under it: an edit after the caller's read gives a newer version, so whoever
   * reads that version never meets this plan, and whoever read this one would have planned the same.
   */
  version?: string,
): Promise<PaperPlan> {
  const key = `${paperId}:${version}`;
  const cached = version === undefined ? undefined : fixedPlans.get(key);
  if (cached) {
    const rng = seededRng(`${paperId}:${seed}`);
    return {
      sections: cached.shuffleQuestions ? shuffleSections(cached.sections, rng) : cached.sections,
      shuffleOptions: cached.shuffleOptions,
    };
  }
  const { paper, unshuffled, sections, shuffleOptions } = await planPaper(db, organizationId, paperId, seed);
  if (!paper.settings.drawPerCandidate && version !== undefined) {
    fixedPlans.set(key, {
      sections: unshuffled,
      shuffleQuestions: paper.settings.shuffleQuestions ?? false,
      shuffleOptions,
    });
  }
  return { sections, shuffleOptions };
}

/**
 * The concrete paper one candidate sits, with content (the paper preview): planPaperForCandidate's
 * questions, and choice options shuffled when the paper's settings say so.
 */
export async function drawPaperForCandidate(
  db: DbOrTx,
  organizationId: number,
  paperId: number,
  seed: string,
): Promise<CandidatePaper> {
  const ctx: RequestContext = { userId: 0, organizationId, isAdmin: false, account: '', realName: '' };
  const { paper, rng, sections: plan, shuffleOptions } = await planPaper(db, organizationId, paperId, seed);
  const ids = plan.flatMap((section) => section.items.map((item) => item.questionId));
  const rows = ids.length === 0 ? [] : await listPickRowsInAnyOrg(db, ids);
  const byId = new Map(rows.map((row) => [row.id, toPickRow(ctx, row)]));
  const result = plan.map((section) => {
    return {
      name: section.name,
      questions: section.items.flatMap((item): CandidateQuestion[] => {
        const q = byId.get(item.questionId);
        if (!q) return [];
        let options = q.options;
        let optionOrder: number[] | null = options ? options.map((_, index) => index) : null;
        if (options && optionOrder && shuffleOptions) {
          optionOrder = shuffled(optionOrder, rng);
          const original = options;
          options = optionOrder.map((index) => original[index] as { content: string; correct: boolean });
        }
        return [
          {
            questionId: q.questionId,
            type: q.type,
            typeLabel: q.typeLabel,
            stem: q.stem,
            options,
            optionOrder,
            answer: q.answer,
            analysis: q.analysis,
            difficulty: q.difficulty,
            points: item.points,
          },
        ];
      }),
    };
  });
  const totals = questionTotals(
    result.flatMap((section) => section.questions.map((q) => ({ questionType: q.type, points: q.points }))),
  );
  return {
    paperId: paper.id,
    name: paper.name,
    seed,
    totalScore: totals.totalScore,
    questionCount: totals.questionCount,
    sections: result,
  };
}
