import { CODE_LANGUAGES, judgeVerdictLabel } from '@kaopei/shared';
import {
  RECORDING_MAX_BYTES,
  type CodeRunView,
  type RoomSignal,
  type RoomView,
} from '@kaopei/shared/contracts/interview';
import type { Deps } from '../../core/deps';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../core/http';
import { newStorageKey } from '../../core/storage';
import {
  findCodeRun,
  findInterviewById,
  findInterviewRecord,
  findUserBrief,
  insertCodeRun,
  interviewersOf,
  isInterviewer,
  recordConsent,
  setRecording,
  type CodeRunRecord,
  type InterviewRecord,
} from './interview.repo';
import {
  INTERVIEW_RUN_QUEUE,
  roomChannel,
  verifyRoomTicket,
  windowProblem,
  type RoomTicket,
} from './interview.rules';

export interface RoomAccess {
  ticket: RoomTicket;
  interview: InterviewRecord;
  /** The caller's name as the others see it. */
  name: string;
}

/** Code runs one room may start per minute. */
export const ROOM_RUNS_PER_MINUTE = 20;
/** Signals one room may send per minute (ICE candidates and typing add up). */
export const ROOM_SIGNALS_PER_MINUTE = 3000;

/**
 * What a ticket opens: its interview, and only while the ticket is good — the applicant's link inside its
 * time window with the interview's current nonce, an interviewer's ticket while they are still a member
 * of the organisation. Everything else is refused with the reason in Chinese.
 */
export async function requireRoom(
  deps: Pick<Deps, 'db' | 'config'>,
  token: string,
  now = Date.now(),
): Promise<RoomAccess> {
  const ticket = await verifyRoomTicket(deps.config.jwtSecret, token);
  if (!ticket) throw forbidden('面试邀请链接无效');
  const interview = await findInterviewById(deps.db, ticket.interviewId);
  if (!interview || interview.organizationId !== ticket.organizationId) throw forbidden('面试邀请链接无效');
  if (ticket.role === 'applicant') {
    if (ticket.nonce !== interview.inviteNonce) throw forbidden('面试邀请链接已失效');
    const problem = windowProblem(interview, now);
    if (problem) throw forbidden(problem);
    return { ticket, interview, name: interview.applicantName };
  }
  if (interview.status === 'cancelled') throw forbidden('本次面试已取消');
  const user = await findUserBrief(deps.db, ticket.userId!);
  if (!user || user.status !== 0 || user.organizationId !== interview.organizationId)
    throw forbidden('面试官账号已停用');
  return { ticket, interview, name: user.name };
}

export async function roomInfo(deps: Pick<Deps, 'db' | 'config'>, access: RoomAccess): Promise<RoomView> {
  const { interview, ticket } = access;
  const people = await interviewersOf(deps.db, [interview.id]);
  return {
    interviewId: interview.id,
    title: interview.title,
    role: ticket.role,
    name: access.name,
    applicantName: interview.applicantName,
    interviewers: people.get(interview.id) ?? [],
    startAt: interview.startAt.getTime(),
    endAt: interview.endAt.getTime(),
    recordingEnabled: interview.recordingEnabled === 1,
    consentAt: interview.consentAt?.getTime() ?? null,
    iceServers: deps.config.iceServers,
    languages: CODE_LANGUAGES.map((l) => l.id),
  };
}

/** Relays a signal to the room (every instance's streams of this interview; the peers filter `to`). */
export async function relaySignal(
  deps: Pick<Deps, 'realtime' | 'rateLimiter'>,
  access: RoomAccess,
  signal: Omit<RoomSignal, 'role' | 'name'>,
): Promise<void> {
  const hits = await deps.rateLimiter.hit(`interview:signal:${access.interview.id}`, 60);
  if (hits > ROOM_SIGNALS_PER_MINUTE) throw tooManyRequests('信令过于频繁，请稍后再试');
  const data: RoomSignal = { ...signal, role: access.ticket.role, name: access.name };
  await deps.realtime.publish(roomChannel(access.interview.id), { event: 'signal', data });
}

