import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../core/http';
import { checkClient, logout, OAuthError, passwordGrant, refreshGrant } from './auth.service';
import { PHONE_PATTERN, SMS_PURPOSES, sendSmsCode } from './sms-code.service';

const passwordForm = z.object({
  username: z.string().trim().min(1, '请输入账号').max(200),
  password: z.string().max(2048).optional(),
  role: z.coerce.number().int().optional(),
  code: z.string().max(10).optional(),
  type: z.coerce.number().int().optional(),
  encrypted: z
    .enum(['1', 'true', '0', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

const refreshForm = z.object({ refresh_token: z.string().min(1, '缺少 refresh_token').max(200) });

const tokenQuery = z.object({ grant_type: z.string().optional() });

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || '请求体';
    throw new OAuthError(400, 'invalid_request', `参数 ${field} 不正确：${issue?.message ?? '格式错误'}`);
  }
  return parsed.data;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/oauth/token',
    {
      config: { public: true },
      schema: {
        tags: ['认证'],
        summary: 'OAuth 2.0 令牌（password / refresh_token）',
        description:
          'Basic 客户端认证；表单 username, password, role=1, code, type (7 密码+短信, 8 仅短信), encrypted=1 表示密码经 RSA-OAEP 加密。',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      try {
        checkClient(app.deps, request.headers.authorization);
        const body = request.body as Record<string, unknown> | undefined;
        const grantType = request.query.grant_type ?? (body?.grant_type as string | undefined);
        if (grantType === 'password') {
          const form = parseOrThrow(passwordForm, body);
          return await passwordGrant(app.deps, form, request.ip);
        }
        if (grantType === 'refresh_token') {
          const form = parseOrThrow(refreshForm, body);
          return await refreshGrant(app.deps, form.refresh_token);
        }
        throw new OAuthError(400, 'unsupported_grant_type', `不支持的授权类型：${grantType ?? '(空)'}`);
      } catch (error) {
        if (error instanceof OAuthError) {
          return reply
            .status(error.status)
            .send({ error: error.error, error_description: error.description });
        }
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { public: true },
      schema: {
        tags: ['认证'],
        summary: '退出登录（吊销刷新令牌）',
        body: z.object({ refresh_token: z.string().max(200).optional() }).optional(),
      },
    },
    async (request) => {
      await logout(app.deps, request.body?.refresh_token);
      return ok(null);
    },
  );

  app.get(
    '/auth/public-key',
    { config: { public: true }, schema: { tags: ['认证'], summary: '密码加密公钥 (RSA-OAEP SHA-256)' } },
    async () => ok({ publicKey: app.deps.rsa.publicKeyPem, algorithm: 'RSA-OAEP-256' }),
  );

  app.post(
    '/user/api/v1/user/send/sms/code',
    {
      config: { public: true },
      schema: {
        tags: ['认证'],
        summary: '发送短信验证码',
        querystring: z.object({
          phone: z.string().trim().regex(PHONE_PATTERN, '手机号格式不正确'),
          purpose: z.enum(SMS_PURPOSES).default('login'),
        }),
      },
    },
    async (request) => {
      await sendSmsCode(app.deps, request.query.phone, request.query.purpose, request.ip);
      return ok(null);
    },
  );
};
