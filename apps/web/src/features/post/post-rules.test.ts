import { describe, expect, it } from 'vitest';
import type { FamilyNode } from '@kaopei/shared/contracts/post';
import { allFamilyIds, findFamily, moveTargets, staffingText } from './post-rules';

const node = (id: number, name: string, children: FamilyNode[] = [], parentId = 0): FamilyNode => ({
  id,
  familyId: id,
  name,
  parentId,
  sort: 0,
  postCount: 0,
  children,
});

const tree = [
  node(1, '技术序列', [node(2, '研发', [node(3, '后端')]), node(4, '测试')]),
  node(5, '产品序列'),
];

describe('post rules', () => {
  it('lists move targets without the moved family and its descendants', () => {
    const moving = findFamily(tree, 2) as FamilyNode;
    const targets = moveTargets(tree, moving);
    expect(targets[0]).toEqual({ value: 0, title: '顶层（无上级序列）' });
    const tech = targets[1];
    expect(tech?.disabled).toBeUndefined();
    const dev = tech?.children?.[0];
    expect(dev).toMatchObject({ value: 2, disabled: true });
    expect(dev?.children?.[0]).toMatchObject({ value: 3, disabled: true });
    expect(tech?.children?.[1]?.disabled).toBeUndefined();
  });

  it('finds families and lists every id', () => {
    expect(findFamily(tree, 3)?.name).toBe('后端');
    expect(findFamily(tree, 9)).toBeUndefined();
    expect(allFamilyIds(tree)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows staffing against the headcount', () => {
    expect(staffingText(3, 5)).toBe('3 / 5');
    expect(staffingText(2, null)).toBe('2');
  });
});
