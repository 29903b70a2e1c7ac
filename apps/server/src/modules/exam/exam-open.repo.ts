import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { examCandidates, exams, users } from '../../db/schema';
import type { RequestContext } from '../../core/context';

/**
 * The queries of open-link exams. The organisation is the exam's: a visitor has no member context
 * until they register, so the exam is resolved by id first (`findPublishedExamInAnyOrg`).
 */

type OrgCtx = Pick<RequestContext, 'organizationId'>;

/** A published exam by id, whichever organisation it belongs to: an open link names only the exam. */
export async function findPublishedExamInAnyOrg(db: DbOrTx, examId: number) {
  const [exam] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.id, examId), eq(exams.status, 1)));
  return exam;
}

/** The account with this phone, whichever organisation it is in: phones identify people across organisations. */
export async function findUserByPhoneInAnyOrg(db: DbOrTx, phone: string) {
  const [user] = await db
    .select({ id: users.id, organizationId: users.organizationId, status: users.status })
    .from(users)
    .where(eq(users.phone, phone));
  return user;
}

/**
 * A new account of the organisation for a visitor who registered by phone: a candidate (no roles; only
 * the routes that admit candidates — their own exams — answer them).
 */
export async function insertRegisteredUser(
  db: DbOrTx,
  ctx: OrgCtx,
  person: { account: string; phone: string; realName: string },
) {
  const [created] = await db
    .insert(users)
    .values({
      organizationId: ctx.organizationId,
      account: person.account,
      phone: person.phone,
      realName: person.realName,
      kind: 'candidate',
    })
    .returning({ id: users.id, organizationId: users.organizationId, status: users.status });
  if (!created) throw new Error('user insert failed');
  return created;
}

/** Makes the person (of the exam's organisation) a candidate of the exam, or updates their registration. */
export async function upsertRegisteredCandidate(
  db: DbOrTx,
  ctx: OrgCtx,
  examId: number,
  userId: number,
  registration: Record<string, string>,
): Promise<void> {
  await db
    .insert(examCandidates)
    .values({ examId, userId, organizationId: ctx.organizationId, registration })
    .onConflictDoUpdate({ target: [examCandidates.examId, examCandidates.userId], set: { registration } });
}
