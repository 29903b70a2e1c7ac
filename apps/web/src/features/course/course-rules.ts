import type { CourseCategoryNode } from '@kaopei/shared/contracts/course';
import type { CourseStatus } from '@kaopei/shared';

/** Pure rules of the course pages (tested in course-rules.test.ts). */

/** Every category id below the nodes (the root 0 excluded). */
export function allCategoryIds(nodes: readonly CourseCategoryNode[]): number[] {
  return nodes.flatMap((n) => [...(n.id === 0 ? [] : [n.id]), ...allCategoryIds(n.categoryTreeVOS)]);
}

export interface CategoryOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: CategoryOption[];
}

/**
 * The tree as tree-select options (root 全部课程 = 0). With `moving`, that category and its descendants are
 * disabled: a category cannot move under itself.
 */
export function categoryOptions(nodes: readonly CourseCategoryNode[], moving?: number): CategoryOption[] {
  const build = (list: readonly CourseCategoryNode[], blocked: boolean): CategoryOption[] =>
    list.map((n) => {
      const off = blocked || n.id === moving;
      const children = build(n.categoryTreeVOS, off);
      return {
        value: n.id,
        title: n.name,
        ...(off ? { disabled: true } : {}),
        ...(children.length ? { children } : {}),
      };
    });
  return build(nodes, false);
}

/** The status tag's colour. */
export const STATUS_COLORS: Record<CourseStatus, string> = {
  draft: 'default',
  open: 'green',
  closed: 'orange',
};

/** '4.5 分' or '暂无评分'. */
export function ratingText(rating: number | null): string {
  return rating === null ? '暂无评分' : `${rating.toFixed(1)} 分`;
}

/** A percent with one decimal. */
export function percentText(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** Minutes as 学时 text: 90 → '1 小时 30 分钟'. */
export function minutesText(minutes: number): string {
  if (minutes <= 0) return '—';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} 小时` : '', rest ? `${rest} 分钟` : ''].filter(Boolean).join(' ');
}
