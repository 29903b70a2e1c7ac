import type { DbOrTx } from '../db/client';
import { activityLog } from '../db/schema';

/** Records one line of an organisation's recent activity (shown on the console). */
export async function recordActivity(
  db: DbOrTx,
  entry: { organizationId: number; actorId?: number | null; action: string; detail: string },
): Promise<void> {
  await db.insert(activityLog).values({
    organizationId: entry.organizationId,
    actorId: entry.actorId ?? null,
    action: entry.action,
    detail: entry.detail.slice(0, 500),
  });
}
