import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import type { PostOption } from '@kaopei/shared/contracts/post';
import { listPostOptions } from './post.repo';

/** Every post of the organisation for selectors (bounded). */
export async function postOptions(db: DbOrTx, ctx: RequestContext): Promise<PostOption[]> {
  const rows = await listPostOptions(db, ctx);
  return rows.map((row) => ({ postId: row.id, postName: row.name, familyId: row.familyId }));
}
