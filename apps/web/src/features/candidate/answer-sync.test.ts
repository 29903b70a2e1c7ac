import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import type { AnswerSave, SaveResult } from './api';
import { AnswerSync, backoffMs, classifySaveError, type AnswerSyncOptions } from './answer-sync';
import { outboxKey, readOutbox, type ServerAnswer } from './outbox';

const ATTEMPT = 42;
const QUESTIONS: ServerAnswer[] = [
  { questionId: 1, answer: null, answerSeq: 0, flagged: false },
  { questionId: 2, answer: null, answerSeq: 0, flagged: false },
];

/** A fake server: stores the highest seq per question, as the real one does. */
function fakeServer() {
  const stored = new Map<number, { answer: unknown; seq: number; flagged: boolean }>();
  const calls: AnswerSave[][] = [];
  let failWith: unknown = null;
  const send = vi.fn(async (answers: AnswerSave[]): Promise<SaveResult> => {
    calls.push(answers);
    if (failWith) throw failWith;
    for (const item of answers) {
      const current = stored.get(item.questionId);
      if (!current || item.seq > current.seq)
        stored.set(item.questionId, { answer: item.answer, seq: item.seq, flagged: item.flagged ?? false });
    }
    return {
      saved: answers.map((item) => ({
        questionId: item.questionId,
        seq: stored.get(item.questionId)?.seq ?? 0,
      })),
      deadlineAt: 10_000_000,
      serverNow: 1_000,
    };
  });
  return {
    stored,
    calls,
    send,
    fail(error: unknown) {
      failWith = error;
    },
    view(): ServerAnswer[] {
      return QUESTIONS.map((q) => {
        const saved = stored.get(q.questionId);
        return saved
          ? { questionId: q.questionId, answer: saved.answer, answerSeq: saved.seq, flagged: saved.flagged }
          : q;
      });
    },
  };
}

let online = true;
let events: EventTarget;

