import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaperDifficulty } from '@kaopei/shared';
import { questionDifficultyLevel } from '@kaopei/shared';
import {
  bucketsOf,
  checkPaper,
  generateAutoPapers,
  withCalibratedDifficulty,
  type AutoDifficulty,
  type AutoModelRules,
} from './paper.auto';
import { seededRng } from './paper.rng';

interface PoolQuestion {
  id: number;
  type: number;
  difficulty: number;
  knowledgeIds: number[];
}

const KNOWLEDGE = [1, 2, 3, 4];

const poolArb = fc
  .array(
    fc.record({
      type: fc.integer({ min: 0, max: 3 }),
      difficulty: fc.integer({ min: 1, max: 10 }),
      knowledgeIds: fc.uniqueArray(fc.constantFrom(...KNOWLEDGE), { maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((list): PoolQuestion[] => list.map((q, index) => ({ ...q, id: index + 1 })));

const difficultyArb: fc.Arbitrary<AutoDifficulty | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.record({
    mode: fc.constant('average' as const),
    target: fc.integer({ min: 10, max: 100 }).map((n) => n / 10),
    tolerance: fc.integer({ min: 2, max: 20 }).map((n) => n / 10),
  }),
  fc
    .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }))
    .map(([a, b]): AutoDifficulty => {
      const [low, high] = a < b ? [a, b] : [b, a];
      return { mode: 'distribution', SIMPLE: low, MEDIUM: high - low, HARD: 100 - high };
    }),
);

const rulesArb: fc.Arbitrary<AutoModelRules> = fc.record({
  typeRules: fc.uniqueArray(
    fc.record({
      type: fc.integer({ min: 0, max: 3 }),
      count: fc.integer({ min: 1, max: 8 }),
      points: fc.integer({ min: 5, max: 200 }).map((n) => n / 10),
    }),
    { minLength: 1, maxLength: 3, selector: (rule) => rule.type },
  ),
  knowledgeRules: fc.uniqueArray(
    fc.record({ knowledgeId: fc.constantFrom(...KNOWLEDGE), minCount: fc.integer({ min: 0, max: 5 }) }),
    { maxLength: 3, selector: (rule) => rule.knowledgeId },
  ),
  difficulty: difficultyArb,
  variants: fc.integer({ min: 1, max: 3 }),
  maxOverlap: fc.integer({ min: 0, max: 4 }),
});

/** Every paper meets every rule, uses only pool questions, and later papers respect the overlap. */
function expectAllRulesMet(pool: PoolQuestion[], rules: AutoModelRules, papers: { questionId: number }[][]) {
  const byId = new Map(pool.map((q) => [q.id, q]));
  const earlier = new Set<number>();
  papers.forEach((paper, variant) => {
    const questions = paper.map(({ questionId }) => {
      const q = byId.get(questionId);
      if (!q) throw new Error(`question ${questionId} is not in the pool`);
      const points = rules.typeRules.find((rule) => rule.type === q.type)?.points ?? 0;
      return { questionId, type: q.type, difficulty: q.difficulty, points, knowledgeIds: q.knowledgeIds };
    });
    expect(checkPaper(questions, rules, variant, earlier)).toEqual([]);
    for (const q of questions) earlier.add(q.questionId);
  });
}

describe('intelligent generation (property tests)', () => {
  it('every generated paper satisfies every stated rule; failures name a rule', async () => {
    await fc.assert(
      fc.asyncProperty(poolArb, rulesArb, fc.integer(), async (pool, rules, seed) => {
        const buckets = bucketsOf(
          pool,
          rules.knowledgeRules.map((rule) => rule.knowledgeId),
        );
        const result = await generateAutoPapers(buckets, rules, seededRng(seed));
        if (result.feasible) {
          expect(result.papers).toHaveLength(rules.variants);
          expect(result.violations).toEqual([]);
          expectAllRulesMet(
            pool,
            rules,
            result.papers.map((paper) => paper.questions),
          );
        } else {
          expect(result.violations.length).toBeGreaterThan(0);
          for (const violation of result.violations) expect(violation.message).not.toBe('');
          // The nearest paper is described in figures that agree with the rules it was asked for.
          const best = result.best;
          expect(best).not.toBeNull();
          expect(best?.typeCounts.map((row) => row.type).sort()).toEqual(
            rules.typeRules.map((rule) => rule.type).sort(),
          );
          for (const row of best?.typeCounts ?? [])
            expect(row.required).toBe(rules.typeRules.find((rule) => rule.type === row.type)?.count);
          expect(best?.questionCount).toBe((best?.typeCounts ?? []).reduce((sum, row) => sum + row.count, 0));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('never reports infeasible when a paper exists (rules derived from a witness paper)', async () => {
    await fc.assert(
      fc.asyncProperty(
        poolArb,
        fc.integer(),
        fc.constantFrom('none', 'average', 'distribution'),
        async (pool, seed, mode) => {
          const rng = seededRng(seed);
          const witness = pool.filter(() => rng() < 0.5);
          if (witness.length === 0) return;
          const typeRules = [...new Set(witness.map((q) => q.type))].map((type) => ({
            type,
            count: witness.filter((q) => q.type === type).length,
            points: 5,
          }));
          const knowledgeRules = KNOWLEDGE.map((knowledgeId) => ({
            knowledgeId,
            minCount: witness.filter((q) => q.knowledgeIds.includes(knowledgeId)).length,
          }));
          const average = witness.reduce((sum, q) => sum + q.difficulty, 0) / witness.length;
          const levelShare = (level: PaperDifficulty) =>
            (100 * witness.filter((q) => questionDifficultyLevel(q.difficulty) === level).length) /
            witness.length;
          const difficulty: AutoDifficulty | undefined =
            mode === 'average'
              ? { mode: 'average', target: Math.round(average * 10) / 10, tolerance: 0.1 }
              : mode === 'distribution'
                ? {
                    mode: 'distribution',
                    SIMPLE: levelShare('SIMPLE'),
                    MEDIUM: levelShare('MEDIUM'),
                    HARD: levelShare('HARD'),
                  }
                : undefined;
          const rules: AutoModelRules = { typeRules, knowledgeRules, difficulty, variants: 1, maxOverlap: 0 };
          const result = await generateAutoPapers(bucketsOf(pool, KNOWLEDGE), rules, rng);
          expect(result.violations).toEqual([]);
          expect(result.feasible).toBe(true);
          expectAllRulesMet(pool, rules, [result.papers[0]?.questions ?? []]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('reports the rule that asks for more questions than exist, with what is achievable', async () => {
    await fc.assert(
      fc.asyncProperty(
        poolArb,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        async (pool, type, extra) => {
          const available = pool.filter((q) => q.type === type).length;
          const rules: AutoModelRules = {
            typeRules: [{ type, count: available + extra, points: 10 }],
            knowledgeRules: [],
            variants: 1,
            maxOverlap: 0,
          };
          const result = await generateAutoPapers(bucketsOf(pool, []), rules, seededRng(1));
          expect(result.feasible).toBe(false);
          expect(result.violations).toContainEqual(
            expect.objectContaining({
              rule: 'type',
              index: 0,
              required: available + extra,
              achievable: available,
            }),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('reports a knowledge rule that no paper can meet', async () => {
    await fc.assert(
      fc.asyncProperty(poolArb, fc.constantFrom(...KNOWLEDGE), async (pool, knowledgeId) => {
        const covering = pool.filter((q) => q.knowledgeIds.includes(knowledgeId)).length;
        const rules: AutoModelRules = {
          typeRules: [0, 1, 2, 3]
            .map((type) => ({
              type,
              count: pool.filter((q) => q.type === type).length,
              points: 1,
            }))
            .filter((rule) => rule.count > 0),
          knowledgeRules: [{ knowledgeId, minCount: covering + 1, name: '安全' }],
          variants: 1,
          maxOverlap: 0,
        };
        const result = await generateAutoPapers(bucketsOf(pool, [knowledgeId]), rules, seededRng(2));
        expect(result.feasible).toBe(false);
        const violation = result.violations.find((v) => v.rule === 'knowledge');
        expect(violation?.achievable).toBe(covering);
        expect(violation?.message).toContain('知识点「安全」至少');
      }),
      { numRuns: 50 },
    );
  });
});

describe('intelligent generation (examples)', () => {
  const pool: PoolQuestion[] = Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    type: i % 2,
    difficulty: (i % 10) + 1,
    knowledgeIds: i % 4 === 0 ? [1] : [],
  }));

  it('refuses a total score that does not match the type rules', async () => {
    const result = await generateAutoPapers(
      bucketsOf(pool, []),
      {
        totalScore: 100,
        typeRules: [{ type: 0, count: 5, points: 10 }],
        knowledgeRules: [],
        variants: 1,
        maxOverlap: 0,
      },
      seededRng(1),
    );
    expect(result.feasible).toBe(false);
    expect(result.violations[0]?.message).toBe('总分 100 与各题型「数量 × 分值」合计 50 不一致');
  });

  it('says how close the best paper gets to an unreachable average difficulty', async () => {
    const easy = pool.filter((q) => q.difficulty <= 3);
    const result = await generateAutoPapers(
      bucketsOf(easy, []),
      {
        typeRules: [{ type: 0, count: 3, points: 10 }],
        knowledgeRules: [],
        difficulty: { mode: 'average', target: 9, tolerance: 0.5 },
        variants: 1,
        maxOverlap: 0,
      },
      seededRng(1),
    );
    expect(result.feasible).toBe(false);
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]?.message).toMatch(/^平均难度 9±0.5 无法满足：最接近的试卷平均难度为 [\d.]+$/);
    expect(result.best?.questionCount).toBe(3);
  });

  it('makes A/B papers without shared questions when the bank allows, and reports the overlap rule otherwise', async () => {
    const rules: AutoModelRules = {
      typeRules: [{ type: 0, count: 10, points: 5 }],
      knowledgeRules: [],
      variants: 2,
      maxOverlap: 0,
    };
    const ok = await generateAutoPapers(bucketsOf(pool, []), rules, seededRng(3));
    expect(ok.feasible).toBe(true);
    const [a, b] = ok.papers.map((paper) => new Set(paper.questions.map((q) => q.questionId)));
    expect([...(a ?? [])].filter((id) => b?.has(id))).toEqual([]);
    expect(ok.papers[1]?.overlap).toBe(0);

    const tight = await generateAutoPapers(
      bucketsOf(pool, []),
      { ...rules, typeRules: [{ type: 0, count: 15, points: 5 }] },
      seededRng(3),
    );
    expect(tight.feasible).toBe(false);
    expect(tight.violations).toEqual([
      expect.objectContaining({ rule: 'overlap', variant: 1, required: 0, achievable: 10 }),
    ]);
  });
});

describe('withCalibratedDifficulty', () => {
  it('moves calibrated questions to their calibrated difficulty and regroups them', () => {
    const buckets = [
      { type: 1, knowledge: [], difficulty: 5, ids: [1, 2, 3] },
      { type: 1, knowledge: [], difficulty: 3, ids: [4] },
    ];
    const out = withCalibratedDifficulty(
      buckets,
      new Map([
        [1, 3],
        [2, 8],
      ]),
    );
    expect(out).toEqual([
      { type: 1, knowledge: [], difficulty: 3, ids: [1, 4] },
      { type: 1, knowledge: [], difficulty: 8, ids: [2] },
      { type: 1, knowledge: [], difficulty: 5, ids: [3] },
    ]);
  });
});
