import type { FastifyInstance } from 'fastify';
import { badRequest } from './http';
import { isApiPath } from './web';

/**
 * Checks at the edge of every route, before validation and before any handler: no request value may carry
 * a NUL or a lone surrogate (PostgreSQL refuses both in text and JSON, and nothing a person types has
 * them), and no structure may nest deeper than MAX_DEPTH. One pass over what the parsers made.
 */

export const UNREADABLE_CHARACTER = '请求包含无法识别的字符';
export const TOO_DEEP = '请求结构嵌套过深';
/** Nesting allowed in a body, query or params (the deepest real body, a question's answer, is ~4). */
export const MAX_DEPTH = 32;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNREADABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// The cheap first look (no lookaround): most text has neither a NUL nor a surrogate (emoji have pairs).
const SUSPECT = /[\0\ud800-\udfff]/;

function unreadable(text: string): boolean {
  return SUSPECT.test(text) && UNREADABLE.test(text);
}

/** The Chinese message for what is wrong with a request value, or undefined when it is fine. */
export function edgeProblem(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return unreadable(value) ? UNREADABLE_CHARACTER : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = edgeProblem(item, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  // Buffers and streams (raw bodies, uploads) are not text.
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return undefined;
  for (const key of Object.keys(value)) {
    if (unreadable(key)) return UNREADABLE_CHARACTER;
    const problem = edgeProblem((value as Record<string, unknown>)[key], depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** Refuses hostile bytes and deep nesting in the params, query and body of every route, as a 400. */
export function registerEdgeChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = edgeProblem(request.params) ?? edgeProblem(request.query) ?? edgeProblem(request.body);
    if (problem) throw badRequest(problem);
  });
}

/**
 * Every API reply (authenticated data, and public ones such as tokens) is `Cache-Control: no-store` unless
 * its route chose a policy; built assets and pages are not API paths and keep theirs.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && isApiPath(request.url))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
