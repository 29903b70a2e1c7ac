import { ApiError, isCancelledRequest } from '../../lib/http';
import type { AnswerSave, SaveResult } from './api';
import {
  applyAck,
  mergeAnswers,
  nextSeq,
  pendingBatch,
  readOutbox,
  writeOutbox,
  type LocalAnswer,
  type Outbox,
  type ServerAnswer,
} from './outbox';

/**
 * Keeps a candidate's answers in step with the server: every change goes into the outbox (localStorage)
 * at once and is sent as a small save request — immediately for choices, after a pause for typing —,
 * retried with backoff while offline or failing, and dropped from the outbox once acknowledged.
 */

export type SyncStatus =
  /** Everything the candidate gave is on the server. */
  | 'saved'
  | 'saving'
  /** Offline or the server is unreachable: answers wait in this browser. */
  | 'offline'
  /** The attempt is closed (submitted, or time and grace are over): saves are refused. */
  | 'closed'
  /** The server refused a save for another reason; retried on the next change. */
  | 'error';

export type SaveFailure = 'cancelled' | 'network' | 'closed' | 'retry' | 'fatal';

/** How a failed save is handled. */
export function classifySaveError(error: unknown): SaveFailure {
  if (isCancelledRequest(error)) return 'cancelled';
  if (error instanceof ApiError) {
    if (error.status === undefined) return error.code === undefined ? 'network' : 'fatal';
    if (error.status === 409) return 'closed';
    if (error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500)
      return 'retry';
    return 'fatal';
  }
  return 'retry';
}

/** Delay before the n-th retry (n ≥ 1): 1 s, 2 s, 4 s … at most 30 s. */
export function backoffMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

export interface AnswerSyncOptions {
  attemptId: number;
  startedAt: number;
  send: (answers: AnswerSave[]) => Promise<SaveResult>;
  /** The server's clock (Date.now() plus the measured offset). */
  serverClock: () => number;
  onServerTime?: (deadlineAt: number, serverNow: number) => void;
  /** A later answer from elsewhere is on the server: read the attempt again. */
  onNewerElsewhere?: () => void;
  onClosed?: (message: string) => void;
  storage?: Storage;
  isOnline?: () => boolean;
  /** Where online/offline events come from (window). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export class AnswerSync {
  private answers = new Map<number, LocalAnswer>();
  private pending: Outbox = {};
  private inFlight: Promise<boolean> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private unreachable = false;
  private closed = false;
  private refused = false;
  private started = false;
  private version = 0;
  private readonly listeners = new Set<() => void>();
  private readonly options: AnswerSyncOptions;

  constructor(options: AnswerSyncOptions) {
    this.options = options;
    this.pending = readOutbox(options.attemptId, this.store);
  }

  private get store(): Storage {
    return this.options.storage ?? window.localStorage;
  }

  private online(): boolean {
    return this.options.isOnline ? this.options.isOnline() : navigator.onLine !== false;
  }

  // ---------- reading ----------

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private emit(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  get(questionId: number): LocalAnswer | undefined {
    return this.answers.get(questionId);
  }

  get pendingCount(): number {
    return Object.keys(this.pending).length;
  }

  get status(): SyncStatus {
    if (this.closed) return 'closed';
    if (this.pendingCount === 0) return 'saved';
    if (!this.online() || this.unreachable) return 'offline';
    if (this.refused) return 'error';
    return 'saving';
  }

  // ---------- changing ----------

  /** Takes the server's view of the attempt, keeping whatever this browser has that is newer. */
  load(server: readonly ServerAnswer[]): void {
    const merged = mergeAnswers(
      server,
      { ...readOutbox(this.options.attemptId, this.store), ...this.pending },
      this.answers,
    );
    this.answers = merged.answers;
    this.pending = merged.pending;
    this.persist();
    this.emit();
    if (this.pendingCount > 0 && this.timer === null) this.schedule(0);
  }

