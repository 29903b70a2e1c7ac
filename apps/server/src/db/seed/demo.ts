import type { RequestContext } from '../../core/context';
import type { Storage } from '../../core/storage';
import type { Db } from '../client';
import { activityLog } from '../schema';

/**
 * What the demo's seed steps share while they write the demo organisation: each step reads what earlier
 * steps stored here and adds its own ids. `db` is the seeding transaction, typed as the database so that
 * feature services (which open transactions of their own: savepoints here) run inside it.
 */
export interface Demo {
  db: Db;
  organizationId: number;
  /** The demo password's hash, shared by every demo account. */
  passwordHash: string;
  /** The moment of seeding: the demo's dates are relative to it (an exam running now, one last week). */
  now: number;
  /** Department name → id. */
  departments: Map<string, number>;
  /** Default role key → id. */
  roles: Map<string, number>;
  /** Account → id of the named demo people (admin, zhangsan, …). */
  people: Map<string, number>;
  /** Ids of the simulated staff (issue 14), in job-number order. */
  staff: number[];
  /** Knowledge point name → id. */
  knowledge: Map<string, number>;
  /** Question bank name → id. */
  banks: Map<string, number>;
  /** Paper key (see papers.ts DemoPaperKey) → id. */
  papers: Map<string, number>;
  /** Post name → id (posts.ts). */
  posts: Map<string, number>;
  /** Ability name → id (abilities.ts). */
  abilities: Map<string, number>;
  /** Course name → id (courses.ts). */
  courses: Map<string, number>;
  /** Where demo files (course videos and documents) are stored; without it no files are made. */
  storage?: Storage;
}

/** One feature's demo data: later features add a step to DEMO_STEPS in index.ts. */
export interface DemoStep {
  name: string;
  run(demo: Demo): Promise<void>;
}

export const DAY_MS = 24 * 3600_000;

/** The id stored under `key` by an earlier step (the seed is wrong, not the data, when it is missing). */
export function need(map: Map<string, number>, key: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo seed: ${key} missing (step order?)`);
  return id;
}

/** The demo administrator as a signed-in caller of the feature services. */
export function adminContext(demo: Demo): RequestContext {
  return {
    userId: need(demo.people, 'admin'),
    organizationId: demo.organizationId,
    isAdmin: true,
    account: 'admin',
    realName: '系统管理员',
  };
}

/** Lines of the console's activity feed at given moments (the feed shows the latest ten). */
export async function recordDemoActivity(
  demo: Demo,
  entries: { at: number; action: string; detail: string; actorId?: number }[],
): Promise<void> {
  if (entries.length === 0) return;
  await demo.db.insert(activityLog).values(
    entries.map((entry) => ({
      organizationId: demo.organizationId,
      actorId: entry.actorId ?? need(demo.people, 'admin'),
      action: entry.action,
      detail: entry.detail,
      createdAt: new Date(entry.at),
    })),
  );
}
