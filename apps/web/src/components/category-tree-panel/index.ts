export { CategoryTreePanel, useCategoryTree } from './category-tree-panel';
