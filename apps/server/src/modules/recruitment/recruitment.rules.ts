import { RECRUIT_STAGES } from '@kaopei/shared';

/** Pure rules of the recruitment module (no database): the overview's week and funnels, the hire's account. */

/** Monday 00:00 (Beijing time) of the current week, and the next Monday. */
export function weekOf(now: Date): { from: Date; to: Date } {
  const beijing = new Date(now.getTime() + 8 * 3600_000);
  const day = (beijing.getUTCDay() + 6) % 7;
  const monday =
    Date.UTC(beijing.getUTCFullYear(), beijing.getUTCMonth(), beijing.getUTCDate() - day) - 8 * 3600_000;
  return { from: new Date(monday), to: new Date(monday + 7 * 86_400_000) };
}

const zeroCounts = () => Object.fromEntries(RECRUIT_STAGES.map((s) => [s, 0])) as Record<string, number>;

/** Per job (in the jobs' order) the applications at each stage, every stage present, and their total. */
export function funnelsOf<J extends { id: number }>(
  jobs: J[],
  rows: { jobId: number; stage: string; n: number | string }[],
): { job: J; counts: Record<string, number>; total: number }[] {
  const countsOf = new Map<number, Record<string, number>>();
  for (const row of rows) {
    let counts = countsOf.get(row.jobId);
    if (!counts) countsOf.set(row.jobId, (counts = zeroCounts()));
    counts[row.stage] = Number(row.n);
  }
  return jobs.map((job) => {
    const counts = countsOf.get(job.id) ?? zeroCounts();
    return { job, counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
  });
}

/** The account the applicant's phone already has in the organisation, if any. */
export interface PhoneOwner {
  id: number;
  kind: string;
  account: string;
  passwordHash: string | null;
}

/**
 * The staff account a hire gets: the account asked for, else the member's own, else a new `hire_…`; a
 * new password (shown once) unless they are already a member with a password; their e-mail unless
 * someone else has it.
 */
export function hireAccountPlan(input: {
  owner: PhoneOwner | undefined;
  account: string | null;
  applicantEmail: string | null;
  emailOwnerId: number | undefined;
  newAccount: () => string;
  newPassword: () => string;
}): { account: string; password: string | null; email: string | null } {
  const { owner } = input;
  const member = owner !== undefined && owner.kind === 'member';
  const password = !member || !owner.passwordHash ? input.newPassword() : null;
  const account = input.account ?? (member ? owner.account : input.newAccount());
  const email =
    input.emailOwnerId !== undefined && input.emailOwnerId !== owner?.id ? null : input.applicantEmail;
  return { account, password, email };
}
