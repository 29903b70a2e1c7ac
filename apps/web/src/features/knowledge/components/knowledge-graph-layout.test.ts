import { describe, expect, it } from 'vitest';
import { labelWidth, radialLayout, type GraphLayoutNode } from './knowledge-graph-layout';

/** Four roots, five sub-points each, three leaves under each sub-point (like the seeded demo, larger). */
function tree(): GraphLayoutNode[] {
  const nodes: GraphLayoutNode[] = [];
  let id = 1;
  for (const root of ['数据库基础', '网络协议', '操作系统原理', '项目管理实践']) {
    const rootId = id++;
    nodes.push({ id: rootId, parentId: null, label: `${root}（0）` });
    for (let i = 1; i <= 5; i += 1) {
      const childId = id++;
      nodes.push({ id: childId, parentId: rootId, label: `${root}子主题${i}（0）` });
      for (let j = 1; j <= 3; j += 1) {
        nodes.push({ id: id++, parentId: childId, label: `${root}细分知识${i}-${j}（0）` });
      }
    }
  }
  return nodes;
}

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y);

describe('radialLayout', () => {
  it('keeps labels apart: a label height between neighbours on a ring, a label length between rings', () => {
    const nodes = tree();
    const { points } = radialLayout(nodes);
    expect(points.size).toBe(nodes.length);
    const radius = (id: number) => distance(points.get(id) ?? { x: 0, y: 0 }, { x: 0, y: 0 });

    const byRing = new Map<number, GraphLayoutNode[]>();
    for (const node of nodes) {
      const ring = Math.round(radius(node.id));
      byRing.set(ring, [...(byRing.get(ring) ?? []), node]);
    }
    expect(byRing.size).toBe(3);
    for (const ring of byRing.values()) {
      for (const a of ring) {
        for (const b of ring) {
          if (a.id < b.id) {
            expect(distance(points.get(a.id)!, points.get(b.id)!)).toBeGreaterThanOrEqual(20);
          }
        }
      }
    }
    // A label pointing outwards ends before its children's ring.
    for (const node of nodes) {
      if (node.parentId === null) continue;
      const parent = nodes.find((candidate) => candidate.id === node.parentId)!;
      expect(radius(parent.id) + labelWidth(parent.label)).toBeLessThan(radius(node.id));
    }
  });

  it('puts a single root in the centre and reads left-half labels outwards from the left', () => {
    const { points } = radialLayout([
      { id: 1, parentId: null, label: '根' },
      { id: 2, parentId: 1, label: '甲' },
      { id: 3, parentId: 1, label: '乙' },
    ]);
    expect(points.get(1)).toMatchObject({ x: 0, y: 0, labelRotate: 0, labelLeft: false });
    const [right, left] = [points.get(2)!, points.get(3)!];
    expect(right.x).toBeGreaterThan(0);
    expect(right.labelLeft).toBe(false);
    expect(left.x).toBeLessThan(0);
    expect(left.labelLeft).toBe(true);
    expect(Math.abs(left.labelRotate)).toBeLessThanOrEqual(90);
  });
});
