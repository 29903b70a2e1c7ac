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

/** Builds the Chinese 400 message for the first invalid field, named as a person knows it. */
export function validationMessage(context: string | undefined, issues: ValidationIssue[]): string {
  const first = issues[0];
  const path = (first?.instancePath ?? '').split('/').filter((part) => part !== '');
  return fieldMessage(path, first?.message ?? '格式不正确', PART_LABELS[context ?? ''] ?? '请求参数');
}

/** Every failure becomes the envelope with a Chinese message; nothing internal leaks. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ code: error.code, message: error.message, res: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = validationMessage(error.validationContext, error.validation);
      return reply.status(400).send({ code: -1, message, res: null });
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
