import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { RoomPresence, RoomSignal } from '@kaopei/shared/contracts/interview';
import { roomEventsUrl, sendSignal } from '../api';

export type SignalType = RoomSignal['type'];

export interface SignalHandlers {
  onJoin(presence: RoomPresence): void;
  onLeave(presence: RoomPresence): void;
  onSignal(signal: RoomSignal): void;
  onEvent(event: string, data: unknown): void;
  onStatus(connected: boolean): void;
}

class FatalStreamError extends Error {}

/** A random peer id for this tab (the server accepts 8–64 letters, digits and dashes). */
export function newPeerId(): string {
  return `p-${crypto.randomUUID()}`;
}

/**
 * The room's signalling channel: a Server-Sent-Events stream (join, leave, signal, consent, run) that
 * reconnects with back-off, and signals POSTed to the server, which publishes them on the realtime
 * adapter to every instance's streams of the room. Signals meant for one peer name it in `to`; the
 * others drop them here.
 */
export class RoomSignals {
  private readonly controller = new AbortController();

  constructor(
    private readonly ticket: string,
    readonly peer: string,
    private readonly handlers: SignalHandlers,
  ) {}

  open(): void {
    let failures = 0;
    void fetchEventSource(roomEventsUrl(this.ticket, this.peer), {
      signal: this.controller.signal,
      openWhenHidden: true,
      onopen: async (response) => {
        if (response.ok && (response.headers.get('content-type') ?? '').includes('text/event-stream')) {
          failures = 0;
          this.handlers.onStatus(true);
          return;
        }
        if (response.status >= 400 && response.status < 500)
          throw new FatalStreamError(String(response.status));
        throw new Error(`stream answered ${response.status}`);
      },
      onmessage: (message) => this.dispatch(message.event, message.data),
      onclose: () => {
        this.handlers.onStatus(false);
        throw new Error('stream closed');
      },
      onerror: (error: unknown) => {
        this.handlers.onStatus(false);
        if (error instanceof FatalStreamError || this.controller.signal.aborted) throw error;
        failures += 1;
        return Math.min(10_000, 500 * 2 ** Math.max(0, failures - 1));
      },
    }).catch(() => undefined);
  }

  private dispatch(event: string, raw: string): void {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    if (event === 'join' || event === 'leave') {
      const presence = data as RoomPresence;
      if (presence.peer === this.peer) return;
      if (event === 'join') this.handlers.onJoin(presence);
      else this.handlers.onLeave(presence);
      return;
    }
    if (event === 'signal') {
      const signal = data as RoomSignal;
      if (signal.from === this.peer || (signal.to && signal.to !== this.peer)) return;
      this.handlers.onSignal(signal);
      return;
    }
    this.handlers.onEvent(event, data);
  }

  send(type: SignalType, payload: string, to?: string): Promise<unknown> {
    return sendSignal({ ticket: this.ticket, from: this.peer, type, payload, ...(to ? { to } : {}) });
  }

  /** Leaves: tells the others first (they drop this peer at once), then closes the stream. */
  close(): void {
    if (!this.controller.signal.aborted) void this.send('bye', '').catch(() => undefined);
    this.controller.abort();
  }
}
