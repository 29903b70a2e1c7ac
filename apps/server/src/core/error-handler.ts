import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fieldMessage } from '@kaopei/shared/contracts/field-labels';
import { AppError } from './http';

const PART_LABELS: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

function issuePath(issue: ValidationIssue | undefined): string[] {
  return (issue?.instancePath ?? '').split('/').filter((part) => part !== '');
}

/** Builds the Chinese 400 message for the first invalid field, named as a person knows it. */
export function validationMessage(context: string | undefined, issues: ValidationIssue[]): string {
  const first = issues[0];
  return fieldMessage(
    issuePath(first),
    first?.message ?? '格式不正确',
    PART_LABELS[context ?? ''] ?? '请求参数',
  );
}

/** The envelope of a refusal; `field` (a request field's dotted path) lets a form show it in place. */
function failure(message: string, field?: string) {
  return { code: -1, message, res: null, ...(field ? { field } : {}) };
}

/** Every failure becomes the envelope with a Chinese message; nothing internal leaks. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ ...failure(error.message, error.field), code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = validationMessage(error.validationContext, error.validation);
      const path = issuePath(error.validation[0]);
      const inRequest = error.validationContext === 'body' || error.validationContext === 'querystring';
      return reply.status(400).send(failure(message, inRequest && path.length > 0 ? path.join('.') : undefined));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response serialization failed');
      return reply.status(500).send({ code: -1, message: '服务器错误', res: null });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ code: -1, message: '请求体过大', res: null });
    }
    if (status === 415) {
      return reply.status(415).send({ code: -1, message: '不支持的请求内容类型', res: null });
    }
    if (status === 429) {
      return reply.status(429).send({ code: -1, message: '请求过于频繁，请稍后再试', res: null });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON and similar framework-level client errors.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? '请求体不是合法的 JSON'
          : '请求错误';
      return reply.status(status).send({ code: -1, message, res: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: -1, message: '服务器错误', res: null });
  });
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Error properties that carry a failed query's values (drizzle's `params`, pg's `detail` and `parameters`). */
const VALUE_KEYS = new Set(['params', 'parameters', 'values']);

/**
 * An error's text without the values of a failed query: drizzle appends `params: …` to its message (and so
 * to the stack), PostgreSQL quotes an offending input (`invalid input syntax for type integer: "…"`) and
 * a key's value (`Key (phone)=(138…) already exists.`).
 */
export function withoutValues(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]')
    .replace(/(invalid input (?:syntax|value) for [^:\n]*: )"[^\n]*"/g, '$1"[redacted]"')
    .replace(/\)=\([^\n]*?\)( already exists| is not present| conflicts|\.|$)/g, ')=([redacted])$1');
}

/**
 * The logger's `err` serializer: type, message, stack, code and the statement of a failed query, its
 * cause likewise — never its parameters or the values PostgreSQL quotes (password hashes, phones, e-mails).
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: withoutValues(String(err)), stack: '' };
  const out: SerializedError = {
    type: err.constructor.name,
    message: withoutValues(err.message),
    stack: withoutValues(err.stack ?? ''),
  };
  for (const [key, value] of Object.entries(err)) {
    if (VALUE_KEYS.has(key) || key === 'cause' || value instanceof Error) continue;
    out[key] = typeof value === 'string' ? withoutValues(value) : value;
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}
