/**
 * The option lists that house-wide pickers load (knowledge trees, the caller's banks, question tags),
 * called through their contracts. The features' api.ts build their query keys from these, so a
 * feature's invalidation reaches the pickers' caches.
 */
import { TagType } from '@kaopei/shared';
import { bankContracts } from '@kaopei/shared/contracts/bank';
import { knowledgeContracts, type KnowledgeScope } from '@kaopei/shared/contracts/knowledge';
import { tagContracts } from '@kaopei/shared/contracts/tag';
import { call } from './api';

export const knowledgeTreeKey = (scope: KnowledgeScope) => ['knowledge', 'tree', scope] as const;

export function fetchKnowledgeTree(scope: KnowledgeScope) {
  return call(knowledgeContracts.tree, { query: { scope } });
}

export const SIMPLE_BANKS_KEY = ['question-banks', 'simple'] as const;

export function fetchSimpleBanks() {
  return call(bankContracts.simple);
}

export const QUESTION_TAGS_KEY = ['questions', 'tags'] as const;

export function fetchQuestionTags() {
  return call(tagContracts.simple, { query: { type: TagType.QUESTION } });
}
