import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../../core/context';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { departments, noticeReceives, notices, orgApplications, organizations, users } from '../../db/schema';
import { containsPattern } from '../../core/db-errors';

type OrgScope = Pick<RequestContext, 'organizationId'>;

/** An application to open an organisation, as stored. */
export type ApplicationRow = typeof orgApplications.$inferSelect;

/** Columns of the caller's organisation an administrator may change. */
export type OrganizationChanges = Partial<
  Pick<typeof organizations.$inferInsert, 'name' | 'logoUrl' | 'autoApproveAuditorQuestions'>
>;

/** Application statuses: 0 待审核, 1 已通过, 2 已驳回. */
export const APPLICATION_PENDING = 0;
export const APPLICATION_APPROVED = 1;
export const APPLICATION_REJECTED = 2;

/** Serialises sign-ups and approvals so that two cannot claim the same name at once. */
export async function lockSignups(tx: Tx): Promise<void> {
  await tx.execute(sql.raw('select pg_advisory_xact_lock(72610001)'));
}

// ---------------------------------------------------------------------------------------------------------
// Sign-up clashes: accounts, phones, e-mails and organisation names are unique across organisations, so
// these checks are cross-organisation by design. `account`, `email` and `organizationName` come lower-cased
// (and the name trimmed).
// ---------------------------------------------------------------------------------------------------------

type ClashKey = 'organizationName' | 'account' | 'phone' | 'email';

/** The first of account, phone, e-mail that an existing user of any organisation has; one query each. */
export async function findUserClashInAnyOrg(
  db: DbOrTx,
  identity: { account?: string; phone?: string; email?: string },
): Promise<Exclude<ClashKey, 'organizationName'> | null> {
  const checks: { key: Exclude<ClashKey, 'organizationName'>; where: SQL }[] = [];
  if (identity.account)
    checks.push({ key: 'account', where: sql`lower(${users.account}) = ${identity.account}` });
  if (identity.phone) checks.push({ key: 'phone', where: eq(users.phone, identity.phone) });
  if (identity.email) checks.push({ key: 'email', where: sql`lower(${users.email}) = ${identity.email}` });
  for (const check of checks) {
    const [hit] = await db.select({ id: users.id }).from(users).where(check.where).limit(1);
    if (hit) return check.key;
  }
  return null;
}

/** An organisation (other than `exceptOrganizationId`) of this name, in any organisation's namespace. */
export async function findOrganizationByNameInAnyOrg(
  db: DbOrTx,
  organizationName: string,
  exceptOrganizationId?: number,
) {
  const [hit] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        sql`lower(trim(${organizations.name})) = ${organizationName}`,
        exceptOrganizationId ? ne(organizations.id, exceptOrganizationId) : undefined,
      ),
    )
    .limit(1);
  return hit;
}

