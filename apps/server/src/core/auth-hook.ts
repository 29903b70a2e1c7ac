import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { users } from '../db/schema';
import type { RequestContext } from './context';
import { forbidden, unauthorized } from './http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** Candidates from open links may call it too (every other route needs a member: users.kind). */
    candidate?: boolean;
    /** Only organisation administrators. */
    admin?: boolean;
    /** The caller needs access to one of these menu URLs (their roles grant it). */
    menu?: string | string[];
    /**
     * The hottest candidate calls (saving answers, heartbeats: thousands a second in a large exam) may
     * use the caller's user row up to USER_CACHE_MS old: a user disabled meanwhile is refused that late.
     */
    cachedUser?: boolean;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** How old a user row the `cachedUser` routes accept. */
export const USER_CACHE_MS = 10_000;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Secure by default: every route needs a valid access token unless its config says `public`, checked
 * before the body is parsed (an anonymous caller learns nothing of a route's schema). The user row is
 * read on each request so that disabling a user or changing roles acts at once.
 */
export function registerAuthHook(app: FastifyInstance): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  // Prepared once: every request of every candidate runs it.
  const userById = app.deps.db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      isAdmin: users.isAdmin,
      kind: users.kind,
      status: users.status,
      account: users.account,
      realName: users.realName,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id');
  type UserRow = Awaited<ReturnType<typeof userById.execute>>[number];
  const recentUsers = new LRUCache<number, UserRow>({ max: 50_000, ttl: USER_CACHE_MS });
  // onRequest: callers are authenticated before their body is read, parsed or validated.
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await app.deps.tokens.verifyAccess(token);
    if (!claims) throw unauthorized();
    let user = config.cachedUser ? recentUsers.get(claims.userId) : undefined;
    if (!user) {
      [user] = await userById.execute({ id: claims.userId });
      if (user && config.cachedUser) recentUsers.set(claims.userId, user);
    }
    if (!user || user.status !== 0 || user.organizationId !== claims.organizationId) {
      throw unauthorized('账号已停用或不存在，请重新登录');
    }
    request.ctx = {
      userId: user.id,
      organizationId: user.organizationId,
      isAdmin: user.isAdmin,
      account: user.account,
      realName: user.realName,
    };
    if (user.kind !== 'member' && !config.candidate) throw forbidden('考生账号只能参加考试，不能使用该功能');
    if (config.admin && !user.isAdmin) throw forbidden('仅管理员可以执行此操作');
    if (config.menu && !user.isAdmin) {
      const wanted = Array.isArray(config.menu) ? config.menu : [config.menu];
      const granted = await app.deps.menus.grantedUrls(request.ctx);
      if (!wanted.some((url) => granted.has(url))) throw forbidden('您没有权限访问该功能');
    }
  });
}
