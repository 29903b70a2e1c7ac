/**
 * What lib/http.ts sends requests with (issue 14 point 8: no axios on the pages people open first): the
 * browser's fetch, or XMLHttpRequest when the caller wants upload progress. It builds the URL (query
 * keys repeat for arrays: `ids=1&ids=2`), encodes the body (plain objects as JSON), reads the reply
 * (JSON when it parses, else text; or a Blob / ArrayBuffer) and fails with an HttpError: cancelled,
 * no response (network, timeout), or a status the request does not accept (2xx by default).
 */

export type HttpResponseType = 'json' | 'text' | 'blob' | 'arraybuffer';

export interface HttpRequestConfig {
  url?: string;
  method?: string;
  /** Prefix of `url` ('' = same origin). */
  baseURL?: string;
  /** Query parameters: arrays repeat their key, null and undefined are left out. */
  params?: unknown;
  /** The body: FormData, URLSearchParams, Blob, binary or a string as is; anything else as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
  responseType?: HttpResponseType;
  /** Milliseconds; 0 or none = no limit. */
  timeout?: number;
  signal?: AbortSignal;
  /** Bytes of the body sent so far (the request then goes through XMLHttpRequest). */
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
  /** Which statuses resolve (default: 2xx). */
  validateStatus?: (status: number) => boolean;
  /** Id of the AbortController lib/http.ts registered for this request. */
  kpRequestId?: number;
  /** The caller's own signal (e.g. TanStack Query's), linked to lib/http.ts's. */
  kpCallerSignal?: AbortSignal;
  /** Set once the request has been replayed after a refresh-token grant. */
  kpRetried?: boolean;
  /** No error toast: the caller reports failures itself (e.g. exam saves retried in the background). */
  kpSilent?: boolean;
  /** A form's save: a refusal naming a request field gets no toast (lib/form-errors.ts). */
  kpFieldErrors?: boolean;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  config: HttpRequestConfig;
}

export type HttpErrorCode = 'ERR_CANCELED' | 'ERR_NETWORK' | 'ECONNABORTED' | 'ERR_BAD_RESPONSE';

/** A request that failed in the transport: `response` when the server answered with a refused status. */
export class HttpError extends Error {
  readonly code: HttpErrorCode;
  readonly config: HttpRequestConfig;
  readonly response: HttpResponse | undefined;

  constructor(message: string, code: HttpErrorCode, config: HttpRequestConfig, response?: HttpResponse) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
    this.config = config;
    this.response = response;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

function queryValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** `a=1&ids=2&ids=3` from `{a: 1, ids: [2, 3], b: undefined}`. */
export function buildQuery(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item !== undefined && item !== null) search.append(key, queryValue(item));
    }
  }
  return search.toString();
}

export function buildUrl(config: HttpRequestConfig): string {
  const url = config.url ?? '';
  const full = /^https?:\/\//i.test(url) ? url : `${config.baseURL ?? ''}${url}`;
  const query = buildQuery(config.params);
  if (!query) return full;
  return `${full}${full.includes('?') ? '&' : '?'}${query}`;
}

function isRawBody(data: unknown): data is BodyInit {
  return (
    typeof data === 'string' ||
    data instanceof FormData ||
    data instanceof URLSearchParams ||
    data instanceof Blob ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  );
}

/** The body to send and the headers with a JSON content type added when the body is JSON. */
export function encodeBody(config: HttpRequestConfig): {
  body: BodyInit | undefined;
  headers: Record<string, string>;
} {
  const headers = { ...config.headers };
  const { data } = config;
  if (data === undefined || data === null) return { body: undefined, headers };
  if (isRawBody(data)) return { body: data, headers };
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  return { body: JSON.stringify(data), headers };
}