/** The applicant agrees to be recorded; everyone in the room is told. */
export async function giveConsent(deps: Pick<Deps, 'db' | 'realtime'>, access: RoomAccess): Promise<void> {
  if (access.ticket.role !== 'applicant') throw forbidden('只有应聘者本人可以同意录制');
  if (access.interview.recordingEnabled !== 1) throw conflict('本次面试不录制');
  const at = await recordConsent(deps.db, access.interview.id);
  await deps.realtime.publish(roomChannel(access.interview.id), {
    event: 'consent',
    data: { consentAt: at.getTime() },
  });
}

export async function startCodeRun(
  deps: Pick<Deps, 'db' | 'rateLimiter' | 'queue' | 'judge'>,
  access: RoomAccess,
  input: { language: string; code: string; stdin: string },
): Promise<{ id: number }> {
  if (!deps.judge) throw conflict('未启用代码判题，无法运行');
  const hits = await deps.rateLimiter.hit(`interview:run:${access.interview.id}`, 60);
  if (hits > ROOM_RUNS_PER_MINUTE)
    throw tooManyRequests(`运行过于频繁：每分钟最多 ${ROOM_RUNS_PER_MINUTE} 次`);
  const id = await insertCodeRun(deps.db, {
    organizationId: access.interview.organizationId,
    interviewId: access.interview.id,
    language: input.language,
    code: input.code,
    stdin: input.stdin,
  });
  await deps.queue.send(INTERVIEW_RUN_QUEUE, { runId: id });
  return { id };
}

const RUN_STATUS = ['queued', 'running', 'done', 'failed'] as const;
const RUN_STATUS_LABELS = ['排队中', '运行中', '已完成', '运行失败'];

export function codeRunViewOf(run: CodeRunRecord): CodeRunView {
  const result = (run.result ?? {}) as {
    stdout?: string;
    stderr?: string;
    compileOutput?: string;
    error?: string;
    timeMs?: number;
  };
  return {
    id: run.id,
    status: RUN_STATUS[run.status] ?? 'queued',
    statusLabel: RUN_STATUS_LABELS[run.status] ?? '',
    language: run.language,
    verdict: run.verdict,
    verdictLabel: run.verdict === 'ok' ? '运行完成' : judgeVerdictLabel(run.verdict),
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    compileOutput: result.compileOutput ?? null,
    error: result.error ?? null,
    timeMs: result.timeMs ?? null,
  };
}

/** A run of this interview's code pad (another interview's run is not found). */
export async function codeRun(deps: Pick<Deps, 'db'>, access: RoomAccess, id: number): Promise<CodeRunView> {
  const run = await findCodeRun(deps.db, access.interview.id, id);
  if (!run) throw notFound('运行记录不存在');
  return codeRunViewOf(run);
}

/** Stores the interviewer's recording (after the applicant's consent) through the storage adapter. */
export async function saveRecording(
  deps: Pick<Deps, 'db' | 'storage'>,
  access: RoomAccess,
  file: { data: Buffer; mime: string },
): Promise<void> {
  const { interview, ticket } = access;
  if (ticket.role !== 'interviewer' || !(await isInterviewer(deps.db, interview.id, ticket.userId!)))
    throw forbidden('只有本场面试的面试官可以上传录像');
  if (interview.recordingEnabled !== 1) throw conflict('本次面试不录制');
  const fresh = await findInterviewRecord(deps.db, interview, interview.id);
  if (!fresh?.consentAt) throw conflict('应聘者尚未同意录制');
  if (file.data.length === 0) throw badRequest('录像文件为空');
  if (file.data.length > RECORDING_MAX_BYTES) throw badRequest('录像文件过大');
  const key = newStorageKey(interview.organizationId, `interview-${interview.id}.webm`);
  await deps.storage.put(key, file.data);
  const old = interview.recordingKey;
  await setRecording(deps.db, interview.id, { key, mime: file.mime, size: file.data.length });
  if (old) await deps.storage.delete(old).catch(() => undefined);
}
