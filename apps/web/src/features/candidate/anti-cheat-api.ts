import { fetchEventSource } from '@microsoft/fetch-event-source';
import { getConfig } from '../../app/config';
import { get, needsRefresh, post, refreshAccessToken } from '../../lib/http';
import { storage } from '../../lib/storage';

const BASE = '/exam/api/v1/candidate';

export type AntiCheatEventKind =
  | 'tab_switch'
  | 'fullscreen_exit'
  | 'copy_blocked'
  | 'paste_blocked'
  | 'webcam_granted'
  | 'webcam_denied'
  | 'heartbeat';

export interface AntiCheatEvent {
  kind: AntiCheatEventKind;
  at?: number;
}

export interface EventsResult {
  tabSwitches: number;
  fullscreenExits: number;
  leaveLimit: number;
  /** null when the exam has no leave limit. */
  leavesLeft: number | null;
  submitted: boolean;
}

export interface WarningMessage {
  id: number;
  message: string;
  at: number;
}

/** Reports what the page saw; never toasts (the reporter retries and the page shows its own notices). */
export function reportEvents(attemptId: number, events: AntiCheatEvent[]): Promise<EventsResult> {
  return post<EventsResult>(`${BASE}/events`, { events }, { params: { attemptId }, kpSilent: true });
}

export function uploadSnapshot(attemptId: number, image: Blob): Promise<{ eventId: number }> {
  const form = new FormData();
  form.append('file', image, image.type === 'image/png' ? 'snapshot.png' : 'snapshot.jpg');
  return post<{ eventId: number }>(`${BASE}/snapshot`, form, { params: { attemptId }, kpSilent: true });
}

export function fetchWarnings(attemptId: number, afterId: number): Promise<WarningMessage[]> {
  return get<WarningMessage[]>(`${BASE}/messages`, { attemptId, afterId }, { kpSilent: true });
}

export type ExamStreamMessage =
  | { event: 'warning'; data: WarningMessage }
  | { event: 'extended'; data: { deadlineAt: number } }
  | { event: 'submitted'; data: { reason: string } };

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
  void fetchEventSource(`${getConfig().apiBase}${BASE}/stream?attemptId=${attemptId}`, {
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
