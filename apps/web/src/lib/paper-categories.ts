import { paperCategoryContracts as categories } from '@kaopei/shared/contracts/paper-category';
import { call } from './api';

/** The paper category tree (contract: packages/shared/src/contracts/paper-category.ts). */

export type { CategoryNode } from '@kaopei/shared/contracts/paper-category';

export const categoryKeys = {
  all: ['paper-categories'] as const,
  tree: ['paper-categories', 'tree'] as const,
};

/** The whole tree under the root 全部分类 (id 0). */
export function fetchCategoryTree() {
  return call(categories.tree, { query: { categoryId: 0 } });
}

export function addCategory(name: string, parentId: number) {
  return call(categories.add, { body: { name, parentId } });
}

export function renameCategory(categoryId: number, name: string) {
  return call(categories.modify, { body: { categoryId, name } });
}

export function moveCategory(categoryId: number, parentId: number, sort?: number) {
  return call(categories.move, { body: { categoryId, parentId, sort } });
}

export function deleteCategory(categoryId: number) {
  return call(categories.delete, { query: { categoryId } });
}

export function publishCategory(categoryId: number, published: boolean) {
  return call(categories.publish, { query: { categoryId, published: published ? 'true' : 'false' } });
}
