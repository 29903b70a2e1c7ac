/**
 * A radial tree layout for the knowledge graph: level n on ring n around the centre, each point in a sector
 * sized by the leaves under it, labels pointing outwards along the radius. A force layout piled labels on
 * top of each other; here a ring is placed beyond the longest label of the ring inside it, and the outer
 * ring is long enough to give every leaf a label's height, so labels do not meet at 1:1 scale.
 */

export interface GraphLayoutNode {
  id: number;
  parentId: number | null;
  label: string;
}

export interface GraphPoint {
  x: number;
  y: number;
  /** Label rotation in degrees (ECharts: counter-clockwise), reading outwards from the point. */
  labelRotate: number;
  /** The label sits on the point's left (left half of the circle) so that it still reads outwards. */
  labelLeft: boolean;
}

export interface GraphLayout {
  points: Map<number, GraphPoint>;
  /** Distance from the centre to the outer points, and the outer labels' longest width (both in px). */
  radius: number;
  outerLabelWidth: number;
}

/** Rough width in px of a 12 px label: CJK and full-width characters 12, others 7. */
export function labelWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\uffef]/.test(char) ? 12 : 7;
  return width;
}

const FIRST_RING = 110;
const RING_GAP = 36;
/** Arc length each leaf needs on the outer ring: a 12 px label and some air. */
const LEAF_ARC = 22;

interface Placed {
  angle: number;
  /** The angle of the node's sector: its label's room on its ring. */
  sector: number;
  depth: number;
}

/** Children per parent (a missing parent makes a root) and, per node, its leaves and its ring. */
function treeShape(nodes: readonly GraphLayoutNode[]) {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<number | null, GraphLayoutNode[]>();
  for (const node of nodes) {
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const roots = children.get(null) ?? [];
  // One root sits in the centre; several share the first ring.
  const firstDepth = roots.length === 1 ? 0 : 1;
  const leaves = new Map<number, number>();
  const depthOf = new Map<number, number>();
  const countLeaves = (node: GraphLayoutNode, depth: number): number => {
    depthOf.set(node.id, depth);
    const kids = children.get(node.id) ?? [];
    const count = kids.length === 0 ? 1 : kids.reduce((sum, kid) => sum + countLeaves(kid, depth + 1), 0);
    leaves.set(node.id, count);
    return count;
  };
  const totalLeaves = roots.reduce((sum, root) => sum + countLeaves(root, firstDepth), 0);
  return { children, roots, leaves, depthOf, totalLeaves };
}

/** Ring radii at 1:1: ring n+1 starts beyond the longest label on ring n. */
function ringRadii(widest: readonly number[]): number[] {
  const rings = [0];
  for (let depth = 1; depth < widest.length; depth += 1) {
    const inner = (rings[depth - 1] ?? 0) + (widest[depth - 1] ?? 0) + RING_GAP;
    rings[depth] = depth === 1 ? Math.max(FIRST_RING, inner) : inner;
  }
  return rings;
}

export function radialLayout(nodes: readonly GraphLayoutNode[]): GraphLayout {
  const { children, roots, leaves, depthOf, totalLeaves } = treeShape(nodes);
  const widest: number[] = [];
  for (const node of nodes) {
    const depth = depthOf.get(node.id) ?? 0;
    widest[depth] = Math.max(widest[depth] ?? 0, labelWidth(node.label));
  }
  const rings = ringRadii(widest);

  const placed = new Map<number, Placed>();
  const place = (node: GraphLayoutNode, start: number, end: number) => {
    placed.set(node.id, { angle: (start + end) / 2, sector: end - start, depth: depthOf.get(node.id) ?? 0 });
    let from = start;
    for (const kid of children.get(node.id) ?? []) {
      const share = ((leaves.get(kid.id) ?? 1) / (leaves.get(node.id) ?? 1)) * (end - start);
      place(kid, from, from + share);
      from += share;
    }
  };
  let from = -Math.PI / 2;
  for (const root of roots) {
    const share = ((leaves.get(root.id) ?? 1) / Math.max(1, totalLeaves)) * 2 * Math.PI;
    place(root, from, from + share);
    from += share;
  }

  // Spread the rings until every label has LEAF_ARC of its ring to itself.
  let scale = 1;
  for (const { sector, depth } of placed.values()) {
    const ring = rings[depth] ?? 0;
    if (ring > 0) scale = Math.max(scale, LEAF_ARC / (ring * Math.min(sector, Math.PI)));
  }
  const points = new Map<number, GraphPoint>();
  for (const [id, { angle, depth }] of placed) {
    const radius = (rings[depth] ?? 0) * scale;
    const labelLeft = radius > 0 && Math.cos(angle) < -1e-9;
    const degrees = radius > 0 ? (-angle * 180) / Math.PI : 0;
    points.set(id, {
      x: radius * Math.cos(angle),
      y: radius * Math.sin(angle),
      labelRotate: labelLeft ? degrees + 180 : degrees,
      labelLeft,
    });
  }
  const outerDepth = Math.max(0, widest.length - 1);
  return {
    points,
    radius: (rings[outerDepth] ?? 0) * scale,
    outerLabelWidth: widest[outerDepth] ?? 0,
  };
}
