import * as Y from 'yjs';
import type { RoomSignal } from '@kaopei/shared/contracts/interview';
import type { RoomSignals } from './room-signals';

const REMOTE = 'remote';

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * The code pad's shared document (Yjs: the text `code` and the map `meta` with the language), kept in
 * step over the room's signals: every local change is broadcast as a Yjs update; a peer that joins is
 * sent the whole state, and answers with its own the first time it hears from someone, so two pads that
 * were edited apart merge. Updates are commutative and idempotent, so order and repeats do not matter.
 */
export class CodeSync {
  readonly doc = new Y.Doc();
  readonly text = this.doc.getText('code');
  readonly meta = this.doc.getMap<string>('meta');
  private readonly greeted = new Set<string>();

  constructor(private readonly signals: RoomSignals) {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === REMOTE) return;
      void this.signals.send('yjs', toBase64(update));
    });
  }

  /** Sends the whole document to a peer that just joined. */
  greet(peer: string): void {
    this.greeted.add(peer);
    void this.signals.send('yjs-state', toBase64(Y.encodeStateAsUpdate(this.doc)), peer);
  }

  receive(signal: RoomSignal): void {
    Y.applyUpdate(this.doc, fromBase64(signal.payload), REMOTE);
    if (signal.type === 'yjs-state' && !this.greeted.has(signal.from)) this.greet(signal.from);
  }

  destroy(): void {
    this.doc.destroy();
  }
}
