import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import type { DbOrTx } from '../../db/client';
import type { Storage } from '../../core/storage';
import { newStorageKey } from '../../core/storage';
import { insertFile } from './file.repo';
import { fileUrl } from './file.url';

/**
 * A display name safe to keep: the last path segment only (no `../`, no directories), without control
 * characters, at most 255 characters with the extension kept. The name never reaches the filesystem
 * (storage keys are uuids); this only keeps lists and Content-Disposition tidy.
 */
export function cleanFileName(name: string, fallback = '文件'): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/^\.+/, '')
    .trim();
  if (!base) return fallback;
  if (base.length <= 255) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 11 ? base.slice(dot) : '';
  return base.slice(0, 255 - ext.length) + ext;
}

export interface StoredFile {
  id: number;
  key: string;
  name: string;
  mime: string;
  size: number;
  /** The file's URL (public files open with it; private ones need a token or signedFileUrl). */
  url: string;
}

/**
 * Hands a local file (a finished upload, a live recording, a generated poster) to the storage adapter
 * under a new uuid key and records its `files` row in the organisation. The type is read from the bytes
 * when `mime` is not given. The local file is left in place (the caller removes its staging copy).
 */
export async function storeLocalFile(
  deps: { db: DbOrTx; storage: Storage },
  ctx: { organizationId: number; userId: number | null },
  input: { localPath: string; name: string; mime?: string; ext?: string; isPublic?: boolean },
): Promise<StoredFile> {
  const { size } = await fs.promises.stat(input.localPath);
  const sniffed = input.mime ? undefined : await fileTypeFromFile(input.localPath);
  const mime = input.mime ?? sniffed?.mime ?? 'application/octet-stream';
  const name = cleanFileName(input.name);
  const ext = input.ext ?? sniffed?.ext ?? name.split('.').pop() ?? 'bin';
  const key = newStorageKey(ctx.organizationId, `file.${ext}`);
  await deps.storage.putFile(key, input.localPath);
  const row = await insertFile(deps.db, ctx, { key, name, mime, size, isPublic: input.isPublic ? 1 : 0 });
  if (!row) throw new Error('file row not written');
  return { id: row.id, key, name, mime, size, url: fileUrl(key) };
}
