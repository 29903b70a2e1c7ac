import {
  ERROR_SUFFIX,
  httpErrorMessage,
  httpErrorToastText,
  isSilentBodyCode,
  NO_RESPONSE_MESSAGE,
  REQUEST_SETUP_ERROR_MESSAGE,
  RESPONSE_OK,
} from '@kaopei/shared';
import { getConfig } from '../app/config';
import { useSessionStore } from '../stores/session-store';
import { toast } from './feedback';
import { isHttpError, sendRequest, type HttpRequestConfig, type HttpResponse } from './http-transport';
import { redirectMemory, storage, type StoredAuth } from './storage';

export type { HttpRequestConfig, HttpResponse } from './http-transport';

/**
 * The one HTTP client of the app (spec §4, §7, §8; design.md §4): bearer token and self-origin headers,
 * every pending request cancellable (on navigation and on any 400), the 401 flow, the error catalogue,
 * the body-code rules and a single-flight refresh-token grant.
 */

export const TOKEN_PATH = '/auth/oauth/token';
export const LOGOUT_PATH = '/auth/logout';
/** Refresh the access token when it has less than this left. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;
export const REQUEST_TIMEOUT_MS = 60_000;

export { NO_RESPONSE_MESSAGE };
export const SETUP_ERROR_MESSAGE = REQUEST_SETUP_ERROR_MESSAGE;
export const HTTP_ERROR_SUFFIX = ERROR_SUFFIX;

/** The standard response envelope (docs/api.md). */
export interface ApiEnvelope<T> {
  code: number;
  message?: string;
  res: { data: T; total?: number; totalCapped?: boolean } | null;
}

/** OAuth 2.0 error body of the token endpoint. */
export interface OAuthErrorBody {
  error: string;
  error_description?: string;
}

/** Raw token body of the token endpoint. */
export interface OAuthTokenBody {
  access_token: string;
  token_type: string;
  refresh_token: string;
  expires_in: number;
  scope?: string;
}

/** A failed call. The user has already been told (toast) unless the rules say the failure is silent. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: number | undefined;
  readonly body: unknown;
  /** The request field the refusal concerns (`account`, `options.2.content`), when the server names one. */
  readonly field: string | undefined;

  constructor(message: string, options: { status?: number; code?: number; body?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.body = options.body;
    this.field = fieldOf(options.body);
  }
}

