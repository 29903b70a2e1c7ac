import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { knowledgeNodes } from '../schema';
import type { Demo } from './demo';

/** A knowledge point and the points below it (seed data). */
export interface SeedKnowledge {
  name: string;
  children?: SeedKnowledge[];
}

const PLATFORM_KNOWLEDGE: SeedKnowledge[] = [
  {
    name: '计算机基础',
    children: [
      { name: '数据结构', children: [{ name: '线性表' }, { name: '树与二叉树' }, { name: '图' }] },
      { name: '操作系统', children: [{ name: '进程与线程' }, { name: '内存管理' }] },
      { name: '计算机网络', children: [{ name: 'TCP 与 IP 协议' }, { name: 'HTTP 协议' }] },
    ],
  },
  {
    name: '通用能力',
    children: [{ name: '逻辑推理' }, { name: '言语理解' }, { name: '数量关系' }],
  },
];

const DEMO_KNOWLEDGE: SeedKnowledge[] = [
  {
    name: '前端开发',
    children: [
      { name: 'JavaScript', children: [{ name: '闭包' }, { name: '异步编程' }] },
      { name: 'React', children: [{ name: 'Hooks' }, { name: '状态管理' }] },
    ],
  },
  {
    name: '安全生产',
    children: [{ name: '消防安全' }, { name: '用电安全' }],
  },
];

/** Writes a knowledge tree; returns name → id of every point written (names are unique in the seeds). */
async function seedKnowledgeTree(
  db: DbOrTx,
  organizationId: number,
  nodes: SeedKnowledge[],
  parentId: number | null = null,
  ids = new Map<string, number>(),
): Promise<Map<string, number>> {
  for (const [sort, node] of nodes.entries()) {
    const [row] = await db
      .insert(knowledgeNodes)
      .values({ organizationId, parentId, name: node.name, sort })
      .returning({ id: knowledgeNodes.id });
    if (!row) throw new Error('knowledge insert failed');
    ids.set(node.name, row.id);
    if (node.children) await seedKnowledgeTree(db, organizationId, node.children, row.id, ids);
  }
  return ids;
}

/** The platform's public knowledge tree, written once (only while the platform has no knowledge points). */
export async function seedPlatformKnowledge(db: Db, platformId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Concurrent starts must not both seed the tree.
    await tx.execute(sql`select pg_advisory_xact_lock(727302::int, ${platformId}::int)`);
    const [existing] = await tx
      .select({ id: knowledgeNodes.id })
      .from(knowledgeNodes)
      .where(eq(knowledgeNodes.organizationId, platformId))
      .limit(1);
    if (!existing) await seedKnowledgeTree(tx, platformId, PLATFORM_KNOWLEDGE);
  });
}

/** Demo step: the organisation's knowledge tree (front-end development and work safety). */
export async function seedDemoKnowledge(demo: Demo): Promise<void> {
  demo.knowledge = await seedKnowledgeTree(demo.db, demo.organizationId, DEMO_KNOWLEDGE);
}
