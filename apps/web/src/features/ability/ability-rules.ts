import { ABILITY_LEVEL_NAMES, ABILITY_LEVELS, modelWeightProblem } from '@kaopei/shared';
import type { LevelAnchor } from '@kaopei/shared/contracts/ability';

/** Rules of the ability pages that need no server (unit-tested). */

/** Five empty anchors named after the default level names, for a new ability. */
export function blankAnchors(): LevelAnchor[] {
  return ABILITY_LEVELS.map((level) => ({ level, name: ABILITY_LEVEL_NAMES[level] ?? '', behaviour: '' }));
}

export interface WeightState {
  total: number;
  /** The reason the weights cannot be saved, or null. */
  problem: string | null;
}

/** The running total of a model's weights and why it cannot be saved (the shared rule). */
export function weightState(weights: readonly (number | null | undefined)[]): WeightState {
  const values = weights.map((w) => (typeof w === 'number' && Number.isFinite(w) ? w : 0));
  return { total: values.reduce((sum, w) => sum + w, 0), problem: modelWeightProblem(values) };
}

/** Splits 100 over `count` abilities in whole percents (the first ones take the remainder). */
export function evenWeights(count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(100 / count);
  return Array.from({ length: count }, (_, index) => base + (index < 100 - base * count ? 1 : 0));
}

/** "1 小时 30 分钟" from minutes. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} 小时` : `${hours} 小时 ${rest} 分钟`;
}

export interface KnowledgeTreeLike {
  id: number;
  name: string;
  children: KnowledgeTreeLike[];
}

export interface KnowledgeTreeOption {
  title: string;
  value: number;
  key: number;
  children: KnowledgeTreeOption[];
}

/** TreeSelect options of the organisation's knowledge tree. */
export function knowledgeTreeOptions(nodes: readonly KnowledgeTreeLike[]): KnowledgeTreeOption[] {
  return nodes.map((node) => ({
    title: node.name,
    value: node.id,
    key: node.id,
    children: knowledgeTreeOptions(node.children),
  }));
}

/** Every node's name by id (the knowledge map page lists checked points by name). */
export function knowledgeNames(nodes: readonly KnowledgeTreeLike[], into = new Map<number, string>()) {
  for (const node of nodes) {
    into.set(node.id, node.name);
    knowledgeNames(node.children, into);
  }
  return into;
}
