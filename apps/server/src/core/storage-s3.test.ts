import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './storage-s3';
import { LocalStorage, createStorage } from './storage';
import { loadConfig } from '../config';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('S3 storage adapter against s3rver', () => {
  let server: S3rver;
  let dir: string;
  let storage: S3Storage;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-s3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'kaopei', configs: [] }],
    });
    const { port } = await server.run();
    storage = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'kaopei',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('puts, stats, reads ranges of and deletes an object', async () => {
    await storage.put('1/a.txt', Buffer.from('0123456789abcdef'));
    expect(await storage.stat('1/a.txt')).toMatchObject({ size: 16 });
    expect(await text(await storage.readStream('1/a.txt', { start: 10, end: 12 }))).toBe('abc');
    expect(await text(await storage.readStream('1/a.txt'))).toBe('0123456789abcdef');
    expect((await storage.get('1/a.txt'))?.toString()).toBe('0123456789abcdef');
    await storage.delete('1/a.txt');
    expect(await storage.stat('1/a.txt')).toBeUndefined();
    expect(await storage.get('1/a.txt')).toBeUndefined();
  });

  it('streams a local file in with putFile', async () => {
    const local = path.join(dir, 'local.bin');
    const data = Buffer.alloc(300_000, 7);
    data.write('END', data.length - 3);
    fs.writeFileSync(local, data);
    await storage.putFile('1/big.bin', local);
    expect(await storage.stat('1/big.bin')).toMatchObject({ size: data.length });
    expect(
      await text(await storage.readStream('1/big.bin', { start: data.length - 3, end: data.length - 1 })),
    ).toBe('END');
  });
});

describe('storage choice and the local adapter', () => {
  it('uses S3 only when all of S3_* is set, and refuses half a configuration', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-storage-'));
    const base = { NODE_ENV: 'test' as const, DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };
    expect(await createStorage(loadConfig(base))).toBeInstanceOf(LocalStorage);
    const s3 = {
      ...base,
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(await createStorage(loadConfig(s3))).toBeInstanceOf(S3Storage);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT/);
  });

  it('reads ranges and refuses keys outside its root', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-local-'));
    const local = new LocalStorage(root);
    await local.put('1/x.txt', Buffer.from('hello world'));
    expect(await text(await local.readStream('1/x.txt', { start: 6, end: 10 }))).toBe('world');
    expect(await local.stat('1/x.txt')).toMatchObject({ size: 11 });
    expect(await local.stat('1/none.txt')).toBeUndefined();
    await expect(local.put('../escape.txt', Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });
});
