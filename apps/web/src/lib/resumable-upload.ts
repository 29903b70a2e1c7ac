import { uploadProblem, type UploadPurpose } from '@kaopei/shared';
import type { UploadedFile, UploadState } from '@kaopei/shared/contracts/course-content';

/**
 * A resumable chunked upload (issue 17): start a session, send the file in chunks at the offset the
 * server has received, retry a failed chunk after asking the server where it stands, and pick up an
 * unfinished session after a page reload (its id is remembered in localStorage by file name, size,
 * modification time and purpose). Transport-free: the caller passes the four calls (uploads.ts does).
 */

export interface UploadTransport {
  start(input: { name: string; size: number; mime?: string; purpose: UploadPurpose }): Promise<UploadState>;
  chunk(
    uploadId: string,
    offset: number,
    data: Blob,
    onBytes: (loaded: number) => void,
    signal: AbortSignal,
  ): Promise<UploadState>;
  status(uploadId: string): Promise<UploadState>;
  cancel(uploadId: string): Promise<void>;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers; 100 only when the server has stored the file. */
  percent: number;
  /** Recent speed (bytes per second), 0 before it can be told. */
  bytesPerSecond: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** Attempts per chunk before giving up (the caller may run() again to resume). */
  maxAttempts?: number;
  retryDelayMs?: number;
  /** Where unfinished session ids are remembered (null: nowhere). */
  memory?: Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now?: () => number;
}

export class UploadCancelled extends Error {
  constructor() {
    super('上传已取消');
    this.name = 'UploadCancelled';
  }
}

/** The byte range [start, end) of the next chunk. */
export function nextChunk(received: number, size: number, chunkSize: number): { start: number; end: number } {
  return { start: received, end: Math.min(size, received + chunkSize) };
}

/** Percent shown for `loaded` of `total` bytes: 99 at most until the server has the whole file. */
export function percentOf(loaded: number, total: number, finished: boolean): number {
  if (finished) return 100;
  if (total <= 0) return 0;
  return Math.min(99, Math.floor((loaded * 100) / total));
}

/** Speed over a sliding window of samples (ms, bytes). */
export class SpeedMeter {
  private samples: [number, number][] = [];
  constructor(private readonly windowMs = 5000) {}

  add(at: number, loaded: number): number {
    this.samples.push([at, loaded]);
    while (this.samples.length > 2 && at - this.samples[0]![0] > this.windowMs) this.samples.shift();
    const [t0, b0] = this.samples[0]!;
    return at > t0 ? ((loaded - b0) * 1000) / (at - t0) : 0;
  }
}

type FileLike = Blob & { name: string; lastModified?: number };

export const memoryKey = (file: FileLike, purpose: UploadPurpose) =>
  `kaopei.upload.${purpose}.${file.size}.${file.lastModified ?? 0}.${file.name}`;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new UploadCancelled());
    });
  });

export class ResumableUpload {
  private readonly controller = new AbortController();
  private uploadId: string | undefined;
  private readonly meter = new SpeedMeter();

  constructor(
    private readonly file: FileLike,
    private readonly purpose: UploadPurpose,
    private readonly transport: UploadTransport,
    private readonly options: UploadOptions = {},
  ) {}

  /** Why the file cannot be uploaded (type, size), before anything is sent. */
  problem(): string | null {
    return uploadProblem(this.purpose, this.file.name, this.file.size);
  }

  private get memory() {
    if (this.options.memory !== undefined) return this.options.memory;
    return typeof localStorage === 'undefined' ? null : localStorage;
  }

  private report(loaded: number, finished = false) {
    const now = (this.options.now ?? Date.now)();
    this.options.onProgress?.({
      loaded,
      total: this.file.size,
      percent: percentOf(loaded, this.file.size, finished),
      bytesPerSecond: this.meter.add(now, loaded),
    });
  }

  /** A remembered unfinished session of this file, if the server still has it. */
  private async resume(): Promise<UploadState | undefined> {
    const key = memoryKey(this.file, this.purpose);
    const id = this.uploadId ?? this.memory?.getItem(key) ?? undefined;
    if (!id) return undefined;
    try {
      const state = await this.transport.status(id);
      return state.size === this.file.size ? state : undefined;
    } catch {
      this.memory?.removeItem(key);
      return undefined;
    }
  }

  /** Uploads (or goes on uploading) the file; resolves with the stored file. */
  async run(): Promise<UploadedFile> {
    const problem = this.problem();
    if (problem) throw new Error(problem);
    const signal = this.controller.signal;
    if (signal.aborted) throw new UploadCancelled();
    const key = memoryKey(this.file, this.purpose);
    let state =
      (await this.resume()) ??
      (await this.transport.start({
        name: this.file.name,
        size: this.file.size,
        mime: this.file.type || undefined,
        purpose: this.purpose,
      }));
    this.uploadId = state.uploadId;
    this.memory?.setItem(key, state.uploadId);
    this.report(state.received);
    const attempts = this.options.maxAttempts ?? 4;
    let failures = 0;
    while (!state.file) {
      if (signal.aborted) throw new UploadCancelled();
      const { start, end } = nextChunk(state.received, state.size, state.chunkSize);
      try {
        state = await this.transport.chunk(
          state.uploadId,
          start,
          this.file.slice(start, end),
          (loaded) => this.report(start + Math.min(loaded, end - start)),
          signal,
        );
        failures = 0;
        this.report(state.received, !!state.file);
      } catch (error) {
        if (signal.aborted) throw new UploadCancelled();
        // A refusal of the file itself (type, content) is final: the server dropped the session.
        if (isFinal(error)) {
          this.memory?.removeItem(key);
          throw error;
        }
        failures += 1;
        if (failures >= attempts) throw error;
        await sleep((this.options.retryDelayMs ?? 1000) * failures, signal);
        // Where does the server stand? (The chunk may have arrived and only the reply was lost.)
        state = await this.transport.status(state.uploadId);
      }
    }
    this.memory?.removeItem(key);
    return state.file;
  }

  /** Stops sending and drops the server's session. */
  async cancel(): Promise<void> {
    this.controller.abort();
    this.memory?.removeItem(memoryKey(this.file, this.purpose));
    if (this.uploadId) await this.transport.cancel(this.uploadId).catch(() => undefined);
  }
}

/** A 400 (bad file) or 404 (session gone) ends the upload; 409 and network errors are retried. */
function isFinal(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return status === 400 || status === 404 || status === 403;
}
