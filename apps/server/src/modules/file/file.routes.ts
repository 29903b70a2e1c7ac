import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileContracts } from '@kaopei/shared/contracts/file';
import { badRequest, notFound, ok } from '../../core/http';
import { bearerToken } from '../../core/auth-hook';
import { route } from '../../core/route';
import { newStorageKey } from '../../core/storage';
import { findFileByKeyInAnyOrg, insertFile } from './file.repo';
import { sendStoredFile } from './file.serve';
import { useFileSigningSecret, verifySignedFile } from './file.signing';
import { allowedUploadType } from './file.types';
import { fileUrl } from './file.url';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export { fileUrl };

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  useFileSigningSecret(app.deps.config.jwtSecret);

  route(app, fileContracts.upload, async (request) => {
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!part) throw badRequest('请选择要上传的文件');
    const data = await part.toBuffer().catch(() => {
      throw badRequest(`文件不能超过 ${MAX_UPLOAD_BYTES / 1024 / 1024}MB`);
    });
    const isPublic = request.query.public === '1';
    // The type is read from the bytes; the client's Content-Type and the name's extension count for nothing.
    const type = await allowedUploadType(data, isPublic ? 'publicImage' : 'attachment');
    if (!type)
      throw badRequest(
        isPublic
          ? '只能上传 PNG、JPG、GIF 或 WebP 图片'
          : '不支持该文件类型，请上传图片、音视频、PDF、Office 文档、压缩包或纯文本文件',
      );
    const key = newStorageKey(request.ctx.organizationId, `file.${type.ext}`);
    await storage.put(key, data);
    const row = await insertFile(db, request.ctx, {
      key,
      name: part.filename.slice(0, 255),
      mime: type.mime,
      size: data.length,
      isPublic: isPublic ? 1 : 0,
    });
    if (!row) throw new Error('file row not written');
    return ok({ id: row.id, name: part.filename, size: data.length, url: fileUrl(key) });
  });

  // Public files by unguessable key; private ones need a token of the owning organisation or a signed
  // URL (file.signing.ts). Streamed with range requests (file.serve.ts).
  route(
    app,
    fileContracts.serve,
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const row = await findFileByKeyInAnyOrg(db, key);
      if (!row) throw notFound('文件不存在');
      let cacheControl = 'public, max-age=86400';
      if (!row.isPublic) {
        const query = request.query as Record<string, unknown>;
        const signed = verifySignedFile(key, query.expires, query.sig);
        if (signed.ok) {
          // The browser may keep the bytes while the URL is valid (seeking re-reads ranges), never a proxy.
          const left = Math.max(0, Math.min(3600, signed.expires - Math.floor(Date.now() / 1000)));
          cacheControl = `private, max-age=${left}`;
        } else {
          const token = bearerToken(request);
          const claims = token ? await app.deps.tokens.verifyAccess(token) : undefined;
          if (!claims || claims.organizationId !== row.organizationId) throw notFound('文件不存在');
          cacheControl = 'private, no-store';
        }
      }
      return sendStoredFile(request, reply, storage, row, cacheControl);
    },
    { hide: true },
  );

  route(app, fileContracts.job, async (request) => {
    const job = await app.deps.jobs.get(request.ctx, request.params.id);
    if (!job) throw notFound('任务不存在');
    return ok(job);
  });
};
