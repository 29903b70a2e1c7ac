import { fetchEventSource } from '@microsoft/fetch-event-source';
import {
  liveContracts as live,
  liveRoomEvent,
  type LiveAttendanceRow,
  type LiveMessage,
  type LivePush,
  type LiveRoom,
  type LiveRoomEvent,
} from '@kaopei/shared/contracts/live';
import { getConfig } from '../../app/config';
import { call, callPage, type DataOf } from '../../lib/api';
import { download } from '../../lib/download';
import { needsRefresh, refreshAccessToken, type Page } from '../../lib/http';
import { storage } from '../../lib/storage';

/** Live classes (contracts: packages/shared/src/contracts/live.ts). */

export type { LiveAttendanceRow, LiveMessage, LivePush, LiveRoom };
export type MessagePage = DataOf<typeof live.messages>;

export const liveKeys = {
  room: (sectionId: number) => ['live', 'room', sectionId] as const,
  push: (sectionId: number) => ['live', 'push', sectionId] as const,
  attendance: (sectionId: number, page: number, size: number) =>
    ['live', 'attendance', sectionId, page, size] as const,
};

export function fetchRoom(sectionId: number): Promise<LiveRoom> {
  return call(live.room, { query: { sectionId } });
}

export function sendHeartbeat(sectionId: number) {
  return call(live.heartbeat, { body: { sectionId } }, { kpSilent: true });
}

export function fetchMessages(sectionId: number, beforeId?: number): Promise<MessagePage> {
  return call(live.messages, { query: { sectionId, beforeId, size: 50 } });
}

export function sendMessage(sectionId: number, content: string): Promise<LiveMessage> {
  return call(live.send, { body: { sectionId, content } });
}

export function fetchPush(sectionId: number): Promise<LivePush> {
  return call(live.push, { query: { sectionId } });
}

export function regenerateKey(sectionId: number): Promise<LivePush> {
  return call(live.regenerateKey, { query: { sectionId } });
}

export function startLive(sectionId: number) {
  return call(live.start, { query: { sectionId } });
}

export function endLive(sectionId: number) {
  return call(live.end, { query: { sectionId } });
}

export function fetchAttendance(
  sectionId: number,
  page: number,
  size: number,
): Promise<Page<LiveAttendanceRow>> {
  return callPage(live.attendance, { query: { sectionId, page, size } });
}

export function exportAttendance(sectionId: number, title: string): Promise<string> {
  return download(live.attendanceExport, { query: { sectionId } }, `${title}-出勤记录.xlsx`);
}

/** What the room's stream delivers (contracts/live.ts). */
export type RoomEvent = LiveRoomEvent;

/** One stream message as a room event (checked against the contract), or null when it is something else. */
export function parseRoomEvent(event: string, data: string): RoomEvent | null {
  if (event !== 'message' && event !== 'status') return null;
  let value: { status?: unknown };
  try {
    value = JSON.parse(data) as { status?: unknown };
  } catch {
    return null;
  }
  const candidate =
    event === 'message' ? { kind: 'message', message: value } : { kind: 'status', status: value.status };
  const parsed = liveRoomEvent.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

class FatalStreamError extends Error {}

/**
 * Follows the room's event stream (fetch with the bearer token; reconnects with back-off). `onOpen` runs
 * on every (re)connection: messages may have been missed meanwhile. Returns a function that stops it.
 */
export function followRoom(
  sectionId: number,
  handlers: { onEvent: (event: RoomEvent) => void; onOpen?: () => void },
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
  void fetchEventSource(`${getConfig().apiBase}${live.stream.path}?sectionId=${sectionId}`, {
    signal: controller.signal,
    fetch: authorisedFetch,
    openWhenHidden: true,
    async onopen(response) {
      if (response.ok && (response.headers.get('content-type') ?? '').includes('text/event-stream')) {
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
      const event = parseRoomEvent(message.event, message.data);
      if (event) handlers.onEvent(event);
    },
    onclose() {
      throw new Error('stream closed');
    },
    onerror(error: unknown) {
      if (error instanceof FatalStreamError || controller.signal.aborted) throw error;
      failures += 1;
      return Math.min(15_000, 1000 * 2 ** Math.max(0, failures - 1));
    },
  }).catch(() => {
    // Fatal errors and aborts end here.
  });
  return () => controller.abort();
}

/** The absolute URL of a path the server returned (HLS playlist, recording). */
export function absoluteUrl(pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${getConfig().apiBase}${pathOrUrl}`;
}
