import type { DbOrTx } from '../../db/client';

/**
 * Where the interview module (issue 20's video interviews, built apart; its table `interviews` carries
 * `applicant_id`) plugs into recruitment without recruitment naming it: it registers a source here from
 * its routes plugin, and the overview's 本周面试, the decision page's scorecards and the external report
 * read through it. Until a source is registered both answer nothing (0, no scorecards).
 *
 * The intended queries: interviews of the organisation with `starts_at` in [from, to) (an index on
 * interviews (organization_id, starts_at)); scorecards of interviews whose applicant_id is one of the
 * given applicants (an index on interviews (applicant_id)).
 */
export interface InterviewScorecard {
  applicantId: number;
  /** The job of the interview, when it names one (a scorecard without it shows under every job). */
  jobId: number | null;
  interviewId: number;
  interviewerName: string;
  at: Date;
  total: number | null;
  recommendation: string | null;
  comment: string | null;
}

export interface InterviewSource {
  countBetween(db: DbOrTx, organizationId: number, from: Date, to: Date): Promise<number>;
  scorecardsOf(db: DbOrTx, organizationId: number, applicantIds: number[]): Promise<InterviewScorecard[]>;
}

let source: InterviewSource | null = null;

export function registerInterviewSource(next: InterviewSource): void {
  source = next;
}

export async function interviewsBetween(
  db: DbOrTx,
  organizationId: number,
  from: Date,
  to: Date,
): Promise<number> {
  return source ? source.countBetween(db, organizationId, from, to) : 0;
}

export async function scorecardsOf(
  db: DbOrTx,
  organizationId: number,
  applicantIds: number[],
): Promise<InterviewScorecard[]> {
  if (!source || applicantIds.length === 0) return [];
  return source.scorecardsOf(db, organizationId, applicantIds);
}
