import fs from 'node:fs';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import type { Storage, StoredStat } from './storage';

type S3Module = typeof S3Sdk;

/**
 * Files in an S3-compatible object store (AWS S3, MinIO, Ceph, OSS/COS in S3 mode; tested against
 * s3rver). The SDK is loaded on first use, so installs on local disk never pay for it. Ranged reads are
 * GetObject with a Range header, streamed to the caller; uploads of local files stream from disk.
 */
export class S3Storage implements Storage {
  private sdk: Promise<{ mod: S3Module; client: S3Sdk.S3Client }> | undefined;

  constructor(private readonly config: S3Config) {}

  private load() {
    this.sdk ??= import('@aws-sdk/client-s3').then((mod) => ({
      mod,
      client: new mod.S3Client({
        endpoint: this.config.endpoint,
        region: this.config.region,
        forcePathStyle: this.config.forcePathStyle,
        // Only the checksums S3 requires: S3-compatible servers (MinIO, s3rver …) do not all take the
        // newer streamed trailing checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: {
          accessKeyId: this.config.accessKeyId,
          secretAccessKey: this.config.secretAccessKey,
        },
      }),
    }));
    return this.sdk;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const { mod, client } = await this.load();
    await client.send(new mod.PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: data }));
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const { mod, client } = await this.load();
    const { size } = await fs.promises.stat(localPath);
    await client.send(
      new mod.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: fs.createReadStream(localPath),
        ContentLength: size,
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const stream = await this.readStream(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredStat | undefined> {
    const { mod, client } = await this.load();
    try {
      const head = await client.send(new mod.HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), mtimeMs: head.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async readStream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const { mod, client } = await this.load();
    const out = await client.send(
      new mod.GetObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    const body = out.Body;
    if (!body) throw new Error('empty S3 body');
    // In Node the SDK's body is an IncomingMessage (a Readable).
    return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
  }

  async delete(key: string): Promise<void> {
    const { mod, client } = await this.load();
    await client.send(new mod.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
