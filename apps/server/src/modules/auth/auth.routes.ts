import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authContracts, passwordGrantForm, refreshGrantForm } from '@kaopei/shared/contracts/auth';
import { fieldMessage } from '@kaopei/shared/contracts/field-labels';
import { bearerToken } from '../../core/auth-hook';
import { ok } from '../../core/http';
import { route } from '../../core/route';
import { checkClient, logout, OAuthError, passwordGrant, refreshGrant } from './auth.service';
import { sendSmsCode } from './sms-code.service';

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = fieldMessage(
      (issue?.path ?? []) as (string | number)[],
      issue?.message ?? '格式不正确',
      '请求体',
    );
    throw new OAuthError(400, 'invalid_request', message);
  }
  return parsed.data;
}

/**
 * The body of a sign-out as sent: none at all, an empty or JSON body, a form, or anything else (which is
 * ignored: the access token names the session).
 */
export function readLogoutBody(contentType: string | undefined, raw: string): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  return undefined;
}

/**
 * Sign-out takes any content type and an empty body (a client may send only its bearer token). The
 * parsers are replaced in this plugin only: Fastify keeps content-type parsers per plugin.
 */
async function logoutRoute(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    done(null, readLogoutBody(request.headers['content-type'], String(body)));
  });
  route(app, authContracts.logout, async (request) => {
    const token = bearerToken(request);
    const session = token ? await app.deps.tokens.verifySignedAccess(token) : undefined;
    await logout(app.deps, { refreshToken: request.body?.refresh_token, session });
    return ok(null);
  });
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, authContracts.token, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    try {
      checkClient(app.deps, request.headers.authorization);
      const body = request.body as Record<string, unknown> | undefined;
      const grantType = request.query.grant_type ?? (body?.grant_type as string | undefined);
      if (grantType === 'password') {
        const form = parseOrThrow(passwordGrantForm, body);
        return await passwordGrant(app.deps, form, request.ip);
      }
      if (grantType === 'refresh_token') {
        const form = parseOrThrow(refreshGrantForm, body);
        return await refreshGrant(app.deps, form.refresh_token);
      }
      throw new OAuthError(400, 'unsupported_grant_type', `不支持的授权类型：${grantType ?? '(空)'}`);
    } catch (error) {
      if (error instanceof OAuthError) {
        return reply.status(error.status).send({ error: error.error, error_description: error.description });
      }
      throw error;
    }
  });

  await app.register(logoutRoute);

  route(app, authContracts.publicKey, async () =>
    ok({ publicKey: app.deps.rsa.publicKeyPem, algorithm: 'RSA-OAEP-256' }),
  );

  route(app, authContracts.sendSmsCode, async (request) => {
    await sendSmsCode(app.deps, request.query.phone, request.query.purpose, request.ip);
    return ok(null);
  });
};
