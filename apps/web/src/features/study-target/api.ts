import {
  studyTargetContracts as targets,
  type MyTarget,
  type TargetByDepartment,
  type TargetDetail,
  type TargetForm,
  type TargetPerson,
  type TargetRow,
  type TargetTrend,
} from '@kaopei/shared/contracts/study-target';
import { postContracts } from '@kaopei/shared/contracts/post';
import type { GradationLevel } from '@kaopei/shared';
import { call, callPage, type QueryIn } from '../../lib/api';
import { download } from '../../lib/download';
import { FORM_ERRORS } from '../../lib/form-errors';

/** 学习目标与分级 (contracts: packages/shared/src/contracts/study-target.ts). Paging is zero-based. */

export type { MyTarget, TargetByDepartment, TargetDetail, TargetForm, TargetPerson, TargetRow, TargetTrend };

export type PeopleFilter = Omit<QueryIn<typeof targets.people>, 'targetId' | 'page' | 'size'>;

export const targetKeys = {
  all: ['study-targets'] as const,
  list: (keyword: string | undefined, page: number, size: number) =>
    ['study-targets', 'list', keyword, page, size] as const,
  detail: (targetId: number) => ['study-targets', 'detail', targetId] as const,
  trend: (targetId: number) => ['study-targets', 'trend', targetId] as const,
  byDepartment: (targetId: number) => ['study-targets', 'department', targetId] as const,
  people: (targetId: number, filter: PeopleFilter, page: number, size: number) =>
    ['study-targets', 'people', targetId, filter, page, size] as const,
  mine: ['study-targets', 'mine'] as const,
  posts: ['study-targets', 'posts'] as const,
};

export function fetchTargets(keyword: string | undefined, page: number, size: number) {
  return callPage(targets.search, { query: { keyword, page, size } });
}

export function fetchTarget(targetId: number): Promise<TargetDetail> {
  return call(targets.get, { query: { targetId } });
}

export function createTarget(input: TargetForm): Promise<TargetDetail> {
  return call(targets.add, { body: input }, FORM_ERRORS);
}

export function modifyTarget(targetId: number, input: TargetForm): Promise<TargetDetail> {
  return call(targets.modify, { body: { ...input, targetId } }, FORM_ERRORS);
}

export function deleteTarget(targetId: number) {
  return call(targets.delete, { query: { targetId } });
}

export function saveGradation(targetId: number, levels: GradationLevel[]) {
  return call(targets.gradationSave, { body: { targetId, levels } }, FORM_ERRORS);
}

export function fetchTrend(targetId: number): Promise<TargetTrend> {
  return call(targets.trend, { query: { targetId } });
}

export function fetchByDepartment(targetId: number): Promise<TargetByDepartment> {
  return call(targets.byDepartment, { query: { targetId } });
}

export function fetchPeople(targetId: number, filter: PeopleFilter, page: number, size: number) {
  return callPage(targets.people, { query: { targetId, ...filter, page, size } });
}

export function exportPeople(targetId: number, filter: PeopleFilter, name: string) {
  return download(targets.export, { query: { targetId, ...filter } }, `学习目标_${name}.xlsx`);
}

export function fetchMyTargets(): Promise<MyTarget[]> {
  return call(targets.member);
}


export function fetchPosts() {
  return call(postContracts.simple);
}
