import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildQuery, buildUrl, encodeBody, HttpError, parseText, sendRequest } from './http-transport';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request building', () => {
  it('repeats array keys, leaves out empty values and joins an existing query', () => {
    expect(buildQuery({ ids: [1, 2], keyword: '安 全', page: 0, none: undefined, nil: null, on: true })).toBe(
      'ids=1&ids=2&keyword=%E5%AE%89+%E5%85%A8&page=0&on=true',
    );
    expect(buildUrl({ baseURL: '/base', url: '/a?grant_type=password', params: { x: 1 } })).toBe(
      '/base/a?grant_type=password&x=1',
    );
    expect(buildUrl({ baseURL: '/base', url: 'http://other/x' })).toBe('http://other/x');
  });

  it('sends plain objects as JSON and forms, text and bytes as they are', () => {
    expect(encodeBody({ data: { a: 1 } })).toEqual({
      body: '{"a":1}',
      headers: { 'Content-Type': 'application/json' },
    });
    const form = new URLSearchParams({ a: '1' });
    expect(encodeBody({ data: form, headers: { 'content-type': 'x' } })).toEqual({
      body: form,
      headers: { 'content-type': 'x' },
    });
    expect(encodeBody({}).body).toBeUndefined();
  });

  it('reads JSON when it parses, else the text', () => {
    expect(parseText('{"code":0}')).toEqual({ code: 0 });
    expect(parseText('not json')).toBe('not json');
    expect(parseText('')).toBe('');
  });
});

describe('fetch transport', () => {
  it('resolves 2xx with the parsed body and lower-case headers, rejects other statuses with the response', async () => {
    const fetchMock = vi.fn(
      async (_url: string, init: RequestInit) =>
        new Response(JSON.stringify({ code: 0, method: init.method }), {
          status: init.method === 'POST' ? 409 : 200,
          headers: { 'Content-Disposition': 'attachment' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const ok = await sendRequest({ url: '/x', params: { id: 3 } });
    expect(ok).toMatchObject({ status: 200, data: { code: 0, method: 'GET' } });
    expect(ok.headers['content-disposition']).toBe('attachment');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/x?id=3');
    const failure: unknown = await sendRequest({ url: '/y', method: 'post', data: { a: 1 } }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ code: 'ERR_BAD_RESPONSE', response: { status: 409 } });
    // validateStatus lets a caller take 4xx replies itself (downloads).
    await expect(
      sendRequest({ url: '/y', method: 'POST', validateStatus: (status) => status < 500 }),
    ).resolves.toMatchObject({ status: 409 });
  });

  it('tells a cancellation, a timeout and a network failure apart', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const cancelled = sendRequest({ url: '/slow', signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await cancelled).toMatchObject({ code: 'ERR_CANCELED', response: undefined });
    const timedOut: unknown = await sendRequest({ url: '/slow', timeout: 10 }).catch((e: unknown) => e);
    expect(timedOut).toMatchObject({ code: 'ECONNABORTED', response: undefined });

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await sendRequest({ url: '/down' }).catch((e: unknown) => e)).toMatchObject({
      code: 'ERR_NETWORK',
    });
  });
});
