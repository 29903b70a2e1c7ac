/**
 * The shape of every endpoint contract (design.md §2, docs/architecture.md): one declaration per
 * endpoint — method, path, who may call it, request and response schemas — that the server registers
 * its route from and the web derives its types and calls from.
 */
import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: anyone (`public`), any signed-in member of the organisation (`member`, the
 * default), any signed-in person including the candidates who came through an open link (`candidate`:
 * their own exams and applications only), organisation administrators (`admin`), or members whose roles
 * grant one of these menu URLs.
 */
export type Access = 'public' | 'member' | 'candidate' | 'admin' | { menu: string | readonly string[] };

/** What a reply carries: an envelope (its zod schema), or a raw body the contract only names. */
export type Reply = z.ZodType | 'file' | 'stream' | 'raw';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path; `:name` segments are filled from `params`. */
  path: string;
  /** OpenAPI group (Chinese, as shown at /api/docs). */
  tag: string;
  summary: string;
  access?: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  /** `envelopeOf(data)` or `pageOf(item)`; downloads, event streams and OAuth replies name their kind. */
  response: Reply;
}

/** Declares an endpoint; the literal types are kept so that both sides infer from them. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

/** `{code, message, res: {data}}` around `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), res: z.object({ data }) });
}

/** A page of a list: `{code, message, res: {data: item[], total, totalCapped?}}`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    code: z.number(),
    message: z.string(),
    res: z.object({
      data: z.array(item),
      total: z.number(),
      /** The server stopped counting at `total`: there are at least that many. */
      totalCapped: z.boolean().optional(),
    }),
  });
}

/** The reply of calls that only succeed: `res.data` is null. */
export const okReply = envelopeOf(z.null());
/** The reply of bulk changes: how many rows changed. */
export const countReply = envelopeOf(z.object({ count: z.number() }));

// ---------------------------------------------------------------------------------------------------------
// Types derived from a contract (the web and the server use these; nobody restates them)
// ---------------------------------------------------------------------------------------------------------

type Schema<E extends Endpoint, K extends 'query' | 'body' | 'params'> = E extends {
  [P in K]: infer S extends z.ZodType;
}
  ? S
  : never;

/** What a caller sends (before defaults and transforms). */
export type QueryIn<E extends Endpoint> = z.input<Schema<E, 'query'>>;
export type BodyIn<E extends Endpoint> = z.input<Schema<E, 'body'>>;
export type ParamsIn<E extends Endpoint> = z.input<Schema<E, 'params'>>;

/** What a handler receives (after defaults and transforms). */
export type QueryOut<E extends Endpoint> = z.output<Schema<E, 'query'>>;
export type BodyOut<E extends Endpoint> = z.output<Schema<E, 'body'>>;
export type ParamsOut<E extends Endpoint> = z.output<Schema<E, 'params'>>;

/** The whole envelope a handler returns. */
export type ReplyOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : unknown;

/** `res.data` of an endpoint's reply (the item array for pages). */
export type DataOf<E extends Endpoint> = ReplyOf<E> extends { res: { data: infer D } } ? D : never;

/** One row of a paged endpoint's reply. */
export type ItemOf<E extends Endpoint> = DataOf<E> extends readonly (infer I)[] ? I : never;

/** Endpoints whose reply is a page (`res.total`). */
export type PagedEndpoint = Endpoint & { response: ReturnType<typeof pageOf> };

// ---------------------------------------------------------------------------------------------------------
// Request pieces every feature uses
// ---------------------------------------------------------------------------------------------------------

