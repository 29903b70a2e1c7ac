import { ApiError, get, handleBodyCode, http, post, type ApiEnvelope } from '../../lib/http';
import { download } from '../system-staff/api';

/** The knowledge-point tree (server: modules/knowledge). */

const K = '/knowledge/api/v1/knowledge';

export type KnowledgeScope = 'org' | 'platform';

/** Question links by question type (keys are type numbers as strings). */
export type TypeCounts = Record<string, number>;

export interface KnowledgeNode {
  id: number;
  name: string;
  parentId: number | null;
  description: string | null;
  sort: number;
  /** Questions linked to this node and everything below it. */
  questionCount: number;
  ownQuestionCount: number;
  typeCounts: TypeCounts;
  children: KnowledgeNode[];
}

export interface KnowledgeGraph {
  nodes: {
    id: number;
    name: string;
    parentId: number | null;
    depth: number;
    questionCount: number;
    ownQuestionCount: number;
    typeCounts: TypeCounts;
  }[];
  links: { source: number; target: number }[];
}

export interface UploadResult {
  created: number;
  existing: number;
  errors: { row: number; reason: string }[];
}

export const knowledgeKeys = {
  all: ['knowledge'] as const,
  tree: (scope: KnowledgeScope) => ['knowledge', 'tree', scope] as const,
  graph: (scope: KnowledgeScope) => ['knowledge', 'graph', scope] as const,
};

export function fetchKnowledgeTree(scope: KnowledgeScope): Promise<KnowledgeNode[]> {
  return get<KnowledgeNode[]>(`${K}/tree`, { scope });
}

export function fetchKnowledgeGraph(scope: KnowledgeScope): Promise<KnowledgeGraph> {
  return get<KnowledgeGraph>(`${K}/graph`, { scope });
}

export function addKnowledge(input: {
  name: string;
  parentId: number | null;
  description?: string | null;
}): Promise<{ id: number }> {
  return post<{ id: number }>(`${K}/add`, input);
}

/** The spec's node update is a PUT. */
export async function updateKnowledge(input: {
  id: number;
  name?: string;
  description?: string | null;
}): Promise<void> {
  const response = await http.put<ApiEnvelope<null>>(`${K}/update`, input);
  const verdict = handleBodyCode(response.data);
  if (verdict.kind !== 'ok') throw new ApiError(verdict.message, { code: verdict.code, body: response.data });
}

export function deleteKnowledge(id: number): Promise<null> {
  return post<null>(`${K}/delete`, { id });
}

export function moveKnowledge(input: { id: number; parentId: number | null; sort: number }): Promise<null> {
  return post<null>(`${K}/move`, input);
}

export function uploadKnowledge(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return post<UploadResult>(`${K}/upload`, form);
}

export function exportKnowledge(scope: KnowledgeScope): Promise<string> {
  return download(`${K}/download`, { params: { scope }, fileName: '知识点.xlsx' });
}
