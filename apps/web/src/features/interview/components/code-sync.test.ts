import { describe, expect, it } from 'vitest';
import type { RoomSignal } from '@kaopei/shared/contracts/interview';
import { CodeSync, fromBase64, toBase64 } from './code-sync';
import type { RoomSignals, SignalType } from './room-signals';

/** Two or more pads joined by an in-memory room that delivers signals as the server's stream does. */
function room() {
  const pads = new Map<string, CodeSync>();
  const queue: RoomSignal[] = [];
  const join = (peer: string) => {
    const signals = {
      peer,
      send: (type: SignalType, payload: string, to?: string) => {
        queue.push({ from: peer, to, type, payload, role: 'interviewer', name: peer });
        return Promise.resolve();
      },
    } as unknown as RoomSignals;
    const sync = new CodeSync(signals);
    pads.set(peer, sync);
    return sync;
  };
  const flush = () => {
    while (queue.length > 0) {
      const signal = queue.shift()!;
      for (const [peer, pad] of pads)
        if (peer !== signal.from && (!signal.to || signal.to === peer)) pad.receive(signal);
    }
  };
  return { join, flush };
}

describe('the code pad sync', () => {
  it('sends every edit to the other side', () => {
    const { join, flush } = room();
    const a = join('peer-a');
    const b = join('peer-b');
    a.text.insert(0, 'print(1)');
    flush();
    expect(b.text.toString()).toBe('print(1)');
    b.text.insert(b.text.length, '\nprint(2)');
    b.meta.set('language', 'python');
    flush();
    expect(a.text.toString()).toBe('print(1)\nprint(2)');
    expect(a.meta.get('language')).toBe('python');
  });

  it('brings a late joiner up to date and merges text typed apart', () => {
    const { join, flush } = room();
    const a = join('peer-a');
    a.text.insert(0, 'int main() {}');
    flush();
    const b = join('peer-b');
    b.text.insert(0, '// b\n');
    // The server announces b's join to a, which greets b with its whole state; b answers with its own.
    a.greet('peer-b');
    flush();
    expect(a.text.toString()).toBe(b.text.toString());
    expect(a.text.toString()).toContain('int main() {}');
    expect(a.text.toString()).toContain('// b');
  });

  it('encodes updates as base64 and back', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });
});
