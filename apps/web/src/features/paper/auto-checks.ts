import {
  PAPER_DIFFICULTY_LABELS,
  PaperDifficulty,
  distributionCounts,
  questionDifficultyLevel,
  questionTypeLabel,
} from '@kaopei/shared';
import type { AutoRules } from './api';

/** How a generated paper meets each stated rule (shown next to the paper on /manage/paper/auto). */
export interface RuleCheck {
  rule: string;
  required: string;
  actual: string;
  met: boolean;
}

interface CheckedQuestion {
  type: number;
  difficulty: number;
  points: number;
  knowledgeIds: readonly number[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function autoChecks(
  rules: AutoRules,
  questions: readonly CheckedQuestion[],
  knowledgeName: (id: number) => string = (id) => `#${id}`,
): RuleCheck[] {
  const checks: RuleCheck[] = [];
  const total = questions.reduce((sum, q) => sum + Math.round(q.points * 10), 0) / 10;
  if (rules.totalScore !== undefined)
    checks.push({
      rule: '总分',
      required: `${rules.totalScore} 分`,
      actual: `${total} 分`,
      met: Math.abs(total - rules.totalScore) < 1e-9,
    });
  for (const typeRule of rules.typeRules) {
    const count = questions.filter((q) => q.type === typeRule.type).length;
    checks.push({
      rule: `${questionTypeLabel(typeRule.type)}数量`,
      required: `${typeRule.count} 题（每题 ${typeRule.points} 分）`,
      actual: `${count} 题`,
      met: count === typeRule.count,
    });
  }
  const difficulty = rules.difficulty;
  if (difficulty?.mode === 'average') {
    const average =
      questions.length === 0
        ? 0
        : round2(questions.reduce((sum, q) => sum + q.difficulty, 0) / questions.length);
    checks.push({
      rule: '平均难度',
      required: `${difficulty.target} ± ${difficulty.tolerance}`,
      actual: String(average),
      met: Math.abs(average - difficulty.target) <= difficulty.tolerance + 1e-9,
    });
  } else if (difficulty?.mode === 'distribution') {
    const wanted = distributionCounts(questions.length, difficulty);
    for (const level of PaperDifficulty) {
      const count = questions.filter((q) => questionDifficultyLevel(q.difficulty) === level).length;
      checks.push({
        rule: `${PAPER_DIFFICULTY_LABELS[level]}题`,
        required: `${wanted[level]} 题（${difficulty[level]}%）`,
        actual: `${count} 题`,
        met: count === wanted[level],
      });
    }
  }
  for (const knowledgeRule of rules.knowledgeRules) {
    const count = questions.filter((q) => q.knowledgeIds.includes(knowledgeRule.knowledgeId)).length;
    checks.push({
      rule: `知识点「${knowledgeName(knowledgeRule.knowledgeId)}」`,
      required: `至少 ${knowledgeRule.minCount} 题`,
      actual: `${count} 题`,
      met: count >= knowledgeRule.minCount,
    });
  }
  return checks;
}
