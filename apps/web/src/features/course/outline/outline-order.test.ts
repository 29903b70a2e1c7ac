import { describe, expect, it } from 'vitest';
import { flatten, move, orderOf } from './outline-order';

const chapters = [
  { id: 1, title: 'A', sort: 0, sections: [{ id: 11 }, { id: 12 }] },
  { id: 2, title: 'B', sort: 1, sections: [{ id: 21 }] },
] as never;

describe('outline order', () => {
  it('moves sections within and across chapters', () => {
    const items = flatten(chapters);
    expect(items.map((i) => i.id)).toEqual(['c1', 's11', 's12', 'c2', 's21']);
    // s12 below chapter 2's header → chapter 2.
    expect(orderOf(move(items, 2, 3))).toEqual([
      { chapterId: 1, sectionIds: [11] },
      { chapterId: 2, sectionIds: [12, 21] },
    ]);
    // s21 above the first header → first chapter, first.
    expect(orderOf(move(items, 4, 0))).toEqual([
      { chapterId: 1, sectionIds: [21, 11, 12] },
      { chapterId: 2, sectionIds: [] },
    ]);
  });
});
