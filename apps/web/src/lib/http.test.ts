import { HttpError, setTransport, type HttpRequestConfig, type HttpResponse } from './http-transport';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./feedback', () => ({
  toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

import { toast } from './feedback';
import {
  ApiError,
  cancelPendingRequests,
  classifyFailure,
  describeHttpError,
  failureMessage,
  handleBodyCode,
  http,
  isCancelledRequest,
  needsRefresh,
  pendingRequestCount,
  registerNavigator,
  triggersUnauthorizedFlow,
} from './http';
import { z } from 'zod';
import { endpoint, envelopeOf, pageOf } from '@kaopei/shared/contracts/common';
import { call, callPage } from './api';
import { REDIRECT_KEY, STORAGE_KEYS } from './storage';
import { useSessionStore } from '../stores/session-store';

const toastError = vi.mocked(toast.error);

/** A GET through a contract of `path`, as every feature calls the server. */
function get(path: string, _params?: undefined, config?: { kpSilent?: boolean; kpFieldErrors?: boolean }) {
  const contract = endpoint({
    method: 'GET',
    path,
    tag: '测试',
    summary: '测试',
    response: envelopeOf(z.unknown()),
  });
  return call(contract, undefined, config);
}

function getPage(path: string) {
  const contract = endpoint({
    method: 'GET',
    path,
    tag: '测试',
    summary: '测试',
    response: pageOf(z.unknown()),
  });
  return callPage(contract);
}

type Handler = (config: HttpRequestConfig) => Promise<HttpResponse>;

function reply(config: HttpRequestConfig, status: number, data: unknown): Promise<HttpResponse> {
  const response: HttpResponse = { status, data, headers: {}, config };
  if (status >= 200 && status < 300) return Promise.resolve(response);
  return Promise.reject(
    new HttpError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, response),
  );
}

/** A request that only ends when aborted. */
function hang(config: HttpRequestConfig): Promise<HttpResponse> {
  return new Promise((_resolve, reject) => {
    config.signal?.addEventListener('abort', () => reject(new HttpError('canceled', 'ERR_CANCELED', config)));
  });
}

function networkError(config: HttpRequestConfig): Promise<HttpResponse> {
  return Promise.reject(new HttpError('Network Error', 'ERR_NETWORK', config));
}

function useAdapter(handler: Handler): void {
  setTransport(handler);
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function storeSession(refreshToken = '') {
  useSessionStore.getState().setAuth({
    access_token: 'access-1',
    refresh_token: refreshToken,
    expires_at: Date.now() + 3600_000,
  });
  useSessionStore
    .getState()
    .setUserInfo({ userId: 1, realName: '张三', isAdmin: false, organizationName: '示例' });
  useSessionStore.getState().setMenuInfo([{ id: 1, name: '控制台', url: '/manage/console' }]);
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().reload();
  toastError.mockClear();
});

afterEach(() => {
  cancelPendingRequests();
  setTransport(undefined);
  window.history.replaceState(null, '', '/');
});

describe('error catalogue', () => {
  it.each([
    [400, '请求错误(400)'],
    [401, '未授权，请重新登录(401)'],
    [403, '拒绝访问(403)'],
    [404, '请求出错(404)'],
    [408, '请求超时(408)，请稍后重试！'],
    [500, '服务器错误(500)，请稍后重试！'],
    [501, '服务未实现(501)，请稍后重试！'],
    [502, '网络错误(502)，请稍后重试！'],
    [503, '服务不可用(503)，请稍后重试！'],
    [504, '网络超时(504)，请稍后重试！'],
    [505, 'HTTP版本不受支持(505)，请稍后重试！'],
    [418, '连接出错(418)'],
  ])('status %i reads "%s"', (status, text) => {
    expect(describeHttpError(status)).toBe(text);
  });

  it('prefers the server message and keeps the suffix', () => {
    expect(describeHttpError(409, '题库名称已存在')).toBe('题库名称已存在');
    expect(describeHttpError(500, '   ')).toBe('服务器错误(500)，请稍后重试！');
    expect(describeHttpError(500, null)).toBe('服务器错误(500)，请稍后重试！');
  });

  it('classifies missing responses and setup errors', () => {
    const noResponse = new HttpError('Network Error', 'ERR_NETWORK', {});
    expect(classifyFailure(noResponse)).toEqual({ kind: 'no-response' });
    expect(failureMessage({ kind: 'no-response' }, '/user/api/v1/user/detail')).toBe(
      '未收到服务响应，请联系管理员！',
    );
    expect(classifyFailure(new Error('bad config'))).toEqual({ kind: 'setup' });
    expect(failureMessage({ kind: 'setup' }, '/x')).toBe('请求超时!');
  });

  it('keeps notice calls and cancellations silent', () => {
    expect(
      failureMessage({ kind: 'http', status: 500, serverMessage: null }, '/user/api/v1/notice/is/unread'),
    ).toBeNull();
    expect(failureMessage({ kind: 'cancelled' }, '/x')).toBeNull();
    expect(isCancelledRequest(new HttpError('canceled', 'ERR_CANCELED', {}))).toBe(true);
  });

  it('runs the 401 flow except for the token and logout calls', () => {
    expect(triggersUnauthorizedFlow(401, '/user/api/v1/user/detail')).toBe(true);
    expect(triggersUnauthorizedFlow(401, '/auth/oauth/token?grant_type=password')).toBe(false);
    expect(triggersUnauthorizedFlow(401, '/auth/logout')).toBe(false);
    expect(triggersUnauthorizedFlow(403, '/user/api/v1/user/detail')).toBe(false);
  });
});

