import type { AnswerSave, CandidateQuestion } from './api';

/**
 * Pure rules of the answer outbox: what the candidate gave, per question, with the seq that orders it.
 * The outbox (kept in localStorage per attempt) holds the answers the server has not acknowledged yet,
 * so a reload, a crash or a lost connection loses nothing; the server ignores any save whose seq is not
 * above the one it stored, so sending an entry twice is harmless.
 */

export interface LocalAnswer {
  answer: unknown;
  seq: number;
  flagged: boolean;
}

/** questionId → the newest unacknowledged answer. */
export type Outbox = Record<number, LocalAnswer>;

/** What the server holds for a question (AttemptView's questions). */
export type ServerAnswer = Pick<CandidateQuestion, 'questionId' | 'answer' | 'answerSeq' | 'flagged'>;

/** The server refuses seqs above this (contracts/exam-candidate.ts answerInput). */
export const MAX_SEQ = 2_000_000_000;

/**
 * The seq of a new answer: above the previous one, and otherwise the milliseconds since the attempt
 * started on the server's clock — so when two devices answer the same question, the later answer wins
 * rather than the one whose counter happens to be higher.
 */
export function nextSeq(previous: number, serverClock: number, startedAt: number): number {
  const elapsed = Math.floor(serverClock - startedAt);
  const byTime = Number.isFinite(elapsed) ? Math.min(Math.max(elapsed, 0), MAX_SEQ - 1) : 0;
  return Math.min(Math.max(previous + 1, byTime), MAX_SEQ);
}

export interface Merged {
  answers: Map<number, LocalAnswer>;
  /** Outbox entries still newer than the server's: to be sent. */
  pending: Outbox;
}

/**
 * Merges the server's answers with what this browser knows: per question the highest seq wins.
 * `local` are answers the server already acknowledged to this page (kept so that a server view read
 * before a save landed cannot roll it back); outbox entries the server has caught up with are dropped,
 * as are entries for questions not on the paper.
 */
export function mergeAnswers(
  server: readonly ServerAnswer[],
  outbox: Outbox,
  local: ReadonlyMap<number, LocalAnswer> = new Map(),
): Merged {
  const answers = new Map<number, LocalAnswer>();
  const pending: Outbox = {};
  for (const question of server) {
    let best: LocalAnswer = {
      answer: question.answer ?? null,
      seq: question.answerSeq,
      flagged: question.flagged,
    };
    const known = local.get(question.questionId);
    if (known && known.seq > best.seq) best = known;
    const queued = outbox[question.questionId];
    if (queued && queued.seq > question.answerSeq) {
      pending[question.questionId] = queued;
      if (queued.seq >= best.seq) best = queued;
    }
    answers.set(question.questionId, best);
  }
  return { answers, pending };
}

/** The outbox as a save request, oldest question first (the server takes up to 500 a call). */
export function pendingBatch(outbox: Outbox, max = 100): AnswerSave[] {
  return Object.entries(outbox)
    .map(([questionId, entry]) => ({
      questionId: Number(questionId),
      answer: entry.answer,
      seq: entry.seq,
      flagged: entry.flagged,
    }))
    .sort((a, b) => a.seq - b.seq)
    .slice(0, max);
}

export interface Ack {
  pending: Outbox;
  /** The server holds a later save than the one sent (another device or tab): read it back. */
  newerElsewhere: boolean;
}

/** Drops the entries the server now holds (its stored seq is at least theirs). */
export function applyAck(
  outbox: Outbox,
  saved: readonly { questionId: number; seq: number }[],
  sent: readonly AnswerSave[],
): Ack {
  const pending: Outbox = { ...outbox };
  const sentSeq = new Map(sent.map((item) => [item.questionId, item.seq]));
  let newerElsewhere = false;
  for (const { questionId, seq } of saved) {
    const entry = pending[questionId];
    if (entry && entry.seq <= seq) delete pending[questionId];
    const mine = sentSeq.get(questionId);
    if (mine !== undefined && seq > mine) newerElsewhere = true;
  }
  return { pending, newerElsewhere };
}

// ---------- storage ----------

export function outboxKey(attemptId: number): string {
  return `kaopei.exam.outbox.${attemptId}`;
}

function isLocalAnswer(value: unknown): value is LocalAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as LocalAnswer).seq === 'number' &&
    typeof (value as LocalAnswer).flagged === 'boolean' &&
    'answer' in value
  );
}

/** The stored outbox of an attempt; a missing or corrupt entry reads as empty. */
export function readOutbox(attemptId: number, store: Storage = window.localStorage): Outbox {
  try {
    const raw = store.getItem(outboxKey(attemptId));
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const outbox: Outbox = {};
    for (const [questionId, entry] of Object.entries(parsed)) {
      const id = Number(questionId);
      if (Number.isSafeInteger(id) && isLocalAnswer(entry)) outbox[id] = entry;
    }
    return outbox;
  } catch {
    return {};
  }
}

/** Stores the outbox (removing the entry when it is empty). False when storage refused it. */
export function writeOutbox(
  attemptId: number,
  outbox: Outbox,
  store: Storage = window.localStorage,
): boolean {
  try {
    if (Object.keys(outbox).length === 0) store.removeItem(outboxKey(attemptId));
    else store.setItem(outboxKey(attemptId), JSON.stringify(outbox));
    return true;
  } catch {
    // Full or disabled storage: the answers still live in memory and go to the server.
    return false;
  }
}
