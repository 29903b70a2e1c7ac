import { knowledgeContracts as knowledge, type KnowledgeScope } from '@kaopei/shared/contracts/knowledge';
import { call, type BodyIn } from '../../lib/api';
import { download } from '../../lib/download';
import { fetchKnowledgeTree, knowledgeTreeKey } from '../../lib/picker-queries';

/** The knowledge-point tree (contracts: packages/shared/src/contracts/knowledge.ts). */

export type {
  KnowledgeGraph,
  KnowledgeScope,
  KnowledgeTreeNode as KnowledgeNode,
  TypeCounts,
  UploadResult,
} from '@kaopei/shared/contracts/knowledge';

export const knowledgeKeys = {
  all: ['knowledge'] as const,
  tree: knowledgeTreeKey,
  graph: (scope: KnowledgeScope) => ['knowledge', 'graph', scope] as const,
};

export { fetchKnowledgeTree };

export function fetchKnowledgeGraph(scope: KnowledgeScope) {
  return call(knowledge.graph, { query: { scope } });
}

export function addKnowledge(input: BodyIn<typeof knowledge.add>) {
  return call(knowledge.add, { body: input });
}

/** The spec's node update is a PUT. */
export async function updateKnowledge(input: BodyIn<typeof knowledge.update>): Promise<void> {
  await call(knowledge.update, { body: input });
}

export function deleteKnowledge(id: number) {
  return call(knowledge.delete, { body: { id } });
}

export function moveKnowledge(input: BodyIn<typeof knowledge.move>) {
  return call(knowledge.move, { body: input });
}

export function uploadKnowledge(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(knowledge.upload, { form });
}

export function exportKnowledge(scope: KnowledgeScope): Promise<string> {
  return download(knowledge.download, { query: { scope } }, '知识点.xlsx');
}