/** JSON when it parses, else the text itself ('' for an empty body). */
export function parseText(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const acceptsByDefault = (status: number) => status >= 200 && status < 300;

function settle(config: HttpRequestConfig, response: HttpResponse): HttpResponse {
  if ((config.validateStatus ?? acceptsByDefault)(response.status)) return response;
  throw new HttpError(
    `Request failed with status code ${response.status}`,
    'ERR_BAD_RESPONSE',
    config,
    response,
  );
}

/** An abort signal for the caller's signal and the timeout; `timedOut` tells which fired. */
function requestSignal(config: HttpRequestConfig) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  if (config.signal?.aborted) controller.abort();
  else config.signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    config.timeout && config.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, config.timeout)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      config.signal?.removeEventListener('abort', onAbort);
    },
  };
}

function abortError(config: HttpRequestConfig, timedOut: boolean): HttpError {
  return timedOut
    ? new HttpError(`timeout of ${config.timeout ?? 0}ms exceeded`, 'ECONNABORTED', config)
    : new HttpError('canceled', 'ERR_CANCELED', config);
}

async function readBody(response: Response, type: HttpResponseType | undefined): Promise<unknown> {
  if (type === 'blob') return response.blob();
  if (type === 'arraybuffer') return response.arrayBuffer();
  const text = await response.text();
  return type === 'text' ? text : parseText(text);
}

async function viaFetch(config: HttpRequestConfig): Promise<HttpResponse> {
  const { body, headers } = encodeBody(config);
  const abort = requestSignal(config);
  try {
    const response = await fetch(buildUrl(config), {
      method: (config.method ?? 'GET').toUpperCase(),
      headers,
      body,
      signal: abort.signal,
      credentials: 'same-origin',
    });
    const data = await readBody(response, config.responseType);
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name.toLowerCase()] = value;
    });
    return settle(config, { data, status: response.status, headers: responseHeaders, config });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (abort.signal.aborted) throw abortError(config, abort.timedOut());
    throw new HttpError('Network Error', 'ERR_NETWORK', config);
  } finally {
    abort.done();
  }
}

function xhrHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

/** XMLHttpRequest, for upload progress (fetch reports none). */
function viaXhr(config: HttpRequestConfig): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const { body, headers } = encodeBody(config);
    const abort = requestSignal(config);
    const xhr = new XMLHttpRequest();
    xhr.open((config.method ?? 'GET').toUpperCase(), buildUrl(config));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const type = config.responseType;
    xhr.responseType = type === 'blob' || type === 'arraybuffer' ? type : 'text';
    xhr.upload.onprogress = (event) =>
      config.onUploadProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      });
    const fail = (error: HttpError) => {
      abort.done();
      reject(error);
    };
    abort.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => fail(abortError(config, abort.timedOut()));
    xhr.onerror = () => fail(new HttpError('Network Error', 'ERR_NETWORK', config));
    xhr.onload = () => {
      abort.done();
      const data: unknown =
        xhr.responseType === 'text'
          ? type === 'text'
            ? xhr.responseText
            : parseText(xhr.responseText)
          : xhr.response;
      try {
        resolve(
          settle(config, {
            data,
            status: xhr.status,
            headers: xhrHeaders(xhr.getAllResponseHeaders()),
            config,
          }),
        );
      } catch (error) {
        reject(error as Error);
      }
    };
    if (abort.signal.aborted) {
      fail(abortError(config, abort.timedOut()));
      return;
    }
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

export type Transport = (config: HttpRequestConfig) => Promise<HttpResponse>;

const defaultTransport: Transport = (config) => (config.onUploadProgress ? viaXhr(config) : viaFetch(config));
let transport: Transport = defaultTransport;

/** Sends a request as it is (lib/http.ts adds the token, the toasts and the 401 flow). */
export function sendRequest(config: HttpRequestConfig): Promise<HttpResponse> {
  return transport(config);
}

/** Tests replace the network; `undefined` restores it. */
export function setTransport(next: Transport | undefined): void {
  transport = next ?? defaultTransport;
}
