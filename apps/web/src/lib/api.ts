/**
 * Calls an endpoint through its contract (packages/shared/src/contracts): the path, method and every
 * type come from the one declaration the server registers its route from.
 */
import type { AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import type {
  BodyIn,
  DataOf,
  Endpoint,
  ItemOf,
  PagedEndpoint,
  ParamsIn,
  QueryIn,
} from '@kaopei/shared/contracts/common';
import { http, unwrap, type ApiEnvelope, type Page } from './http';

export type { DataOf, ItemOf, BodyIn, QueryIn } from '@kaopei/shared/contracts/common';

type Part<E extends Endpoint, K extends 'query' | 'body' | 'params', T> = E extends {
  [P in K]: z.ZodType;
}
  ? undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T }
  : { [P in K]?: never };

/** What a call sends: the contract's query, body and path params, each required when it has one. */
export type CallInput<E extends Endpoint> = Part<E, 'query', QueryIn<E>> &
  Part<E, 'body', BodyIn<E>> &
  Part<E, 'params', ParamsIn<E>>;

type Args<E extends Endpoint> =
  Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>, config?: AxiosRequestConfig]
    : [input: CallInput<E>, config?: AxiosRequestConfig];

/** `/a/:id/b` with `{id: 7}` → `/a/7/b`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

async function send<E extends Endpoint>(
  contract: E,
  input: CallInput<E> | undefined,
  config: AxiosRequestConfig | undefined,
): Promise<ApiEnvelope<unknown>> {
  const { query, body, params } = (input ?? {}) as { query?: unknown; body?: unknown; params?: unknown };
  const response = await http.request<ApiEnvelope<unknown>>({
    ...config,
    method: contract.method,
    url: fillPath(contract.path, params as Record<string, unknown> | undefined),
    params: query,
    // Ids in a query string repeat their key (`ids=1&ids=2`), as the server reads them.
    paramsSerializer: { indexes: null },
    data: body,
  });
  return response.data;
}

/** Calls an endpoint and returns its `res.data`. */
export async function call<E extends Endpoint>(contract: E, ...[input, config]: Args<E>): Promise<DataOf<E>> {
  return unwrap(await send(contract, input, config)).data as DataOf<E>;
}

/** Calls a paged endpoint and returns `{data, total, totalCapped?}`. */
export async function callPage<E extends PagedEndpoint>(
  contract: E,
  ...[input, config]: Args<E>
): Promise<Page<ItemOf<E>>> {
  const { data, total, totalCapped } = unwrap(await send(contract, input, config));
  const rows = (Array.isArray(data) ? data : []) as ItemOf<E>[];
  return { data: rows, total: total ?? rows.length, ...(totalCapped ? { totalCapped } : {}) };
}