/** The first of name, account, phone, e-mail that a pending application already claims; one query each. */
export async function findPendingApplicationClashInAnyOrg(
  db: DbOrTx,
  identity: { organizationName?: string; account?: string; phone?: string; email?: string },
  exceptApplicationId?: number,
): Promise<ClashKey | null> {
  const checks: { key: ClashKey; where: SQL }[] = [];
  if (identity.organizationName)
    checks.push({
      key: 'organizationName',
      where: sql`lower(trim(${orgApplications.organizationName})) = ${identity.organizationName}`,
    });
  if (identity.account)
    checks.push({ key: 'account', where: sql`lower(${orgApplications.account}) = ${identity.account}` });
  if (identity.phone) checks.push({ key: 'phone', where: eq(orgApplications.phone, identity.phone) });
  if (identity.email)
    checks.push({ key: 'email', where: sql`lower(${orgApplications.email}) = ${identity.email}` });
  for (const check of checks) {
    const [hit] = await db
      .select({ id: orgApplications.id })
      .from(orgApplications)
      .where(
        and(
          eq(orgApplications.status, APPLICATION_PENDING),
          check.where,
          exceptApplicationId ? ne(orgApplications.id, exceptApplicationId) : undefined,
        ),
      )
      .limit(1);
    if (hit) return check.key;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Applications and opening an organisation. Applications belong to no organisation: the public signs up
// and the platform administrator reviews every application, cross-organisation by design.
// ---------------------------------------------------------------------------------------------------------

export async function insertApplication(
  tx: DbOrTx,
  row: typeof orgApplications.$inferInsert,
): Promise<ApplicationRow | undefined> {
  const [application] = await tx.insert(orgApplications).values(row).returning();
  return application;
}

/** Platform review: one application by id (cross-organisation by design). */
export async function findApplicationInAnyOrg(db: DbOrTx, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(orgApplications).where(eq(orgApplications.id, id));
  return row;
}

/** Platform review: applications by status and keyword, newest first (cross-organisation by design). */
export async function listApplicationsInAnyOrg(
  db: Db,
  filter: { status?: number; keyword?: string },
  paging: { limit: number; offset: number },
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const keyword = filter.keyword?.trim();
  const pattern = keyword ? containsPattern(keyword) : undefined;
  const where = and(
    filter.status === undefined ? undefined : eq(orgApplications.status, filter.status),
    pattern
      ? or(
          sql`${orgApplications.organizationName} ilike ${pattern}`,
          sql`${orgApplications.contactName} ilike ${pattern}`,
          sql`${orgApplications.account} ilike ${pattern}`,
          sql`${orgApplications.phone} like ${pattern}`,
        )
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(orgApplications)
      .where(where)
      .orderBy(desc(orgApplications.createdAt), desc(orgApplications.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(orgApplications).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/**
 * Sign-up or platform review: marks an application approved, with the organisation it opened (its
 * password hash now lives on the administrator). Cross-organisation by design.
 */
export async function markApplicationApprovedInAnyOrg(
  tx: DbOrTx,
  id: number,
  outcome: { organizationId: number; reviewedBy: number | null },
): Promise<void> {
  await tx
    .update(orgApplications)
    .set({
      status: APPLICATION_APPROVED,
      passwordHash: '',
      organizationId: outcome.organizationId,
      reviewedBy: outcome.reviewedBy,
      reviewedAt: new Date(),
      reviewReason: null,
    })
    .where(eq(orgApplications.id, id));
}

/** Platform review: rejects a still-pending application; undefined when it was not pending. */
export async function rejectApplicationInAnyOrg(
  db: DbOrTx,
  id: number,
  outcome: { reason: string; reviewedBy: number },
): Promise<ApplicationRow | undefined> {
  const [updated] = await db
    .update(orgApplications)
    .set({
      status: APPLICATION_REJECTED,
      reviewReason: outcome.reason,
      reviewedBy: outcome.reviewedBy,
      reviewedAt: new Date(),
      passwordHash: '',
    })
    .where(and(eq(orgApplications.id, id), eq(orgApplications.status, APPLICATION_PENDING)))
    .returning();
  return updated;
}

export async function insertOrganization(tx: DbOrTx, row: typeof organizations.$inferInsert) {
  const [org] = await tx.insert(organizations).values(row).returning({ id: organizations.id });
  return org;
}

/** The first user (the administrator) of an organisation just opened. */
export async function insertOrganizationAdmin(
  tx: DbOrTx,
  ctx: OrgScope,
  row: Omit<typeof users.$inferInsert, 'organizationId'>,
) {
  const [admin] = await tx
    .insert(users)
    .values({ organizationId: ctx.organizationId, ...row })
    .returning({ id: users.id });
  return admin;
}

/** A notice of the organisation, sent to one user. */
export async function insertNoticeTo(
  tx: DbOrTx,
  ctx: OrgScope,
  notice: Omit<typeof notices.$inferInsert, 'organizationId'>,
  userId: number,
): Promise<void> {
  const [row] = await tx
    .insert(notices)
    .values({ organizationId: ctx.organizationId, ...notice })
    .returning({ id: notices.id });
  if (row) await tx.insert(noticeReceives).values({ noticeId: row.id, userId });
}

// ---------------------------------------------------------------------------------------------------------
// The caller's organisation
// ---------------------------------------------------------------------------------------------------------

export async function findOrganizationKind(db: DbOrTx, ctx: OrgScope) {
  const [org] = await db
    .select({ kind: organizations.kind })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  return org;
}

export async function findOrganization(db: DbOrTx, ctx: OrgScope) {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, ctx.organizationId));
  return org;
}

/** The setting 审核人员录入的试题免审核 of the caller's organisation. */
export async function findAutoApproveAuditorQuestions(db: DbOrTx, ctx: OrgScope): Promise<boolean> {
  const [org] = await db
    .select({ on: organizations.autoApproveAuditorQuestions })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  return org?.on ?? false;
}

/** Active staff and departments of the organisation (two counts, run together). */
export async function countStaffAndDepartments(db: DbOrTx, ctx: OrgScope) {
  const [[staff], [depts]] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.organizationId, ctx.organizationId), eq(users.status, 0))),
    db.select({ n: count() }).from(departments).where(eq(departments.organizationId, ctx.organizationId)),
  ]);
  return { staff: staff?.n ?? 0, departments: depts?.n ?? 0 };
}

export async function updateOwnOrganization(db: DbOrTx, ctx: OrgScope, changes: OrganizationChanges) {
  await db
    .update(organizations)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(organizations.id, ctx.organizationId));
}
