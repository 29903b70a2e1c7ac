import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { organizations } from '../schema';

export const PLATFORM_ORG_NAME = '考培平台';

/** Account of the platform administrator (reviews organisation applications). */
export const PLATFORM_ADMIN_ACCOUNT = 'platform';

/** The platform organisation (written by seedReference). */
export async function platformOrganizationId(db: DbOrTx): Promise<number> {
  const [platform] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'))
    .orderBy(organizations.id)
    .limit(1);
  if (!platform) throw new Error('platform organisation missing: run seedReference first');
  return platform.id;
}

/** Creates the platform organisation when there is none. */
export async function ensurePlatformOrganization(db: DbOrTx): Promise<void> {
  const [platform] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'));
  if (!platform) await db.insert(organizations).values({ name: PLATFORM_ORG_NAME, kind: 'platform' });
}
