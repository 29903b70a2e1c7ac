import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { files } from '../../db/schema';

/** Records an uploaded file of the organisation; returns its id. */
export async function insertFile(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId'> & { userId: number | null },
  values: { key: string; name: string; mime: string; size: number; isPublic: number },
) {
  const [row] = await db
    .insert(files)
    .values({ organizationId: ctx.organizationId, ...values, createdBy: ctx.userId })
    .returning({ id: files.id });
  return row;
}

/**
 * A stored file by its key, whichever organisation owns it: serving looks it up before there is a
 * member context (public files need none); the caller checks the owner for private files.
 */
export async function findFileByKeyInAnyOrg(db: DbOrTx, key: string) {
  const [row] = await db.select().from(files).where(eq(files.key, key));
  return row;
}
