import { z } from 'zod';

/** A failure the client should see: HTTP status, business code and a Chinese message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = -1,
    /**
     * The request field at fault, as the contract names it (`account`, `options.2.content`): sent as the
     * envelope's `field` so a form can show the message under that field; the message itself names it
     * as a person knows it. Excel imports relabel it as their column.
     */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** 400 with a message that names the field as a person knows it; `field` is the request field's path. */
export const badRequest = (message: string, field?: string) => new AppError(400, message, -1, field);
export const unauthorized = (message = '未登录或登录已过期，请重新登录') => new AppError(401, message);
export const forbidden = (message = '没有权限执行此操作') => new AppError(403, message);
export const notFound = (message = '记录不存在') => new AppError(404, message);
/** 409: the value of `field` (when one field is the cause) clashes with what is stored. */
export const conflict = (message: string, field?: string) => new AppError(409, message, -1, field);
export const tooManyRequests = (message: string) => new AppError(429, message);

export const OK_MESSAGE = '成功';

export interface Envelope<T> {
  code: number;
  message: string;
  res: { data: T; total?: number; totalCapped?: boolean } | null;
}

export function ok<T>(data: T): { code: number; message: string; res: { data: T } } {
  return { code: 0, message: OK_MESSAGE, res: { data } };
}

/** A page of a list; `totalCapped` marks a total that stopped counting (there are at least `total`). */
export function okPage<T>(
  data: T[],
  total: number,
  totalCapped?: boolean,
): { code: number; message: string; res: { data: T[]; total: number; totalCapped?: boolean } } {
  return { code: 0, message: OK_MESSAGE, res: { data, total, ...(totalCapped ? { totalCapped } : {}) } };
}

/** Zod schema of the envelope around `data`, for route response schemas and OpenAPI. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), res: z.object({ data }) });
}

export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    code: z.number(),
    message: z.string(),
    res: z.object({ data: z.array(item), total: z.number() }),
  });
}

export const idParam = (name: string) =>
  z.coerce
    .number({ error: `${name} 必须是数字` })
    .int(`${name} 必须是整数`)
    .positive(`${name} 必须是正整数`);
