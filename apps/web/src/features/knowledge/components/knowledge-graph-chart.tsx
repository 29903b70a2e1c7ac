import { useMemo, type ReactNode } from 'react';
import { LazyChart } from '../../../components/lazy-chart';
import type { KnowledgeGraph } from '../api';
import { typeCountText } from '../knowledge-rules';
import { radialLayout, type GraphLayout } from './knowledge-graph-layout';

const LEVEL_NAMES = ['一级知识点', '二级知识点', '三级知识点', '更深层级'];

/** Node size grows with the question count (square root, so large counts do not swamp the graph). */
export function symbolSize(questionCount: number, depth: number): number {
  return Math.min(70, Math.max(14, 34 - depth * 4) + Math.sqrt(questionCount) * 4);
}

const nodeLabel = (node: KnowledgeGraph['nodes'][number]) => `${node.name}（${node.questionCount}）`;

/** Room around the outer ring for its labels, and the legend under the graph. */
function graphMargin(layout: GraphLayout): number {
  return layout.outerLabelWidth + 24;
}

/** Canvas height that shows the rings at about 1:1 (wider trees are scaled down, and can be zoomed). */
export function graphHeight(layout: GraphLayout): number {
  return Math.round(Math.min(1000, Math.max(480, 2 * (layout.radius + graphMargin(layout)) + 40)));
}

/** The echarts option: a radial tree coloured by level, a tooltip with the counts per type. */
function graphOption(graph: KnowledgeGraph, layout: GraphLayout) {
  const margin = graphMargin(layout);
  const byId = new Map(graph.nodes.map((node) => [String(node.id), node]));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const item = (Array.isArray(params) ? params[0] : params) as {
          dataType?: string;
          data?: { id?: string };
        };
        if (item.dataType !== 'node') return '';
        const node = byId.get(item.data?.id ?? '');
        if (!node) return '';
        const name = node.name.replace(/[<>&]/g, '');
        return `${name}<br/>题目数：${node.questionCount}（本级 ${node.ownQuestionCount}）<br/>${typeCountText(node.typeCounts)}`;
      },
    },
    legend: { data: LEVEL_NAMES, bottom: 0 },
    series: [
      {
        type: 'graph',
        layout: 'none',
        left: margin,
        right: margin,
        top: margin,
        bottom: margin + 40,
        roam: true,
        categories: LEVEL_NAMES.map((name) => ({ name })),
        label: { show: true, formatter: '{b}', fontSize: 12 },
        // Only when a large tree is scaled down to fit: a label that would cover another is hidden
        // (larger points keep theirs) and shown on hover.
        labelLayout: { hideOverlap: true },
        emphasis: { focus: 'adjacency', lineStyle: { width: 3 }, label: { show: true } },
        lineStyle: { color: 'source', opacity: 0.6, curveness: 0.1 },
        data: graph.nodes.map((node) => {
          const point = layout.points.get(node.id);
          return {
            id: String(node.id),
            name: nodeLabel(node),
            value: node.questionCount,
            x: point?.x ?? 0,
            y: point?.y ?? 0,
            symbolSize: symbolSize(node.questionCount, node.depth),
            category: Math.min(node.depth, LEVEL_NAMES.length) - 1,
            label: { position: point?.labelLeft ? 'left' : 'right', rotate: point?.labelRotate ?? 0 },
          };
        }),
        links: graph.links.map((link) => ({
          source: String(link.source),
          target: String(link.target),
        })),
      },
    ],
  };
}

const loadSetup = () => import('./echarts-graph-setup');

/** The knowledge graph as a radial tree: links go from a point to its sub-points. Loaded on first use. */
export function KnowledgeGraphChart({ graph }: { graph: KnowledgeGraph }): ReactNode {
  const layout = useMemo(
    () =>
      radialLayout(
        graph.nodes.map((node) => ({ id: node.id, parentId: node.parentId, label: nodeLabel(node) })),
      ),
    [graph],
  );
  const option = useMemo(() => graphOption(graph, layout), [graph, layout]);
  const total = graph.nodes
    .filter((node) => node.parentId === null)
    .reduce((sum, n) => sum + n.questionCount, 0);
  return (
    <LazyChart
      load={loadSetup}
      option={option}
      summary={`知识图谱：${graph.nodes.length} 个知识点，${total} 道题目`}
      height={graphHeight(layout)}
      testId="knowledge-graph"
    />
  );
}
