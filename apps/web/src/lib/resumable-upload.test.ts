import { describe, expect, it } from 'vitest';
import type { UploadState } from '@kaopei/shared/contracts/course-content';
import {
  ResumableUpload,
  SpeedMeter,
  memoryKey,
  nextChunk,
  percentOf,
  type UploadTransport,
} from './resumable-upload';

const CHUNK = 10;

/** An in-memory server: checks offsets like the real one and can drop a reply or fail a chunk. */
function fakeServer(size: number, faults: { failAt?: number[]; loseReplyAt?: number[] } = {}) {
  const calls: string[] = [];
  let state: UploadState = { uploadId: 'u1', name: 'a.mp4', size, chunkSize: CHUNK, received: 0, file: null };
  const received: number[] = [];
  const transport: UploadTransport = {
    async start() {
      calls.push('start');
      return state;
    },
    async chunk(_id, offset, data, onBytes) {
      calls.push(`chunk@${offset}`);
      if (faults.failAt?.includes(offset)) {
        faults.failAt = faults.failAt.filter((o) => o !== offset);
        throw Object.assign(new Error('network'), { status: undefined });
      }
      if (offset !== state.received) throw Object.assign(new Error('409'), { status: 409 });
      onBytes(data.size);
      received.push(offset);
      state = { ...state, received: state.received + data.size };
      if (state.received === size)
        state = {
          ...state,
          file: { fileId: 9, name: 'a.mp4', size, mime: 'video/mp4', durationSeconds: 3, posterUrl: null },
        };
      if (faults.loseReplyAt?.includes(offset)) {
        faults.loseReplyAt = faults.loseReplyAt.filter((o) => o !== offset);
        throw new Error('reply lost');
      }
      return state;
    },
    async status() {
      calls.push('status');
      return state;
    },
    async cancel() {
      calls.push('cancel');
    },
  };
  return { transport, calls, received };
}

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const file = (size: number, name = 'a.mp4') =>
  Object.assign(new Blob([new Uint8Array(size)]), { name, lastModified: 1 });

describe('resumable upload', () => {
  it('splits into chunks at the received offset', () => {
    expect(nextChunk(0, 25, 10)).toEqual({ start: 0, end: 10 });
    expect(nextChunk(20, 25, 10)).toEqual({ start: 20, end: 25 });
    expect(percentOf(25, 25, false)).toBe(99);
    expect(percentOf(25, 25, true)).toBe(100);
    expect(percentOf(5, 0, false)).toBe(0);
  });

  it('sends every chunk in order and reports 100 % only at the end', async () => {
    const server = fakeServer(25);
    const percents: number[] = [];
    const upload = new ResumableUpload(file(25), 'video', server.transport, {
      memory: memory(),
      onProgress: (p) => percents.push(p.percent),
    });
    const stored = await upload.run();
    expect(stored.fileId).toBe(9);
    expect(server.received).toEqual([0, 10, 20]);
    expect(percents.at(-1)).toBe(100);
    expect(percents.slice(0, -1).every((p) => p < 100)).toBe(true);
  });

  it('retries a failed chunk after asking the server where it stands (a lost reply is not resent)', async () => {
    const server = fakeServer(25, { failAt: [10], loseReplyAt: [20] });
    const upload = new ResumableUpload(file(25), 'video', server.transport, {
      memory: memory(),
      retryDelayMs: 0,
    });
    await upload.run();
    expect(server.received).toEqual([0, 10, 20]);
    expect(server.calls).toEqual([
      'start',
      'chunk@0',
      'chunk@10',
      'status',
      'chunk@10',
      'chunk@20',
      'status',
    ]);
  });

  it('resumes a remembered session after a reload instead of starting again', async () => {
    const server = fakeServer(25, { failAt: [10] });
    const mem = memory();
    const first = new ResumableUpload(file(25), 'video', server.transport, {
      memory: mem,
      maxAttempts: 1,
      retryDelayMs: 0,
    });
    await expect(first.run()).rejects.toThrow('network');
    expect(mem.map.get(memoryKey(file(25), 'video'))).toBe('u1');
    const again = new ResumableUpload(file(25), 'video', server.transport, { memory: mem });
    await again.run();
    expect(server.calls.filter((c) => c === 'start')).toHaveLength(1);
    expect(server.received).toEqual([0, 10, 20]);
    expect(mem.map.size).toBe(0);
  });

  it('refuses a wrong type before sending anything, and cancel drops the session', async () => {
    const server = fakeServer(25);
    const bad = new ResumableUpload(file(25, 'tool.exe'), 'video', server.transport, { memory: memory() });
    await expect(bad.run()).rejects.toThrow('视频文件格式不支持');
    expect(server.calls).toEqual([]);
    const upload = new ResumableUpload(file(25), 'video', server.transport, { memory: memory() });
    await upload.cancel();
    await expect(upload.run()).rejects.toThrow('上传已取消');
  });

  it('measures speed over recent samples', () => {
    const meter = new SpeedMeter(5000);
    meter.add(0, 0);
    expect(meter.add(1000, 1000)).toBe(1000);
    expect(meter.add(2000, 3000)).toBe(1500);
  });
});