describe('body-code rules', () => {
  it('accepts code 0 and bodies without a code', () => {
    expect(handleBodyCode({ code: 0, message: '成功', res: { data: 1 } })).toEqual({ kind: 'ok' });
    expect(handleBodyCode('plain text')).toEqual({ kind: 'ok' });
    expect(handleBodyCode(null)).toEqual({ kind: 'ok' });
  });

  it('fails other codes with their message', () => {
    expect(handleBodyCode({ code: -1, message: '名称不能为空', res: null })).toEqual({
      kind: 'error',
      code: -1,
      message: '名称不能为空',
    });
  });

  it.each([7223, 9019, 9053])('does not toast code %i', (code) => {
    expect(handleBodyCode({ code, message: '需要处理', res: null })).toEqual({
      kind: 'silent',
      code,
      message: '需要处理',
    });
  });

  it('unwraps data and total, toasts a failing body and rejects', async () => {
    useAdapter((config) =>
      config.url === '/list'
        ? reply(config, 200, { code: 0, message: '成功', res: { data: [{ id: 1 }], total: 12 } })
        : reply(config, 200, { code: -1, message: '名称不能为空', res: null }),
    );
    await expect(getPage('/list')).resolves.toEqual({ data: [{ id: 1 }], total: 12 });
    await expect(get('/bad')).rejects.toMatchObject({ code: -1, message: '名称不能为空' });
    expect(toastError).toHaveBeenCalledWith('名称不能为空');
  });

  it('rejects a silent code without a toast', async () => {
    useAdapter((config) => reply(config, 200, { code: 9019, message: '已存在', res: null }));
    await expect(get('/silent')).rejects.toBeInstanceOf(ApiError);
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('the client', () => {
  it('sends the bearer token and the self-origin headers', async () => {
    storeSession();
    let seen: HttpRequestConfig | undefined;
    useAdapter((config) => {
      seen = config;
      return reply(config, 200, { code: 0, res: { data: 'ok' } });
    });
    await expect(get('/ping')).resolves.toBe('ok');
    expect(seen?.headers?.Authorization).toBe('Bearer access-1');
    expect(seen?.headers?.['X-Requested-With']).toBe('XMLHttpRequest');
    expect(seen?.headers?.['X-Client-Origin']).toBe(window.location.origin);
  });

  it('toasts HTTP failures with the server message', async () => {
    useAdapter((config) => reply(config, 409, { code: -1, message: '题库名称已存在', res: null }));
    await expect(get('/conflict')).rejects.toMatchObject({ status: 409 });
    expect(toastError).toHaveBeenCalledWith('题库名称已存在');
  });

  it('leaves a refusal naming a field to the form that asked (kpFieldErrors), and toasts the rest', async () => {
    const body = { code: -1, message: '账号「zs」已被使用', res: null, field: 'account' };
    useAdapter((config) => reply(config, 409, body));
    await expect(get('/staff/add', undefined, { kpFieldErrors: true })).rejects.toMatchObject({
      status: 409,
      field: 'account',
      message: '账号「zs」已被使用',
    });
    expect(toastError).not.toHaveBeenCalled();
    // Without a field the form cannot place it: toasted as usual.
    useAdapter((config) => reply(config, 409, { code: -1, message: '已有考生开始作答', res: null }));
    await expect(get('/exam/modify', undefined, { kpFieldErrors: true })).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledWith('已有考生开始作答');
    // A call that did not ask is toasted even with a field.
    toastError.mockClear();
    useAdapter((config) => reply(config, 409, body));
    await expect(get('/staff/add')).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledWith('账号「zs」已被使用');
  });

  it('shows no HTTP toast for notice calls', async () => {
    useAdapter((config) => reply(config, 500, { code: -1, message: '出错了', res: null }));
    await expect(get('/user/api/v1/notice/is/unread')).rejects.toBeInstanceOf(ApiError);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('shows no toast for calls made with kpSilent (exam saves retried in the background)', async () => {
    useAdapter(networkError);
    await expect(get('/down', undefined, { kpSilent: true })).rejects.toMatchObject({ status: undefined });
    useAdapter((config) => reply(config, 409, { code: -1, message: '考试时间已到', res: null }));
    await expect(get('/closed', undefined, { kpSilent: true })).rejects.toMatchObject({ status: 409 });
    useAdapter((config) => reply(config, 200, { code: -1, message: '失败', res: null }));
    await expect(get('/body', undefined, { kpSilent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('toasts when no response arrives', async () => {
    useAdapter(networkError);
    await expect(get('/down')).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledWith('未收到服务响应，请联系管理员！');
  });

  it('cancels pending requests silently', async () => {
    useAdapter(hang);
    const pending = get('/slow');
    await flush();
    expect(pendingRequestCount()).toBe(1);
    cancelPendingRequests();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(isCancelledRequest(error)).toBe(true);
    expect(toastError).not.toHaveBeenCalled();
    expect(pendingRequestCount()).toBe(0);
  });

  it('cancels the other pending requests on a 400', async () => {
    useAdapter((config) =>
      config.url === '/slow'
        ? hang(config)
        : reply(config, 400, { code: -1, message: '参数错误', res: null }),
    );
    const slow = get('/slow').catch((e: unknown) => e);
    await flush();
    await expect(get('/bad-input')).rejects.toMatchObject({ status: 400 });
    expect(isCancelledRequest(await slow)).toBe(true);
    expect(toastError).toHaveBeenCalledWith('参数错误');
  });

  it('on 401 clears the session, remembers the page and goes to /home', async () => {
    storeSession();
    window.history.replaceState(null, '', '/manage/console?tab=2');
    const navigate = vi.fn();
    registerNavigator(navigate);
    useAdapter((config) => reply(config, 401, { code: -1, message: '', res: null }));

    await expect(get('/user/api/v1/user/detail')).rejects.toMatchObject({ status: 401 });
    await flush();

    expect(window.localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.menuInfo)).toBeNull();
    expect(window.sessionStorage.getItem(REDIRECT_KEY)).toBe('/manage/console?tab=2');
    expect(navigate).toHaveBeenCalledWith('/home');
    expect(useSessionStore.getState().auth).toBeNull();
    expect(toastError).toHaveBeenCalledWith('未授权，请重新登录(401)');
  });

  it('rejects a token-endpoint error with the OAuth body as is', async () => {
    storeSession();
    const navigate = vi.fn();
    registerNavigator(navigate);
    const body = { error: 'invalid_grant', error_description: '用户名或密码错误' };
    useAdapter((config) => reply(config, 401, body));
    await expect(http.post('/auth/oauth/token?grant_type=password', 'username=a')).rejects.toEqual(body);
    await flush();
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.auth)).not.toBeNull();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('refreshes an expiring token once for concurrent calls', async () => {
    useSessionStore
      .getState()
      .setAuth({ access_token: 'old', refresh_token: 'refresh-1', expires_at: Date.now() + 1000 });
    expect(needsRefresh(useSessionStore.getState().auth)).toBe(true);
    const tokenCalls: string[] = [];
    const seen: string[] = [];
    useAdapter((config) => {
      if (String(config.url).includes('/auth/oauth/token')) {
        tokenCalls.push(String(config.url));
        return reply(config, 200, {
          access_token: 'new',
          refresh_token: 'refresh-2',
          token_type: 'bearer',
          expires_in: 7200,
        });
      }
      seen.push(String(config.headers?.Authorization));
      return reply(config, 200, { code: 0, res: { data: true } });
    });
    await Promise.all([get('/a'), get('/b'), get('/c')]);
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]).toContain('grant_type=refresh_token');
    expect(seen).toEqual(['Bearer new', 'Bearer new', 'Bearer new']);
    expect(useSessionStore.getState().auth?.refresh_token).toBe('refresh-2');
  });

  it('replays a call refused with 401 once after exchanging the refresh token', async () => {
    storeSession('refresh-1');
    const navigate = vi.fn();
    registerNavigator(navigate);
    const seen: string[] = [];
    useAdapter((config) => {
      if (String(config.url).includes('/auth/oauth/token')) {
        return reply(config, 200, {
          access_token: 'fresh',
          refresh_token: 'r2',
          token_type: 'bearer',
          expires_in: 60 * 60,
        });
      }
      seen.push(String(config.headers?.Authorization));
      return config.headers?.Authorization === 'Bearer fresh'
        ? reply(config, 200, { code: 0, res: { data: 'again' } })
        : reply(config, 401, { code: -1, message: '', res: null });
    });
    await expect(get('/user/api/v1/user/detail')).resolves.toBe('again');
    expect(seen).toEqual(['Bearer access-1', 'Bearer fresh']);
    expect(navigate).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
    expect(pendingRequestCount()).toBe(0);
  });
});
