/**
 * Calls an endpoint through its contract (packages/shared/src/contracts): the path, method and every
 * type come from the one declaration the server registers its route from.
 */
import type { z } from 'zod';
import type {
  BodyIn,
  DataOf,
  Endpoint,
  ItemOf,
  PagedEndpoint,
  ParamsIn,
  QueryIn,
  ReplyOf,
} from '@kaopei/shared/contracts/common';
import { http, unwrap, type ApiEnvelope, type HttpRequestConfig, type Page } from './http';

export type { DataOf, ItemOf, BodyIn, QueryIn, ReplyOf } from '@kaopei/shared/contracts/common';

type Part<E extends Endpoint, K extends 'query' | 'body' | 'params', T> = E extends {
  [P in K]: z.ZodType;
}
  ? undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T }
  : { [P in K]?: never };

/**
 * What a call sends: the contract's query, body and path params, each required when it has one.
 * An upload sends `form` (multipart) instead of a JSON body; the route reads its file fields itself.
 */
export type CallInput<E extends Endpoint> = Part<E, 'query', QueryIn<E>> &
  Part<E, 'body', BodyIn<E>> &
  Part<E, 'params', ParamsIn<E>> & { form?: FormData };

type Args<E extends Endpoint> =
  Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>, config?: HttpRequestConfig]
    : [input: CallInput<E>, config?: HttpRequestConfig];

/** `/a/:id/b` with `{id: 7}` → `/a/7/b`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/** The HTTP request of a call (downloads reuse it with a blob response). */
export function requestOf<E extends Endpoint>(
  contract: E,
  input: CallInput<E> | undefined,
  config?: HttpRequestConfig,
): HttpRequestConfig {
  const { query, body, params, form } = (input ?? {}) as {
    query?: unknown;
    body?: unknown;
    params?: Record<string, unknown>;
    form?: FormData;
  };
  return {
    ...config,
    method: contract.method,
    url: fillPath(contract.path, params),
    params: query,
    // Ids in a query string repeat their key (`ids=1&ids=2`), as the server reads them (http-transport.ts).
    data: form ?? body,
  };
}

/**
 * Calls an endpoint and returns its whole reply (code, message, res) once the body code says it
 * succeeded: for replies whose message is meant for the user, or whose `res` carries more than data.
 */
export async function callReply<E extends Endpoint>(
  contract: E,
  ...[input, config]: Args<E>
): Promise<ReplyOf<E>> {
  const response = await http.request<ApiEnvelope<unknown>>(requestOf(contract, input, config));
  unwrap(response.data);
  return response.data as ReplyOf<E>;
}

/** Calls an endpoint and returns its `res.data`. */
export async function call<E extends Endpoint>(contract: E, ...[input, config]: Args<E>): Promise<DataOf<E>> {
  const response = await http.request<ApiEnvelope<unknown>>(requestOf(contract, input, config));
  return unwrap(response.data).data as DataOf<E>;
}

/** Calls a paged endpoint and returns `{data, total, totalCapped?}`. */
export async function callPage<E extends PagedEndpoint>(
  contract: E,
  ...[input, config]: Args<E>
): Promise<Page<ItemOf<E>>> {
  const response = await http.request<ApiEnvelope<unknown>>(requestOf(contract, input, config));
  const { data, total, totalCapped } = unwrap(response.data);
  const rows = (Array.isArray(data) ? data : []) as ItemOf<E>[];
  return { data: rows, total: total ?? rows.length, ...(totalCapped ? { totalCapped } : {}) };
}
