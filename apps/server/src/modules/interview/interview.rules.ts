import { jwtVerify, SignJWT } from 'jose';
import {
  INTERVIEW_CLOSE_AFTER_MINUTES,
  INTERVIEW_OPEN_BEFORE_MINUTES,
  type RoomRole,
} from '@kaopei/shared/contracts/interview';

/**
 * The room's tickets: the applicant's invitation token (in the link; no expiry of its own, the
 * interview's time window and its nonce decide) and an interviewer's room ticket (12 hours). Both are
 * HS256 tokens of their own type, so neither is ever taken for an access token, nor the reverse.
 */
export interface RoomTicket {
  interviewId: number;
  organizationId: number;
  role: RoomRole;
  /** The interviewer's user id; null for the applicant. */
  userId: number | null;
  /** The interview's invite nonce when the token was made (applicant only). */
  nonce: string | null;
}

const TICKET_TYPE = 'interview-room';
const ISSUER = 'kaopei-interview';
export const INTERVIEWER_TICKET_HOURS = 12;

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(`interview:${secret}`);
}

export async function signRoomTicket(secret: string, ticket: RoomTicket): Promise<string> {
  const jwt = new SignJWT({
    typ: TICKET_TYPE,
    iid: ticket.interviewId,
    org: ticket.organizationId,
    role: ticket.role,
    ...(ticket.userId !== null ? { uid: ticket.userId } : {}),
    ...(ticket.nonce !== null ? { n: ticket.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setIssuedAt();
  if (ticket.role === 'interviewer')
    jwt.setExpirationTime(Math.floor(Date.now() / 1000) + INTERVIEWER_TICKET_HOURS * 3600);
  return jwt.sign(keyOf(secret));
}

/** The ticket's claims, or undefined for anything forged, expired or of another kind. */
export async function verifyRoomTicket(secret: string, token: string): Promise<RoomTicket | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    const { typ, iid, org, role, uid, n } = payload as Record<string, unknown>;
    if (typ !== TICKET_TYPE || !Number.isSafeInteger(iid) || !Number.isSafeInteger(org)) return undefined;
    if (role === 'applicant' && typeof n === 'string')
      return { interviewId: iid as number, organizationId: org as number, role, userId: null, nonce: n };
    if (role === 'interviewer' && Number.isSafeInteger(uid))
      return {
        interviewId: iid as number,
        organizationId: org as number,
        role,
        userId: uid as number,
        nonce: null,
      };
    return undefined;
  } catch {
    return undefined;
  }
}

/** Why an invitation link does not open the room at `now`, or null when it does. */
export function windowProblem(
  interview: { startAt: Date; endAt: Date; status: string },
  now = Date.now(),
): string | null {
  if (interview.status === 'cancelled') return '本次面试已取消，邀请链接已失效';
  const opensAt = interview.startAt.getTime() - INTERVIEW_OPEN_BEFORE_MINUTES * 60_000;
  const closesAt = interview.endAt.getTime() + INTERVIEW_CLOSE_AFTER_MINUTES * 60_000;
  if (now < opensAt)
    return `面试尚未开始：面试间在开始前 ${INTERVIEW_OPEN_BEFORE_MINUTES} 分钟开放（${formatChinaTime(opensAt)} 起）`;
  if (now > closesAt) return '面试已结束，邀请链接已过期';
  return null;
}

/** yyyy-MM-dd HH:mm in China time (the product's users are there, spec §1). */
export function formatChinaTime(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The job queue's name for code pad runs (one job per interview_code_runs row). */
export const INTERVIEW_RUN_QUEUE = 'interview-code-run';

/** The realtime channel of one interview's room. */
export function roomChannel(interviewId: number): string {
  return `interview:${interviewId}`;
}

/** The mean of the ability scores, to two places; null without any. */
export function averageScore(scores: readonly { score: number }[]): number | null {
  if (scores.length === 0) return null;
  return Math.round((scores.reduce((sum, s) => sum + s.score, 0) / scores.length) * 100) / 100;
}