/** The envelope's `field`: the request field a refusal concerns. */
export function fieldOf(body: unknown): string | undefined {
  const field = typeof body === 'object' && body !== null ? (body as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? field : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Pure rules (exported for tests)
// ---------------------------------------------------------------------------------------------------------

/** Toast text of an HTTP failure: the server's message when it sent one, else the catalogue text. */
export function describeHttpError(status: number, serverMessage?: string | null): string {
  return httpErrorToastText(status, serverMessage?.trim());
}

export type BodyVerdict =
  | { kind: 'ok' }
  /** Non-zero but on the toast-free list: the caller decides. */
  | { kind: 'silent'; code: number; message: string }
  | { kind: 'error'; code: number; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Body-level rules: code 0 is OK; other codes fail, with a toast unless the code is 7223, 9019 or 9053. */
export function handleBodyCode(body: unknown): BodyVerdict {
  if (!isRecord(body) || typeof body.code !== 'number') return { kind: 'ok' };
  const { code } = body;
  if (code === RESPONSE_OK) return { kind: 'ok' };
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : '操作失败';
  if (isSilentBodyCode(code)) return { kind: 'silent', code, message };
  return { kind: 'error', code, message };
}

export function isTokenUrl(url: string | undefined): boolean {
  return typeof url === 'string' && url.includes(TOKEN_PATH);
}

export function isLogoutUrl(url: string | undefined): boolean {
  return typeof url === 'string' && url.includes(LOGOUT_PATH);
}

/** Notice calls never raise an HTTP toast (spec §8). */
export function isNoticeUrl(url: string | undefined): boolean {
  return typeof url === 'string' && url.includes('/notice/');
}

/** Whether a 401 on this URL runs the sign-out flow (the token and logout calls do not). */
export function triggersUnauthorizedFlow(status: number, url: string | undefined): boolean {
  return status === 401 && !isTokenUrl(url) && !isLogoutUrl(url);
}

export function isOAuthErrorBody(value: unknown): value is OAuthErrorBody {
  return isRecord(value) && typeof value.error === 'string';
}

/** What went wrong with a request, in the terms of the error catalogue. */
export type FailureKind =
  | { kind: 'cancelled' }
  | { kind: 'http'; status: number; serverMessage: string | null }
  | { kind: 'no-response' }
  | { kind: 'setup' };

export function classifyFailure(error: unknown): FailureKind {
  if (isHttpError(error)) {
    if (error.code === 'ERR_CANCELED') return { kind: 'cancelled' };
    if (error.response) {
      const data: unknown = error.response.data;
      const serverMessage = isRecord(data) && typeof data.message === 'string' ? data.message : null;
      return { kind: 'http', status: error.response.status, serverMessage };
    }
    return { kind: 'no-response' };
  }
  return { kind: 'setup' };
}

/** Toast text for a failure, or null when the failure is silent. */
export function failureMessage(failure: FailureKind, url: string | undefined): string | null {
  switch (failure.kind) {
    case 'cancelled':
      return null;
    case 'http':
      return isNoticeUrl(url) ? null : describeHttpError(failure.status, failure.serverMessage);
    case 'no-response':
      return isNoticeUrl(url) ? null : NO_RESPONSE_MESSAGE;
    case 'setup':
      return SETUP_ERROR_MESSAGE;
  }
}

export function isCancelledRequest(error: unknown): boolean {
  return classifyFailure(error).kind === 'cancelled';
}

/** Stored form of a token body. */
export function toStoredAuth(token: OAuthTokenBody, now: number = Date.now()): StoredAuth {
  return {
    access_token: token.access_token,
    refresh_token: token.refresh_token,
    expires_at: now + Math.max(0, token.expires_in) * 1000,
  };
}

export function needsRefresh(auth: StoredAuth | null, now: number = Date.now()): boolean {
  return auth !== null && auth.refresh_token !== '' && auth.expires_at - now < TOKEN_REFRESH_MARGIN_MS;
}

// ---------------------------------------------------------------------------------------------------------
// Pending-request registry
// ---------------------------------------------------------------------------------------------------------

const pending = new Map<number, AbortController>();
let nextRequestId = 1;

/** Aborts every request still in flight; their callers get a silent rejection. */
export function cancelPendingRequests(): void {
  const controllers = [...pending.values()];
  pending.clear();
  for (const controller of controllers) controller.abort();
}

export function pendingRequestCount(): number {
  return pending.size;
}

function register(config: HttpRequestConfig): void {
  const controller = new AbortController();
  const id = nextRequestId++;
  config.kpRequestId = id;
  const callerSignal = config.kpCallerSignal ?? config.signal;
  if (callerSignal) {
    config.kpCallerSignal = callerSignal;
    if (callerSignal.aborted) controller.abort();
    else callerSignal.addEventListener('abort', () => controller.abort(), { once: true });
  }
  config.signal = controller.signal;
  pending.set(id, controller);
}

function unregister(config: HttpRequestConfig | undefined): void {
  if (config?.kpRequestId !== undefined) pending.delete(config.kpRequestId);
}

// ---------------------------------------------------------------------------------------------------------
// Navigation hook (the router registers itself; the client must not import the router)
// ---------------------------------------------------------------------------------------------------------

type Navigator = (to: string) => Promise<void> | void;

let navigator: Navigator = (to) => window.location.assign(to);

export function registerNavigator(navigate: Navigator): void {
  navigator = navigate;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Spec §4: forget the session, cancel what is pending, remember where we were, go to /home. */
export function runUnauthorizedFlow(): void {
  const { pathname } = window.location;
  if (pathname !== '/home' && pathname !== '/login' && pathname !== getConfig().homePath) {
    redirectMemory.remember(currentPath());
  }
  // The reason tells the guard of the page being left to go to /home too, not to /login.
  useSessionStore.getState().clear('unauthorized');
  cancelPendingRequests();
  void navigator('/home');
}

// ---------------------------------------------------------------------------------------------------------
// Token refresh (single flight)
// ---------------------------------------------------------------------------------------------------------

export function basicAuthHeader(): string {
  const { oauthClientId, oauthClientSecret } = getConfig();
  return `Basic ${btoa(`${oauthClientId}:${oauthClientSecret}`)}`;
}

function originHeaders(): Record<string, string> {
  return { 'X-Requested-With': 'XMLHttpRequest', 'X-Client-Origin': window.location.origin };
}

let refreshInFlight: Promise<StoredAuth | null> | null = null;

async function performRefresh(): Promise<StoredAuth | null> {
  const auth = storage.getAuth();
  if (!auth?.refresh_token) return null;
  try {
    // A bare request: the client's steps below must not run (no toast, no 401 flow, no recursion).
    const response = (await sendRequest({
      method: 'POST',
      url: `${getConfig().apiBase}${TOKEN_PATH}?grant_type=refresh_token`,
      data: new URLSearchParams({ refresh_token: auth.refresh_token }),
      timeout: REQUEST_TIMEOUT_MS,
      headers: {
        ...originHeaders(),
        Authorization: basicAuthHeader(),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    })) as HttpResponse<Partial<OAuthTokenBody> | null>;
    if (typeof response.data?.access_token !== 'string') return null;
    const next = toStoredAuth(response.data as OAuthTokenBody);
    useSessionStore.getState().setAuth(next);
    return next;
  } catch {
    return null;
  }
}

/** Exchanges the refresh token once, however many calls ask at the same time. */
export function refreshAccessToken(): Promise<StoredAuth | null> {
  refreshInFlight ??= performRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

// ---------------------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------------------

function hasHeader(headers: Record<string, string>, name: string): boolean {
  const wanted = name.toLowerCase();
  return Object.keys(headers).some((key) => key.toLowerCase() === wanted);
}

async function onRequest(config: HttpRequestConfig): Promise<HttpRequestConfig> {
  const url = config.url;
  const headers: Record<string, string> = { ...config.headers, ...originHeaders() };
  if (!isTokenUrl(url)) {
    let auth = storage.getAuth();
    if (!isLogoutUrl(url) && needsRefresh(auth)) {
      auth = (await refreshAccessToken()) ?? auth;
    }
    if (auth && !hasHeader(headers, 'Authorization')) headers.Authorization = `Bearer ${auth.access_token}`;
  }
  const prepared = { ...config, headers };
  register(prepared);
  return prepared;
}

function onResponse<T>(response: HttpResponse<T>): HttpResponse<T> {
  unregister(response.config);
  const { config } = response;
  if (isTokenUrl(config.url) || config.responseType === 'blob' || config.responseType === 'arraybuffer') {
    return response;
  }
  const verdict = handleBodyCode(response.data);
  if (verdict.kind === 'error') {
    if (!config.kpSilent) toast.error(verdict.message);
    throw new ApiError(verdict.message, { status: response.status, code: verdict.code, body: response.data });
  }
  return response;
}

async function onResponseError(error: unknown, config: HttpRequestConfig): Promise<HttpResponse<never>> {
  unregister(config);
  const url = config.url;
  const failure = classifyFailure(error);
  if (failure.kind === 'cancelled') throw error;

  if (failure.kind === 'http') {
    const body: unknown = isHttpError(error) ? error.response?.data : undefined;
    if (failure.status === 400) cancelPendingRequests();

    // The sign-in form shows the OAuth error itself; hand it over untouched.
    if (isTokenUrl(url) && failure.status < 500 && isOAuthErrorBody(body)) throw body;

    if (triggersUnauthorizedFlow(failure.status, url)) {
      if (!config.kpRetried && storage.getAuth()?.refresh_token) {
        const refreshed = await refreshAccessToken();
        if (refreshed) {
          const headers = { ...config.headers, Authorization: `Bearer ${refreshed.access_token}` };
          return http.request<never>({ ...config, kpRetried: true, headers });
        }
      }
      runUnauthorizedFlow();
    }
    const text = failureMessage(failure, url);
    const shownOnField = Boolean(config.kpFieldErrors && fieldOf(body));
    if (text && !config.kpSilent && !shownOnField) toast.error(text);
    throw new ApiError(text ?? httpErrorMessage(failure.status), { status: failure.status, body });
  }

  const text = failureMessage(failure, url);
  if (text && !config.kpSilent) toast.error(text);
  throw new ApiError(text ?? NO_RESPONSE_MESSAGE);
}

/**
 * The client: `request` (and `get`/`post`) with the token, the pending-request registry, the toasts, the
 * 401 flow and the refresh; `defaults.baseURL` is the configured API base.
 */
export const http = {
  defaults: { baseURL: '', timeout: REQUEST_TIMEOUT_MS },

  async request<T = unknown>(config: HttpRequestConfig): Promise<HttpResponse<T>> {
    const base: HttpRequestConfig = {
      ...config,
      baseURL: config.baseURL ?? http.defaults.baseURL,
      timeout: config.timeout ?? http.defaults.timeout,
    };
    let prepared = base;
    try {
      prepared = await onRequest(base);
      const response = await sendRequest(prepared);
      return onResponse(response as HttpResponse<T>);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      return onResponseError(error, prepared);
    }
  },

  get<T = unknown>(url: string, config: HttpRequestConfig = {}): Promise<HttpResponse<T>> {
    return http.request<T>({ ...config, method: 'GET', url });
  },

  post<T = unknown>(url: string, data?: unknown, config: HttpRequestConfig = {}): Promise<HttpResponse<T>> {
    return http.request<T>({ ...config, method: 'POST', url, data });
  },
};

/** Points the client at the configured API base ('' = same origin). */
export function configureHttp(baseURL: string): void {
  http.defaults.baseURL = baseURL;
}

// ---------------------------------------------------------------------------------------------------------
// Helpers unwrapping the envelope
// ---------------------------------------------------------------------------------------------------------

export interface Page<T> {
  data: T[];
  total: number;
  /** The server stopped counting at `total`: there are at least that many. */
  totalCapped?: boolean;
}

export function unwrap<T>(body: ApiEnvelope<T>): {
  data: T;
  total: number | undefined;
  totalCapped?: boolean;
} {
  const verdict = handleBodyCode(body);
  if (verdict.kind !== 'ok') {
    // Already toasted by the interceptor, or on the silent list: the caller inspects `code`.
    throw new ApiError(verdict.message, { code: verdict.code, body });
  }
  return {
    data: (body?.res?.data ?? null) as T,
    total: body?.res?.total,
    ...(body?.res?.totalCapped ? { totalCapped: true } : {}),
  };
}
