import { questionTypeLabel, roundPoints } from '@kaopei/shared';
import {
  POST_PAPER_TYPE,
  targetDifficultyForLevel,
  type AbilityCoverage,
  type ModelAbility,
  type PostModel,
  type PostPaperCreated,
  type PostPaperInput,
} from '@kaopei/shared/contracts/post-exam';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import { abilitiesMeasuredBy } from '../ability/ability-measure.repo';
import { generateAutoPapers, type Bucket } from '../paper/paper.auto';
import { sample, seededRng, type Rng } from '../paper/paper.rng';
import { createPaper } from '../paper/paper.service';
import { countQuestionsByAbility, findPost, listModel, listPoolQuestions } from './post-exam.repo';

/**
 * Post papers (paper/post): generated from a post's ability model. random (type 4) splits each type's
 * count over the abilities by weight (largest remainder) and draws once into a fixed paper; auto (6)
 * and job (9) run the intelligent generator (paper.auto) with one points rule per ability and each
 * ability's questions aimed at the difficulty of its required level.
 */

export type ModelRow = Awaited<ReturnType<typeof listModel>>[number];

/** The caller's post and its model; 404 for another organisation's post. */
export async function requirePostModel(db: DbOrTx, ctx: RequestContext, postId: number) {
  const post = await findPost(db, ctx, postId);
  if (!post) throw notFound('岗位不存在');
  return { post, model: await listModel(db, ctx, postId) };
}

/** The post's model with the approved questions measuring each ability, by type. */
export async function postModel(db: DbOrTx, ctx: RequestContext, postId: number): Promise<PostModel> {
  const { post, model } = await requirePostModel(db, ctx, postId);
  const counts = await countQuestionsByAbility(
    db,
    ctx,
    model.map((m) => m.abilityId),
  );
  const abilities: ModelAbility[] = model.map((m) => {
    const mine = counts.filter((c) => c.abilityId === m.abilityId).sort((a, b) => a.type - b.type);
    return {
      ...m,
      targetDifficulty: targetDifficultyForLevel(m.requiredLevel),
      questionCount: mine.reduce((sum, c) => sum + c.count, 0),
      typeCounts: mine.map((c) => ({ type: c.type, label: questionTypeLabel(c.type), count: c.count })),
    };
  });
  const empty = abilities.filter((a) => a.questionCount === 0).map((a) => a.name);
  const problem =
    model.length === 0
      ? `岗位「${post.name}」还没有能力模型，请先在岗位能力中设置`
      : empty.length > 0
        ? `以下能力没有可用的已审核试题：${empty.join('、')}`
        : null;
  return { postId: post.id, name: post.name, abilities, problem };
}

/** Splits `total` in proportion to `weights` (largest remainder; ties to the larger weight, then order). */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((s, c) => s + c, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value), weight: weights[index] ?? 0 }))
    .sort((a, b) => b.remainder - a.remainder || b.weight - a.weight || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    counts[index] = (counts[index] ?? 0) + 1;
    left -= 1;
  }
  return counts;
}

interface PoolQuestion {
  id: number;
  type: number;
  difficulty: number;
  abilities: number[];
}

interface Picked {
  questionId: number;
  type: number;
  difficulty: number;
  points: number;
}

async function loadPool(db: DbOrTx, ctx: RequestContext, model: ModelRow[], types: number[]) {
  const abilityIds = model.map((m) => m.abilityId);
  const rows = await listPoolQuestions(db, ctx, abilityIds, types);
  const measured = await abilitiesMeasuredBy(
    db,
    ctx.organizationId,
    rows.map((row) => row.id),
  );
  const inModel = new Set(abilityIds);
  return rows.map((row): PoolQuestion => ({
    ...row,
    abilities: (measured.get(row.id) ?? []).filter((id) => inModel.has(id)),
  }));
}

/** random: each type's count split over the abilities by weight, drawn without repeats. */
function drawRandom(model: ModelRow[], pool: PoolQuestion[], input: PostPaperInput, rng: Rng): Picked[] {
  const taken = new Set<number>();
  const picked: Picked[] = [];
  const byId = new Map(pool.map((q) => [q.id, q]));
  for (const rule of input.typeRules) {
    const counts = largestRemainder(
      rule.count,
      model.map((m) => m.weight),
    );
    model.forEach((ability, index) => {
      const wanted = counts[index] ?? 0;
      if (wanted === 0) return;
      const free = pool
        .filter((q) => q.type === rule.type && q.abilities.includes(ability.abilityId) && !taken.has(q.id))
        .map((q) => q.id);
      if (free.length < wanted) {
        throw badRequest(
          `能力「${ability.name}」的${questionTypeLabel(rule.type)}只有 ${free.length} 道可用的已审核试题，少于按权重需要的 ${wanted} 道`,
        );
      }
      for (const id of sample(free, wanted, rng)) {
        taken.add(id);
        const q = byId.get(id) as PoolQuestion;
        picked.push({
          questionId: id,
          type: q.type,
          difficulty: q.difficulty,
          points: roundPoints(rule.points),
        });
      }
    });
  }
  return picked;
}

