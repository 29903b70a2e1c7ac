import { DEFAULT_QUESTION_POINTS, QuestionType } from '@kaopei/shared';
import type { PaperDetail, RandomPaperInput } from './api';

export interface RuleForm {
  bankIds: number[];
  knowledgeIds?: number[];
  tagIds?: number[];
  type: number;
  count: number;
  points: number;
  difficulty: [number, number];
}

export interface RandomForm {
  name: string;
  paperBankId?: number;
  drawPerCandidate: boolean;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  sections: { name: string; rules: RuleForm[] }[];
}

export const newRule = (type: number = QuestionType.SINGLE): RuleForm => ({
  bankIds: [],
  knowledgeIds: [],
  tagIds: [],
  type,
  count: 5,
  points: DEFAULT_QUESTION_POINTS,
  difficulty: [1, 10],
});

/** The form of a new random paper: one section with one rule. */
export function initialRandomForm(): RandomForm {
  return {
    name: '',
    drawPerCandidate: false,
    shuffleQuestions: false,
    shuffleOptions: false,
    sections: [{ name: '第1大题', rules: [newRule()] }],
  };
}

/** The form of a random paper loaded from the server. */
export function formOf(detail: PaperDetail): RandomForm {
  return {
    name: detail.name,
    ...(detail.paperBankId ? { paperBankId: detail.paperBankId } : {}),
    drawPerCandidate: detail.settings.drawPerCandidate ?? false,
    shuffleQuestions: detail.settings.shuffleQuestions ?? false,
    shuffleOptions: detail.settings.shuffleOptions ?? false,
    sections: detail.sectionVOS.map((section) => ({
      name: section.name,
      rules: section.randomRules.map((rule) => ({
        bankIds: rule.bankIds,
        knowledgeIds: rule.knowledgeIds,
        tagIds: rule.tagIds,
        type: rule.type,
        count: rule.count,
        points: rule.points,
        difficulty: [rule.difficultyMin, rule.difficultyMax],
      })),
    })),
  };
}

export function toRandomInput(values: RandomForm): RandomPaperInput {
  return {
    name: values.name.trim(),
    ...(values.paperBankId ? { paperBankId: values.paperBankId } : {}),
    settings: {
      drawPerCandidate: values.drawPerCandidate,
      shuffleQuestions: values.shuffleQuestions,
      shuffleOptions: values.shuffleOptions,
    },
    sections: values.sections.map((section) => ({
      name: section.name.trim(),
      rules: section.rules.map((rule) => ({
        bankIds: rule.bankIds,
        knowledgeIds: rule.knowledgeIds ?? [],
        tagIds: rule.tagIds ?? [],
        type: rule.type,
        count: rule.count,
        points: rule.points,
        difficultyMin: rule.difficulty[0],
        difficultyMax: rule.difficulty[1],
      })),
    })),
  };
}
