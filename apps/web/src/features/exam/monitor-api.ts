import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import {
  examMonitorContracts as monitor,
  type MonitorAttemptDetail,
  type MonitorExamRow,
  type MonitorRow,
  type MonitorUpdate,
} from '@kaopei/shared/contracts/exam-monitor';
import { getConfig } from '../../app/config';
import { call, callPage, type QueryIn } from '../../lib/api';
import { http, needsRefresh, refreshAccessToken, type Page } from '../../lib/http';
import { storage } from '../../lib/storage';

/** Live exam monitoring, the invigilator's side (contracts: packages/shared/src/contracts/exam-monitor.ts). */

export type {
  MonitorExamRow,
  MonitorRow,
  MonitorEvent,
  MonitorUpdate,
} from '@kaopei/shared/contracts/exam-monitor';
export type MonitorAttempt = MonitorAttemptDetail;

/** The board's filter: a keyword and a state. */
export type MonitorFilter = Pick<QueryIn<typeof monitor.candidates>, 'keyword' | 'state'>;

export const monitorKeys = {
  all: ['exam', 'monitor'] as const,
  exams: (keyword: string, page: number, size: number) =>
    ['exam', 'monitor', 'exams', keyword, page, size] as const,
  summary: (examId: number) => ['exam', 'monitor', 'summary', examId] as const,
  candidates: (examId: number) => ['exam', 'monitor', 'candidates', examId] as const,
  candidatePage: (examId: number, filter: MonitorFilter, page: number, size: number) =>
    ['exam', 'monitor', 'candidates', examId, filter, page, size] as const,
  attempt: (attemptId: number) => ['exam', 'monitor', 'attempt', attemptId] as const,
  snapshot: (eventId: number) => ['exam', 'monitor', 'snapshot', eventId] as const,
};

export function fetchMonitorExams(
  keyword: string,
  page: number,
  size: number,
): Promise<Page<MonitorExamRow>> {
  return callPage(monitor.exams, { query: { keyword: keyword || undefined, page, size } });
}

/**
 * The counters of one exam. The contract has no single-exam summary, so the exam is looked up in the
 * monitor list (a few pages at most); null when it is not listed (outside the ±24 h window).
 */
export async function fetchMonitorSummary(examId: number): Promise<MonitorExamRow | null> {
  const size = 100;
  for (let page = 0; page < 5; page++) {
    const result = await fetchMonitorExams('', page, size);
    const found = result.data.find((row) => row.id === examId);
    if (found) return found;
    if ((page + 1) * size >= result.total) break;
  }
  return null;
}

export function fetchMonitorCandidates(
  examId: number,
  filter: MonitorFilter,
  page: number,
  size: number,
): Promise<Page<MonitorRow>> {
  return callPage(monitor.candidates, {
    query: { examId, page, size, state: filter.state, keyword: filter.keyword || undefined },
  });
}

export function fetchMonitorAttempt(attemptId: number): Promise<MonitorAttempt> {
  return call(monitor.attempt, { query: { attemptId } });
}

export function warnCandidate(attemptId: number, message: string): Promise<{ eventId: number }> {
  return call(monitor.warn, { body: { attemptId, message } });
}

/** A webcam snapshot as an object URL (the image needs the bearer token, so no plain <img src>). */
export async function fetchSnapshotUrl(eventId: number): Promise<string> {
  const query: QueryIn<typeof monitor.snapshot> = { eventId };
  const response = await http.get<Blob>(monitor.snapshot.path, {
    params: query,
    responseType: 'blob',
    // A missing picture shows as a placeholder in its thumbnail, not as a toast per image.
    kpSilent: true,
  });
  return URL.createObjectURL(response.data);
}

// ---- the live stream ----

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

/** Not worth retrying: the exam is gone, not ours, or the menu entry was withdrawn. */
class FatalStreamError extends Error {}

/** Waits before reconnecting: 1 s, 2 s, 4 s ... up to 15 s. */
export function retryDelay(failures: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** The `update` payload of a stream message, or null when it is something else or malformed. */
export function parseUpdate(message: Pick<EventSourceMessage, 'event' | 'data'>): MonitorUpdate | null {
  if (message.event !== 'update' || !message.data) return null;
  try {
    const value: unknown = JSON.parse(message.data);
    if (typeof value !== 'object' || value === null) return null;
    const update = value as Record<string, unknown>;
    if (typeof update.attemptId !== 'number' || typeof update.userId !== 'number') return null;
    return value as MonitorUpdate;
  } catch {
    return null;
  }
}

/**
 * Follows the exam's update stream (fetch with the bearer token; the library parses the event stream
 * and reconnects). `onOpen` runs on every (re)connection: updates may have been missed meanwhile.
 * Returns a function that stops it.
 */
export function followMonitorStream(
  examId: number,
  handlers: {
    onUpdate: (update: MonitorUpdate) => void;
    onStatus: (status: StreamStatus) => void;
    onOpen?: () => void;
  },
): () => void {
  const controller = new AbortController();
  let failures = 0;
  handlers.onStatus('connecting');

  // The token is read (and refreshed when due) on every connection, not once.
  const authorisedFetch: typeof fetch = async (input, init) => {
    let auth = storage.getAuth();
    if (needsRefresh(auth)) auth = (await refreshAccessToken()) ?? auth;
    const headers = new Headers(init?.headers);
    headers.set('X-Requested-With', 'XMLHttpRequest');
    headers.set('X-Client-Origin', window.location.origin);
    if (auth) headers.set('Authorization', `Bearer ${auth.access_token}`);
    return window.fetch(input, { ...init, headers });
  };

  void fetchEventSource(`${getConfig().apiBase}${monitor.stream.path}?examId=${examId}`, {
    signal: controller.signal,
    fetch: authorisedFetch,
    // Keep watching when the invigilator switches tabs.
    openWhenHidden: true,
    async onopen(response) {
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && type.includes('text/event-stream')) {
        failures = 0;
        handlers.onStatus('live');
        handlers.onOpen?.();
        return;
      }
      if (response.status === 401) {
        // An expired token: refresh and let the retry carry the new one.
        if (!(await refreshAccessToken())) throw new FatalStreamError('unauthorised');
        throw new Error('token refreshed');
      }
      if (response.status >= 400 && response.status < 500)
        throw new FatalStreamError(String(response.status));
      throw new Error(`stream answered ${response.status}`);
    },
    onmessage(message) {
      const update = parseUpdate(message);
      if (update) handlers.onUpdate(update);
    },
    onclose() {
      // The server ended the stream (a restart, a load balancer's timeout): reconnect.
      throw new Error('stream closed');
    },
    onerror(error: unknown) {
      if (error instanceof FatalStreamError || controller.signal.aborted) {
        handlers.onStatus('closed');
        throw error;
      }
      failures += 1;
      handlers.onStatus('reconnecting');
      return retryDelay(failures);
    },
  }).catch(() => {
    // Fatal errors and aborts end here; the status already says so.
  });

  return () => {
    controller.abort();
  };
}
