import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The health check's round trip to the database (no table, no organisation). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
