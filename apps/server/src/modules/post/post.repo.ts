import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { posts } from '../../db/schema';
import { POST_SIMPLE_MAX } from '@kaopei/shared/contracts/post';

/** Every query of posts and post families (design.md §5): each one scoped by the organisation. */

type OrgScope = Pick<RequestContext, 'organizationId'>;

/** The organisation's posts for selectors: id, name, family; sort, then name. */
export function listPostOptions(
  db: DbOrTx,
  ctx: OrgScope,
): Promise<{ id: number; name: string; familyId: number | null }[]> {
  return db
    .select({ id: posts.id, name: posts.name, familyId: posts.familyId })
    .from(posts)
    .where(eq(posts.organizationId, ctx.organizationId))
    .orderBy(asc(posts.sort), asc(posts.name))
    .limit(POST_SIMPLE_MAX);
}
