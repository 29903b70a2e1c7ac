import { fetchEventSource } from '@microsoft/fetch-event-source';
import {
  examAntiCheatContracts as antiCheat,
  type CandidateEvent,
  type CandidateEventKind,
  type EventsResult,
  type ExamStreamMessage,
  type WarningMessage,
} from '@kaopei/shared/contracts/exam-candidate';
import { getConfig } from '../../app/config';
import { call, type DataOf, type QueryIn } from '../../lib/api';
import { needsRefresh, refreshAccessToken } from '../../lib/http';
import { storage } from '../../lib/storage';

/** The exam page's anti-cheating calls (contracts: packages/shared/src/contracts/exam-candidate.ts). */

export type { EventsResult, ExamStreamMessage, WarningMessage };
export type AntiCheatEventKind = CandidateEventKind;
export type AntiCheatEvent = CandidateEvent;

/** Reports what the page saw; never toasts (the reporter retries and the page shows its own notices). */
export function reportEvents(attemptId: number, events: AntiCheatEvent[]): Promise<EventsResult> {
  return call(antiCheat.events, { query: { attemptId }, body: { events } }, { kpSilent: true });
}

/** A webcam frame as a multipart form (the contract declares no body: the route reads the file). */
export async function uploadSnapshot(
  attemptId: number,
  image: Blob,
): Promise<DataOf<typeof antiCheat.snapshot>> {
  const form = new FormData();
  form.append('file', image, image.type === 'image/png' ? 'snapshot.png' : 'snapshot.jpg');
  const query: QueryIn<typeof antiCheat.snapshot> = { attemptId };
  return call(antiCheat.snapshot, { query, form }, { kpSilent: true });
}

export function fetchWarnings(attemptId: number, afterId: number): Promise<WarningMessage[]> {
  return call(antiCheat.messages, { query: { attemptId, afterId } }, { kpSilent: true });
}

/** One message of the candidate's stream, or null for anything this page does not know. */
export function parseStreamMessage(message: { event: string; data: string }): ExamStreamMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const value = data as Record<string, unknown>;
  if (message.event === 'warning' && typeof value.id === 'number' && typeof value.message === 'string')
    return { event: 'warning', data: { id: value.id, message: value.message, at: Number(value.at ?? 0) } };
  if (message.event === 'extended' && typeof value.deadlineAt === 'number')
    return { event: 'extended', data: { deadlineAt: value.deadlineAt } };
  if (message.event === 'submitted' && typeof value.reason === 'string')
    return { event: 'submitted', data: { reason: value.reason } };
  return null;
}

class FatalStreamError extends Error {}

/** Waits longer after each failure, up to half a minute. */
export function streamRetryDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));
}

/**
 * Follows the attempt's stream (fetch with the bearer token, reconnecting with back-off) until the
 * returned function is called. `onOpen` runs on every (re)connection so the page can catch up.
 */
export function followExamStream(
  attemptId: number,
  handlers: { onMessage: (message: ExamStreamMessage) => void; onOpen?: () => void },
): () => void {
  const controller = new AbortController();
  let failures = 0;
  const authorisedFetch: typeof fetch = async (input, init) => {
    let auth = storage.getAuth();
    if (needsRefresh(auth)) auth = (await refreshAccessToken()) ?? auth;
    const headers = new Headers(init?.headers);
    headers.set('X-Requested-With', 'XMLHttpRequest');
    if (auth) headers.set('Authorization', `Bearer ${auth.access_token}`);
    return window.fetch(input, { ...init, headers });
  };
  void fetchEventSource(`${getConfig().apiBase}${antiCheat.stream.path}?attemptId=${attemptId}`, {
    signal: controller.signal,
    fetch: authorisedFetch,
    // A candidate switching away must still be told (and a reconnection per switch would flood the monitor).
    openWhenHidden: true,
    async onopen(response) {
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && type.includes('text/event-stream')) {
        failures = 0;
        handlers.onOpen?.();
        return;
      }
      if (response.status === 401 && (await refreshAccessToken())) throw new Error('token refreshed');
      if (response.status >= 400 && response.status < 500)
        throw new FatalStreamError(String(response.status));
      throw new Error(`stream answered ${response.status}`);
    },
    onmessage(message) {
      const parsed = parseStreamMessage(message);
      if (parsed) handlers.onMessage(parsed);
    },
    onclose() {
      throw new Error('stream closed');
    },
    onerror(error: unknown) {
      if (error instanceof FatalStreamError || controller.signal.aborted) throw error;
      failures += 1;
      return streamRetryDelay(failures);
    },
  }).catch(() => {
    // Aborted or refused: the page's periodic refresh still notices a closed attempt.
  });
  return () => controller.abort();
}
