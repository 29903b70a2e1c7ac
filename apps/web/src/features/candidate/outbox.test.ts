import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_SEQ,
  applyAck,
  mergeAnswers,
  nextSeq,
  outboxKey,
  pendingBatch,
  readOutbox,
  writeOutbox,
  type LocalAnswer,
  type ServerAnswer,
} from './outbox';

const server = (questionId: number, answer: unknown, answerSeq: number, flagged = false): ServerAnswer => ({
  questionId,
  answer,
  answerSeq,
  flagged,
});
const local = (answer: unknown, seq: number, flagged = false): LocalAnswer => ({ answer, seq, flagged });

describe('nextSeq', () => {
  it('goes above the previous seq', () => {
    expect(nextSeq(41, 1000, 1000)).toBe(42);
    expect(nextSeq(5_000, 2_000, 1_000)).toBe(5_001);
  });

  it('otherwise counts server milliseconds since the start, so a later answer elsewhere wins', () => {
    expect(nextSeq(0, 61_000, 1_000)).toBe(60_000);
    expect(nextSeq(3, 61_000, 1_000)).toBe(60_000);
    // A clock before the start never goes below the previous seq + 1.
    expect(nextSeq(0, 500, 1_000)).toBe(1);
  });

  it('stays within what the server accepts', () => {
    expect(nextSeq(MAX_SEQ, 0, 0)).toBe(MAX_SEQ);
    expect(nextSeq(0, 10 * MAX_SEQ, 0)).toBe(MAX_SEQ - 1);
    expect(nextSeq(0, Number.NaN, 0)).toBe(1);
  });
});

describe('mergeAnswers', () => {
  it('takes the server answers when nothing is queued', () => {
    const { answers, pending } = mergeAnswers([server(1, true, 3, true), server(2, null, 0)], {});
    expect(answers.get(1)).toEqual(local(true, 3, true));
    expect(answers.get(2)).toEqual(local(null, 0));
    expect(pending).toEqual({});
  });

  it('keeps a queued answer with a higher seq and queues it again', () => {
    const { answers, pending } = mergeAnswers([server(1, 'server', 3)], { 1: local('mine', 7, true) });
    expect(answers.get(1)).toEqual(local('mine', 7, true));
    expect(pending).toEqual({ 1: local('mine', 7, true) });
  });

  it('drops queued answers the server has caught up with or overtaken (another device)', () => {
    const { answers, pending } = mergeAnswers([server(1, 'other device', 9), server(2, 'same', 4)], {
      1: local('mine', 7),
      2: local('same', 4),
    });
    expect(answers.get(1)?.answer).toBe('other device');
    expect(answers.get(2)).toEqual(local('same', 4));
    expect(pending).toEqual({});
  });

  it('drops queued answers for questions not on the paper', () => {
    const { answers, pending } = mergeAnswers([server(1, null, 0)], { 99: local('stray', 5) });
    expect(answers.has(99)).toBe(false);
    expect(pending).toEqual({});
  });

  it('never rolls back an acknowledged answer with an older server view', () => {
    // The view was read before the save of seq 10 landed.
    const known = new Map([[1, local('new', 10)]]);
    const { answers, pending } = mergeAnswers([server(1, 'old', 5)], {}, known);
    expect(answers.get(1)).toEqual(local('new', 10));
    expect(pending).toEqual({});
  });
});

describe('pendingBatch and applyAck', () => {
  it('sends every queued answer, oldest first, with its flag', () => {
    expect(pendingBatch({ 2: local([1, 2], 9), 1: local(true, 4, true) })).toEqual([
      { questionId: 1, answer: true, seq: 4, flagged: true },
      { questionId: 2, answer: [1, 2], seq: 9, flagged: false },
    ]);
    expect(pendingBatch({ 1: local(1, 1), 2: local(2, 2), 3: local(3, 3) }, 2)).toHaveLength(2);
  });

  it('drops acknowledged entries and keeps ones changed while the save was in flight', () => {
    const sent = pendingBatch({ 1: local('a', 4), 2: local('b', 5) });
    // Question 2 changed again (seq 6) before the answer to the save of seq 5 came back.
    const outbox = { 1: local('a', 4), 2: local('bb', 6) };
    const ack = applyAck(
      outbox,
      [
        { questionId: 1, seq: 4 },
        { questionId: 2, seq: 5 },
      ],
      sent,
    );
    expect(ack.pending).toEqual({ 2: local('bb', 6) });
    expect(ack.newerElsewhere).toBe(false);
    expect(outbox[1]).toBeDefined();
  });

  it('notices when the server holds a later answer than the one sent', () => {
    const sent = pendingBatch({ 1: local('a', 4) });
    const ack = applyAck({ 1: local('a', 4) }, [{ questionId: 1, seq: 8 }], sent);
    expect(ack.pending).toEqual({});
    expect(ack.newerElsewhere).toBe(true);
  });
});

describe('outbox storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('round-trips per attempt and removes the entry when empty', () => {
    writeOutbox(7, { 1: local({ language: 'python', code: 'print(1)' }, 3, true) });
    expect(readOutbox(7)).toEqual({ 1: local({ language: 'python', code: 'print(1)' }, 3, true) });
    expect(readOutbox(8)).toEqual({});
    writeOutbox(7, {});
    expect(window.localStorage.getItem(outboxKey(7))).toBeNull();
  });

  it('reads a corrupt or foreign entry as empty, keeping only well-formed answers', () => {
    window.localStorage.setItem(outboxKey(1), '{not json');
    expect(readOutbox(1)).toEqual({});
    window.localStorage.setItem(
      outboxKey(2),
      JSON.stringify({ 1: { answer: 'ok', seq: 2, flagged: false }, 2: { seq: 'x' }, x: local('y', 1) }),
    );
    expect(readOutbox(2)).toEqual({ 1: local('ok', 2) });
  });

  it('survives storage that refuses writes', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    expect(writeOutbox(1, { 1: local('a', 1) }, full)).toBe(false);
  });
});
