import { useMemo, type ReactNode } from 'react';
import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_QUESTION_POINTS, QuestionType } from '@kaopei/shared';
import type { AutoRulesInput } from '@kaopei/shared/contracts/paper';
import {
  fetchKnowledgeTree,
  fetchQuestionTags,
  fetchSimpleBanks,
  knowledgeTreeKey,
  QUESTION_TAGS_KEY,
  SIMPLE_BANKS_KEY,
} from '../lib/picker-queries';
import { knowledgeOptions } from '../lib/question-rules';
import { AutoRulesTopRow, DifficultyFields, KnowledgeRulesList, TypeRulesList } from './auto-rules-sections';

/** The automatic-generation rules the server takes (without the per-call excluded questions). */
export type AutoRules = Omit<AutoRulesInput, 'excludeQuestionIds'>;

/**
 * The intelligent-generation rule editor (banks, types with counts and points, difficulty, knowledge
 * coverage, tags, A/B variants). It renders form items into the surrounding antd Form, used by
 * /manage/paper/auto and by the automatic-exam rules of /manage/exam/auto.
 */

export type DifficultyMode = 'none' | 'average' | 'distribution';

export interface AutoRulesForm {
  bankIds: number[];
  totalScore?: number | null;
  typeRules: { type: number; count: number; points: number }[];
  difficultyMode: DifficultyMode;
  target?: number;
  tolerance?: number;
  SIMPLE?: number;
  MEDIUM?: number;
  HARD?: number;
  knowledgeRules: { knowledgeId?: number; minCount: number }[];
  tagIds?: number[];
  excludeUsedWithinDays?: number | null;
  useCalibratedDifficulty?: boolean;
  variants: number;
  maxOverlap: number;
}

export const AUTO_RULES_INITIAL: AutoRulesForm = {
  bankIds: [],
  typeRules: [{ type: QuestionType.SINGLE, count: 10, points: DEFAULT_QUESTION_POINTS }],
  difficultyMode: 'none',
  target: 5,
  tolerance: 0.5,
  SIMPLE: 30,
  MEDIUM: 50,
  HARD: 20,
  knowledgeRules: [],
  variants: 1,
  maxOverlap: 0,
};

/** The form's values as the server's rules; a seed only when given (a saved rule draws afresh each time). */
export function toAutoRules(values: AutoRulesForm, seed?: string): AutoRules {
  const rules: AutoRules = {
    bankIds: values.bankIds,
    typeRules: values.typeRules.map((rule) => ({ type: rule.type, count: rule.count, points: rule.points })),
    knowledgeRules: values.knowledgeRules
      .filter((rule): rule is { knowledgeId: number; minCount: number } => rule.knowledgeId !== undefined)
      .map((rule) => ({ knowledgeId: rule.knowledgeId, minCount: rule.minCount })),
    tagIds: values.tagIds ?? [],
    variants: values.variants,
    maxOverlap: values.maxOverlap,
  };
  if (seed !== undefined) rules.seed = seed;
  if (values.totalScore) rules.totalScore = values.totalScore;
  if (values.excludeUsedWithinDays) rules.excludeUsedWithinDays = values.excludeUsedWithinDays;
  if (values.useCalibratedDifficulty) rules.useCalibratedDifficulty = true;
  if (values.difficultyMode === 'average')
    rules.difficulty = { mode: 'average', target: values.target ?? 5, tolerance: values.tolerance ?? 0.5 };
  if (values.difficultyMode === 'distribution')
    rules.difficulty = {
      mode: 'distribution',
      SIMPLE: values.SIMPLE ?? 0,
      MEDIUM: values.MEDIUM ?? 0,
      HARD: values.HARD ?? 0,
    };
  return rules;
}

/** Saved rules back into the editor's values (editing an automatic-exam rule). */
export function fromAutoRules(rules: AutoRules): AutoRulesForm {
  const difficulty = rules.difficulty;
  return {
    ...AUTO_RULES_INITIAL,
    bankIds: rules.bankIds,
    totalScore: rules.totalScore ?? null,
    typeRules: rules.typeRules.map((rule) => ({ ...rule })),
    knowledgeRules: rules.knowledgeRules.map((rule) => ({ ...rule })),
    tagIds: rules.tagIds ?? [],
    excludeUsedWithinDays: rules.excludeUsedWithinDays ?? null,
    useCalibratedDifficulty: rules.useCalibratedDifficulty ?? false,
    variants: rules.variants,
    maxOverlap: rules.maxOverlap,
    difficultyMode: difficulty?.mode ?? 'none',
    ...(difficulty?.mode === 'average' ? { target: difficulty.target, tolerance: difficulty.tolerance } : {}),
    ...(difficulty?.mode === 'distribution'
      ? { SIMPLE: difficulty.SIMPLE, MEDIUM: difficulty.MEDIUM, HARD: difficulty.HARD }
      : {}),
  };
}

/** The editor's form items; `head` comes first in the top row (the paper page puts the paper name there). */
export function AutoRulesFields({ head }: { head?: ReactNode }): ReactNode {
  const banks = useQuery({ queryKey: SIMPLE_BANKS_KEY, queryFn: fetchSimpleBanks });
  const tags = useQuery({ queryKey: QUESTION_TAGS_KEY, queryFn: fetchQuestionTags });
  const ownTree = useQuery({ queryKey: knowledgeTreeKey('org'), queryFn: () => fetchKnowledgeTree('org') });
  const platformTree = useQuery({
    queryKey: knowledgeTreeKey('platform'),
    queryFn: () => fetchKnowledgeTree('platform'),
  });
  const knowledgeTree = useMemo(
    () => knowledgeOptions(ownTree.data ?? [], platformTree.data ?? []),
    [ownTree.data, platformTree.data],
  );
  const bankOptions = (banks.data ?? []).map((bank) => ({
    label: bank.isPublic ? `${bank.name}（公开）` : bank.name,
    value: bank.bankId,
  }));

  const tagOptions = (tags.data ?? []).map((tag) => ({ label: tag.name, value: tag.tagId }));

  return (
    <>
      <AutoRulesTopRow head={head} bankOptions={bankOptions} tagOptions={tagOptions} />
      <Typography.Title level={5}>题型、数量与分值</Typography.Title>
      <TypeRulesList />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        难度
      </Typography.Title>
      <DifficultyFields />
      <Typography.Title level={5}>知识点覆盖</Typography.Title>
      <KnowledgeRulesList knowledgeTree={knowledgeTree} />
    </>
  );
}