function makeSync(server: ReturnType<typeof fakeServer>, extra: Partial<AnswerSyncOptions> = {}) {
  const sync = new AnswerSync({
    attemptId: ATTEMPT,
    startedAt: 0,
    send: server.send,
    serverClock: () => Date.now(),
    isOnline: () => online,
    events: events as unknown as AnswerSyncOptions['events'],
    ...extra,
  });
  return sync;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(100_000);
  window.localStorage.clear();
  online = true;
  events = new EventTarget();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AnswerSync', () => {
  it('queues a change in localStorage at once and drops it once the server has it', async () => {
    const server = fakeServer();
    const sync = makeSync(server);
    sync.load(QUESTIONS);
    sync.start();
    sync.update(1, { answer: true });
    expect(readOutbox(ATTEMPT)[1]?.answer).toBe(true);
    expect(sync.status).toBe('saving');
    await vi.runAllTimersAsync();
    expect(server.calls).toHaveLength(1);
    expect(server.stored.get(1)?.answer).toBe(true);
    expect(window.localStorage.getItem(outboxKey(ATTEMPT))).toBeNull();
    expect(sync.status).toBe('saved');
    sync.dispose();
  });

  it('debounces typing into one small request with the latest text', async () => {
    const server = fakeServer();
    const sync = makeSync(server);
    sync.load(QUESTIONS);
    sync.start();
    for (const text of ['安', '安全', '安全第一']) {
      sync.update(2, { answer: text }, 800);
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(800);
    expect(server.calls).toEqual([[expect.objectContaining({ questionId: 2, answer: '安全第一' })]]);
    sync.dispose();
  });

  it('keeps answers given offline in the outbox and sends them when the connection returns', async () => {
    const server = fakeServer();
    const sync = makeSync(server);
    sync.load(QUESTIONS);
    sync.start();
    online = false;
    sync.update(1, { answer: false, flagged: true });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.calls).toHaveLength(0);
    expect(sync.status).toBe('offline');
    expect(readOutbox(ATTEMPT)[1]).toMatchObject({ answer: false, flagged: true });

    online = true;
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.stored.get(1)).toMatchObject({ answer: false, flagged: true });
    expect(sync.status).toBe('saved');
    sync.dispose();
  });

  it('retries failed saves with growing delays without losing the answer', async () => {
    const server = fakeServer();
    const sync = makeSync(server);
    sync.load(QUESTIONS);
    sync.start();
    server.fail(new ApiError('未收到服务响应，请联系管理员！'));
    sync.update(1, { answer: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    expect(sync.status).toBe('offline');
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    server.fail(null);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.calls).toHaveLength(3);
    expect(server.stored.get(1)?.answer).toBe(true);
    expect(sync.status).toBe('saved');
    sync.dispose();
  });

  it('after a reload, merges the outbox with the server (higher seq wins) and flushes it', async () => {
    const server = fakeServer();
    const first = makeSync(server);
    first.load(QUESTIONS);
    first.start();
    first.update(1, { answer: 'saved before the reload' });
    await vi.runAllTimersAsync();
    online = false;
    vi.setSystemTime(200_000);
    first.update(1, { answer: 'given offline' });
    first.update(2, { answer: ['x'] });
    first.dispose(); // the page is gone

    online = true;
    const second = makeSync(server);
    second.load(server.view());
    expect(second.get(1)?.answer).toBe('given offline');
    expect(second.get(2)?.answer).toEqual(['x']);
    expect(second.pendingCount).toBe(2);
    second.start();
    await vi.runAllTimersAsync();
    expect(server.stored.get(1)?.answer).toBe('given offline');
    expect(server.stored.get(2)?.answer).toEqual(['x']);
    expect(second.pendingCount).toBe(0);
    second.dispose();
  });

  it('lets a later answer from another device win over an older queued one', async () => {
    const server = fakeServer();
    const sync = makeSync(server);
    sync.load(QUESTIONS);
    online = false;
    sync.start();
    sync.update(1, { answer: 'this device, earlier' });
    server.stored.set(1, { answer: 'other device, later', seq: 9_999_999, flagged: false });
    sync.load(server.view());
    expect(sync.get(1)?.answer).toBe('other device, later');
    expect(sync.pendingCount).toBe(0);
    sync.dispose();
  });

  it('reads the attempt again when the server holds a newer save than the one sent', async () => {
    const server = fakeServer();
    const onNewerElsewhere = vi.fn();
    const sync = makeSync(server, { onNewerElsewhere });
    sync.load(QUESTIONS);
    sync.start();
    server.stored.set(1, { answer: 'elsewhere', seq: 9_999_999, flagged: false });
    sync.update(1, { answer: 'here' });
    await vi.runAllTimersAsync();
    expect(onNewerElsewhere).toHaveBeenCalledTimes(1);
    expect(sync.pendingCount).toBe(0);
    sync.dispose();
  });

  it('stops and reports when the attempt is closed (409)', async () => {
    const server = fakeServer();
    const onClosed = vi.fn();
    const sync = makeSync(server, { onClosed });
    sync.load(QUESTIONS);
    sync.start();
    server.fail(new ApiError('考试时间已到，答案未保存', { status: 409 }));
    sync.update(1, { answer: true });
    await vi.runAllTimersAsync();
    expect(onClosed).toHaveBeenCalledWith('考试时间已到，答案未保存');
    expect(sync.status).toBe('closed');
    expect(server.calls).toHaveLength(1);
    sync.update(2, { answer: 'ignored' });
    expect(sync.get(2)?.answer).toBeNull();
    sync.dispose();
  });

  it('flushNow sends everything before a submit and says whether it got through', async () => {
    const server = fakeServer();
    const sync = makeSync(server);
    sync.load(QUESTIONS);
    sync.start();
    sync.update(2, { answer: 'typed' }, 800);
    await expect(sync.flushNow()).resolves.toBe(true);
    expect(server.stored.get(2)?.answer).toBe('typed');
    online = false;
    sync.update(2, { answer: 'typed more' }, 800);
    await expect(sync.flushNow()).resolves.toBe(false);
    expect(readOutbox(ATTEMPT)[2]?.answer).toBe('typed more');
    sync.finish();
    expect(window.localStorage.getItem(outboxKey(ATTEMPT))).toBeNull();
    sync.dispose();
  });

  it('gives each change of a question a higher seq', () => {
    const server = fakeServer();
    const sync = makeSync(server);
    sync.load(QUESTIONS);
    sync.update(1, { answer: true });
    const first = sync.get(1)?.seq ?? 0;
    sync.update(1, { flagged: true });
    expect(sync.get(1)).toMatchObject({ answer: true, flagged: true });
    expect(sync.get(1)?.seq).toBeGreaterThan(first);
  });
});

describe('classifySaveError and backoffMs', () => {
  it('tells network failures, closed attempts, retryable and fatal errors apart', () => {
    expect(classifySaveError(new ApiError('no response'))).toBe('network');
    expect(classifySaveError(new ApiError('closed', { status: 409 }))).toBe('closed');
    expect(classifySaveError(new ApiError('busy', { status: 503 }))).toBe('retry');
    expect(classifySaveError(new ApiError('expired', { status: 401 }))).toBe('retry');
    expect(classifySaveError(new ApiError('bad', { status: 400 }))).toBe('fatal');
    expect(classifySaveError(new ApiError('body', { code: -1 }))).toBe('fatal');
    expect(classifySaveError(new Error('?'))).toBe('retry');
  });

  it('backs off 1, 2, 4 … up to 30 seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
