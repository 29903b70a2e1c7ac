import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where file bytes live. Local disk by default; an S3-compatible adapter can implement the same interface. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
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

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.promises.readFile(this.resolve(key));
    } catch {
      return undefined;
    }
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