  /** Records a change (answer and/or flag) and sends it after `delayMs`. */
  update(questionId: number, change: { answer?: unknown; flagged?: boolean }, delayMs = 0): void {
    if (this.closed) return;
    const previous = this.answers.get(questionId);
    const entry: LocalAnswer = {
      answer: 'answer' in change ? change.answer : (previous?.answer ?? null),
      flagged: change.flagged ?? previous?.flagged ?? false,
      seq: nextSeq(previous?.seq ?? 0, this.options.serverClock(), this.options.startedAt),
    };
    this.answers.set(questionId, entry);
    this.pending = { ...this.pending, [questionId]: entry };
    this.refused = false;
    this.persist();
    this.emit();
    this.schedule(delayMs);
  }

  private persist(): void {
    writeOutbox(this.options.attemptId, this.pending, this.store);
  }

  // ---------- sending ----------

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    if (!this.started) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.sendOnce();
    }, delayMs);
  }

  private retryLater(): void {
    this.failures += 1;
    this.schedule(backoffMs(this.failures));
  }

  /** Sends the outbox once; true when the server took it. */
  private sendOnce(): Promise<boolean> {
    if (this.inFlight) return this.inFlight;
    const batch = pendingBatch(this.pending);
    if (batch.length === 0 || this.closed) return Promise.resolve(!this.closed);
    if (!this.online()) {
      // Wait for the 'online' event, but keep probing: navigator.onLine is only a hint.
      this.unreachable = true;
      this.emit();
      this.retryLater();
      return Promise.resolve(false);
    }
    this.inFlight = this.options.send(batch).then(
      (result) => {
        this.inFlight = null;
        this.failures = 0;
        this.unreachable = false;
        this.refused = false;
        const ack = applyAck(this.pending, result.saved, batch);
        this.pending = ack.pending;
        for (const { questionId, seq } of result.saved) {
          const known = this.answers.get(questionId);
          // Keep the acknowledged seq so the next change goes above it.
          if (known && seq > known.seq && !(questionId in this.pending)) {
            this.answers.set(questionId, { ...known, seq });
          }
        }
        this.persist();
        this.options.onServerTime?.(result.deadlineAt, result.serverNow);
        if (ack.newerElsewhere) this.options.onNewerElsewhere?.();
        this.emit();
        // Changes made while this save was in flight: send them unless a debounce is already waiting.
        if (this.pendingCount > 0 && this.timer === null && this.started) this.schedule(0);
        return true;
      },
      (error: unknown) => {
        this.inFlight = null;
        const failure = classifySaveError(error);
        if (failure === 'closed') {
          this.closed = true;
          this.clearTimer();
          this.options.onClosed?.(error instanceof Error ? error.message : '考试已结束');
        } else if (failure === 'fatal') {
          this.refused = true;
        } else {
          if (failure === 'network') this.unreachable = true;
          if (this.started) this.retryLater();
        }
        this.emit();
        return false;
      },
    );
    return this.inFlight;
  }

  /**
   * Sends everything now (before submitting) and waits; true when nothing is left unsent.
   * Gives up after a few rounds or at the first failure.
   */
  async flushNow(): Promise<boolean> {
    this.clearTimer();
    this.failures = 0;
    for (let round = 0; round < 5 && this.pendingCount > 0 && !this.closed; round += 1) {
      if (this.inFlight) {
        await this.inFlight;
        continue;
      }
      this.unreachable = false;
      if (!(await this.sendOnce())) break;
    }
    return this.pendingCount === 0;
  }

  private readonly onOnline = () => {
    this.failures = 0;
    this.unreachable = false;
    this.emit();
    if (this.pendingCount > 0) this.schedule(0);
  };

  private readonly onOffline = () => this.emit();

  /** Starts sending and listening to the connection; safe to call again after dispose(). */
  start(): void {
    if (this.started) return;
    this.started = true;
    const events = this.options.events ?? window;
    events.addEventListener('online', this.onOnline);
    events.addEventListener('offline', this.onOffline);
    if (this.pendingCount > 0) this.schedule(0);
  }

  dispose(): void {
    this.started = false;
    this.clearTimer();
    const events = this.options.events ?? window;
    events.removeEventListener('online', this.onOnline);
    events.removeEventListener('offline', this.onOffline);
  }

  /** After submitting: nothing more to send, and the outbox is gone. */
  finish(): void {
    this.closed = true;
    this.pending = {};
    this.clearTimer();
    this.persist();
    this.emit();
  }
}
