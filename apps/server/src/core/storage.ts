import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';

/** What the storage knows of a stored object without reading it. */
export interface StoredStat {
  size: number;
  /** Last modification (ms since the epoch). */
  mtimeMs: number;
}

/**
 * Where file bytes live. Local disk by default (LocalStorage); an S3-compatible service when S3_* is set
 * (S3Storage in storage-s3.ts). Large files go in and out as streams: `putFile` from a local path, and
 * `readStream` of a byte range (`end` inclusive, as in HTTP Range) for media served with range requests.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a local file's bytes under `key` without reading it whole into memory. */
  putFile(key: string, localPath: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** Size and modification time, or undefined when nothing is stored under `key`. */
  stat(key: string): Promise<StoredStat | undefined>;
  /** The bytes start..end (inclusive; the whole object by default), streamed. */
  readStream(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('invalid storage key');
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.resolve(key);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    await fs.promises.writeFile(full, data);
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const full = this.resolve(key);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    // A rename is free on the same file system; across devices the bytes are streamed (never buffered).
    await pipeline(fs.createReadStream(localPath), fs.createWriteStream(full));
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.promises.readFile(this.resolve(key));
    } catch {
      return undefined;
    }
  }

  async stat(key: string): Promise<StoredStat | undefined> {
    try {
      const stat = await fs.promises.stat(this.resolve(key));
      return stat.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : undefined;
    } catch {
      return undefined;
    }
  }

  async readStream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const full = this.resolve(key);
    // Opened before the stream is handed out, so a missing file fails here rather than mid-reply.
    const handle = await fs.promises.open(full, 'r');
    return handle.createReadStream({
      ...(range ? { start: range.start, end: range.end } : {}),
      highWaterMark: 256 * 1024,
    });
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.resolve(key), { force: true });
  }
}

/** A new unguessable storage key keeping the file's extension. */
export function newStorageKey(organizationId: number, fileName: string): string {
  const ext = path
    .extname(fileName)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '')
    .slice(0, 10);
  return `${organizationId}/${crypto.randomUUID()}${ext}`;
}

/** The storage the configuration asks for: S3 when S3_* is set, else the data directory's files/. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.s3) {
    const { S3Storage } = await import('./storage-s3');
    return new S3Storage(config.s3);
  }
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
