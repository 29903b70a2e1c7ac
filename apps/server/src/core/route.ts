import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  Access,
  BodyOut,
  Endpoint,
  ParamsOut,
  QueryOut,
  ReplyOf,
} from '@kaopei/shared/contracts/common';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Registered from a contract of packages/shared (every API route is). */
    contract?: boolean;
  }
}

/** The request a contract's handler receives: query, body and params as the contract parsed them. */
export type ContractRequest<E extends Endpoint> = FastifyRequest<{
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
  Params: ParamsOut<E>;
}>;

/** A contract's handler returns the envelope its contract declares (downloads and streams: anything). */
export type ContractHandler<E extends Endpoint> = (
  request: ContractRequest<E>,
  reply: FastifyReply,
) => Promise<E['response'] extends 'file' | 'stream' | 'raw' ? unknown : ReplyOf<E>>;

export interface RouteOptions {
  /** Server-only route settings (e.g. `cachedUser` on the hottest candidate calls). */
  config?: Omit<FastifyContextConfig, 'public' | 'candidate' | 'admin' | 'menu' | 'contract'>;
  bodyLimit?: number;
  /** Left out of the OpenAPI description (health checks, file serving). */
  hide?: boolean;
}

function noBodyIsUndefined(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  if (request.body === null) request.body = undefined;
  done();
}

function accessConfig(access: Access | undefined): FastifyContextConfig {
  if (access === undefined || access === 'member') return {};
  if (access === 'public') return { public: true };
  if (access === 'candidate') return { candidate: true };
  if (access === 'admin') return { admin: true };
  return { menu: typeof access.menu === 'string' ? access.menu : [...access.menu] };
}

/**
 * Registers a route from its contract: path, method, access, request schemas, and the response schema
 * that checks every reply and strips it to what the contract declares (nothing undeclared — an answer
 * key, a hash — can leave the server by accident).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  contract: E,
  handler: ContractHandler<E>,
  options: RouteOptions = {},
): void {
  const { response } = contract;
  app.route({
    method: contract.method,
    url: contract.path,
    config: { ...accessConfig(contract.access), ...options.config, contract: true },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // Fastify hands a POST without a body to validation as null; to a contract it is no body.
    ...(contract.body ? { preValidation: noBodyIsUndefined } : {}),
    schema: {
      ...(options.hide ? { hide: true } : {}),
      tags: [contract.tag],
      summary: contract.summary,
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(typeof response === 'string' ? {} : { response: { 200: response } }),
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** Registers every contract of a feature that has a handler; a contract left without one fails loudly. */
export function routes<C extends Record<string, Endpoint>>(
  app: FastifyInstance,
  contracts: C,
  handlers: { [K in keyof C]: ContractHandler<C[K]> | [ContractHandler<C[K]>, RouteOptions] },
): void {
  for (const key of Object.keys(contracts) as (keyof C & string)[]) {
    const entry = handlers[key];
    const [handler, options] = Array.isArray(entry) ? entry : [entry, undefined];
    route(app, contracts[key]!, handler, options);
  }
}
