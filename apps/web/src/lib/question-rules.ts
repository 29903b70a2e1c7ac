import { keyDisplay } from '@kaopei/shared';
import type { QuestionRow } from '@kaopei/shared/contracts/question';

/** The key in one line, as its kind shows it: letters, 正确/错误, blanks, the reference, the languages. */
export function answerText(row: Pick<QuestionRow, 'type' | 'options' | 'answer'>): string {
  return keyDisplay(row.type, { options: row.options ?? [], answer: row.answer });
}

/** A knowledge node as the picker needs it (the knowledge tree API's shape). */
export interface KnowledgeTreeNode {
  id: number;
  name: string;
  children: KnowledgeTreeNode[];
}

export interface KnowledgeOption {
  title: string;
  value: number | string;
  key: number | string;
  selectable?: boolean;
  children: KnowledgeOption[];
}

function toOptions(nodes: readonly KnowledgeTreeNode[]): KnowledgeOption[] {
  return nodes.map((node) => ({
    title: node.name,
    value: node.id,
    key: node.id,
    children: toOptions(node.children),
  }));
}

function ids(nodes: readonly KnowledgeTreeNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...ids(node.children)]);
}

/**
 * Tree-select options for the knowledge picker: the organisation's tree, and the platform's under its
 * own (unselectable) heading when it has nodes. A platform user's two trees are one: shown once.
 */
export function knowledgeOptions(
  own: readonly KnowledgeTreeNode[],
  platform: readonly KnowledgeTreeNode[],
): KnowledgeOption[] {
  const ownIds = new Set(ids(own));
  const extra = platform.filter((node) => !ownIds.has(node.id));
  if (extra.length === 0) return toOptions(own);
  return [
    {
      title: '本组织知识点',
      value: 'group:org',
      key: 'group:org',
      selectable: false,
      children: toOptions(own),
    },
    {
      title: '平台知识点',
      value: 'group:platform',
      key: 'group:platform',
      selectable: false,
      children: toOptions(extra),
    },
  ];
}
