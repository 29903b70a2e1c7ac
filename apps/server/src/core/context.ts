import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Who is calling: set on every authenticated request and passed to services. */
export interface RequestContext {
  userId: number;
  organizationId: number;
  isAdmin: boolean;
  account: string;
  realName: string;
}

/** The scoping helper every module uses: rows of the caller's organisation only. */
export function inOrg(column: PgColumn, ctx: Pick<RequestContext, 'organizationId'>): SQL {
  return eq(column, ctx.organizationId);
}

/** `inOrg` combined with further conditions. */
export function scoped(
  column: PgColumn,
  ctx: Pick<RequestContext, 'organizationId'>,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(inOrg(column, ctx), ...conditions) as SQL;
}
