import { describe, expect, it } from 'vitest';
import type { CourseCategoryNode } from '@kaopei/shared/contracts/course';
import { allCategoryIds, categoryOptions, minutesText, percentText, ratingText } from './course-rules';

const node = (id: number, name: string, children: CourseCategoryNode[] = []): CourseCategoryNode => ({
  id,
  categoryId: id,
  name,
  parentId: 0,
  sort: 0,
  published: true,
  courseCount: 0,
  categoryTreeVOS: children,
});
const tree = [node(0, '全部课程', [node(1, '专业技能', [node(2, '软件开发')]), node(3, '安全合规')])];

describe('course rules', () => {
  it('lists the category ids below the root', () => {
    expect(allCategoryIds(tree)).toEqual([1, 2, 3]);
  });

  it('disables the moving category and its descendants as targets', () => {
    const [root] = categoryOptions(tree, 1);
    expect(root?.disabled).toBeUndefined();
    const [skills, security] = root?.children ?? [];
    expect(skills?.disabled).toBe(true);
    expect(skills?.children?.[0]?.disabled).toBe(true);
    expect(security?.disabled).toBeUndefined();
  });

  it('formats ratings, percents and minutes', () => {
    expect(ratingText(null)).toBe('暂无评分');
    expect(ratingText(4.5)).toBe('4.5 分');
    expect(percentText(50)).toBe('50.0%');
    expect(minutesText(90)).toBe('1 小时 30 分钟');
    expect(minutesText(60)).toBe('1 小时');
    expect(minutesText(0)).toBe('—');
  });
});