/** A positive integer id, from a query string or a body, with a Chinese message naming the field. */
export const idOf = (label: string) =>
  z.coerce
    .number<number | string>({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .positive(`${label}必须是正整数`);

/** Ids in a JSON body. */
export function idList(label: string, emptyMessage: string, max = 1000) {
  return z
    .array(idOf(label), { error: `${label}必须是列表` })
    .min(1, emptyMessage)
    .max(max, `${label}一次最多 ${max} 个`);
}

/** Ids from a query string: repeated (`ids=1&ids=2`) or comma-separated (`ids=1,2`). */
export function idListInQuery(
  label: string,
  emptyMessage: string,
  max = 1000,
): z.ZodType<number[], number[] | number | string> {
  return z.preprocess(
    (value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value])
        .flatMap((item) => String(item).split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    idList(label, emptyMessage, max),
  );
}

/** Ids in a body, possibly none. */
export function idArray(label: string, max = 100) {
  return z.array(idOf(label), { error: `${label}必须是列表` }).max(max, `${label}一次最多 ${max} 个`);
}

/** An optional id where null or '' means "none" (a root, no parent). */
export const nullableId = (label: string) =>
  z
    .preprocess(
      (value: number | string | null | undefined) =>
        typeof value === 'string' && value.trim() === '' ? null : value,
      idOf(label).nullable(),
    )
    .optional();

/** A reference where 0 means none (the top level, no category): a non-negative integer. */
export const refOf = (label: string) =>
  z.coerce
    .number<number | string>({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能为负数`);

/** `true`/`1` or `false`/`0` in a query string. */
export const booleanQuery = z.preprocess(
  (value: boolean | 'true' | 'false' | '1' | '0' | undefined) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  z.boolean({ error: '只能是 true 或 false' }).optional(),
);

/** Uploaded files (`/api/files/…`, from the upload endpoint) or an absolute http(s) URL. */
export const IMAGE_URL_PATTERN = /^(\/api\/files\/[A-Za-z0-9/_.-]+|https?:\/\/[^\s"'<>]+)$/;

/** An optional image address: '' or null clears it. */
export const imageUrlField = (label: string) =>
  z
    .union([
      z.literal(''),
      z
        .string({ error: `${label}地址必须是文本` })
        .trim()
        .max(500, `${label}地址过长`)
        .regex(IMAGE_URL_PATTERN, `${label}地址不正确`),
    ])
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/** A search keyword: trimmed, empty means none. */
export const keyword = z
  .string({ error: '关键字必须是文本' })
  .trim()
  .max(50, '关键字不能超过 50 个字符')
  .optional()
  .transform((value) => value || undefined);

function pagingNumber(label: string, min: number, max?: number) {
  const message =
    max === undefined ? `${label}必须是大于等于 ${min} 的整数` : `${label}必须是 ${min} 到 ${max} 之间的整数`;
  const bounded = z.coerce
    .number<number | string>({ error: message })
    .int({ error: message })
    .min(min, { error: message });
  return (max === undefined ? bounded : bounded.max(max, { error: message })).optional();
}

const pagingFields = z.object({
  page: pagingNumber('页码', 0),
  size: pagingNumber('每页条数', 1, MAX_PAGE_SIZE),
  pageNumber: pagingNumber('页码', 1),
  pageSize: pagingNumber('每页条数', 1, MAX_PAGE_SIZE),
});
type PagingFields = z.output<typeof pagingFields>;

/** Both pairs, consistent; `page`+`size` win when both are sent. */
function normalizePaging({ page, size, pageNumber, pageSize }: PagingFields) {
  const zeroBased = page ?? (pageNumber === undefined ? DEFAULT_PAGE : pageNumber - 1);
  const perPage = size ?? pageSize ?? DEFAULT_PAGE_SIZE;
  return { page: zeroBased, size: perPage, pageNumber: zeroBased + 1, pageSize: perPage };
}

/**
 * Paging as a client written against the spec sends it (spec §7): `page`+`size` (zero-based) or
 * `pageNumber`+`pageSize` (one-based), either pair wherever paging is taken. The handler gets both
 * pairs, consistent with each other.
 */
export const paging = pagingFields.transform(normalizePaging);
export type Paging = z.output<typeof paging>;

/** `paging` plus more fields (zod cannot extend a transformed object). */
export function pagedQuery<T extends z.ZodRawShape>(shape: T) {
  return pagingFields.extend(shape).transform((input) => {
    const { page, size, pageNumber, pageSize, ...rest } = input as PagingFields & Record<string, unknown>;
    return { ...rest, ...normalizePaging({ page, size, pageNumber, pageSize }) } as Omit<
      z.output<z.ZodObject<T>>,
      keyof PagingFields
    > &
      Paging;
  });
}