/** auto / job: the intelligent generator over buckets (type × difficulty × abilities measured). */
async function drawAuto(
  model: ModelRow[],
  pool: PoolQuestion[],
  input: PostPaperInput,
  rng: Rng,
): Promise<Picked[]> {
  const buckets = new Map<string, Bucket>();
  for (const q of pool) {
    const key = `${q.type}|${q.difficulty}|${q.abilities.join(',')}`;
    const bucket = buckets.get(key) ?? {
      type: q.type,
      difficulty: q.difficulty,
      knowledge: [],
      abilities: q.abilities,
      ids: [],
    };
    bucket.ids.push(q.id);
    buckets.set(key, bucket);
  }
  const total = input.typeRules.reduce((sum, rule) => sum + rule.count * rule.points, 0);
  const result = await generateAutoPapers(
    [...buckets.values()],
    {
      typeRules: input.typeRules,
      knowledgeRules: [],
      abilityRules: model.map((m) => ({
        abilityId: m.abilityId,
        name: m.name,
        minPoints: roundPoints((Math.max(0, m.weight - input.tolerance) * total) / 100),
        targetDifficulty: targetDifficultyForLevel(m.requiredLevel),
      })),
      variants: 1,
      maxOverlap: 0,
    },
    rng,
  );
  const paper = result.papers[0];
  if (!result.feasible || !paper) {
    throw badRequest(`无法生成试卷：${result.violations.map((v) => v.message).join('；')}`);
  }
  return paper.questions.map((q) => ({
    questionId: q.questionId,
    type: q.type,
    difficulty: q.difficulty,
    points: q.points,
  }));
}

function coverageOf(model: ModelRow[], picked: Picked[], pool: PoolQuestion[]): AbilityCoverage[] {
  const total = picked.reduce((sum, q) => sum + q.points, 0);
  const abilitiesOf = new Map(pool.map((q) => [q.id, q.abilities]));
  return model.map((m) => {
    const mine = picked.filter((q) => abilitiesOf.get(q.questionId)?.includes(m.abilityId));
    const points = mine.reduce((sum, q) => sum + q.points, 0);
    return {
      abilityId: m.abilityId,
      name: m.name,
      weight: m.weight,
      requiredLevel: m.requiredLevel,
      targetDifficulty: targetDifficultyForLevel(m.requiredLevel),
      questionCount: mine.length,
      points: roundPoints(points),
      share: total > 0 ? Math.round((points / total) * 1000) / 10 : 0,
      averageDifficulty:
        mine.length > 0
          ? Math.round((mine.reduce((sum, q) => sum + q.difficulty, 0) / mine.length) * 100) / 100
          : null,
    };
  });
}

/** Generates and saves a post paper (linked to the post); refuses what cannot be generated, by name. */
export async function generatePostPaper(
  db: Db,
  ctx: RequestContext,
  input: PostPaperInput,
): Promise<PostPaperCreated> {
  const { post, model } = await requirePostModel(db, ctx, input.postId);
  if (model.length === 0) throw badRequest(`岗位「${post.name}」还没有能力模型，请先在岗位能力中设置`);
  const pool = await loadPool(
    db,
    ctx,
    model,
    input.typeRules.map((rule) => rule.type),
  );
  const empty = model.filter((m) => !pool.some((q) => q.abilities.includes(m.abilityId)));
  if (empty.length > 0) {
    throw badRequest(`以下能力没有所选题型的已审核试题：${empty.map((m) => m.name).join('、')}`);
  }
  const rng = input.seed !== undefined ? seededRng(input.seed) : Math.random;
  const picked =
    input.mode === 'random' ? drawRandom(model, pool, input, rng) : await drawAuto(model, pool, input, rng);
  const sections = input.typeRules
    .map((rule) => ({
      name: questionTypeLabel(rule.type),
      questionVOS: picked
        .filter((q) => q.type === rule.type)
        .map((q) => ({ questionId: q.questionId, points: q.points })),
    }))
    .filter((section) => section.questionVOS.length > 0);
  const paper = await createPaper(
    db,
    ctx,
    {
      name: input.name,
      postIds: [post.id],
      sectionVOS: sections,
      ...(input.paperBankId !== undefined ? { paperBankId: input.paperBankId } : {}),
      ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
    },
    { status: 1, type: POST_PAPER_TYPE[input.mode] },
  );
  return { paper, coverage: coverageOf(model, picked, pool) };
}
