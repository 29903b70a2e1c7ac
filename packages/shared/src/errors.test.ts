import { describe, expect, it } from 'vitest';
import {
  DEV_ERRORS,
  ERROR_SUFFIX,
  NO_RESPONSE_MESSAGE,
  REQUEST_SETUP_ERROR_MESSAGE,
  httpErrorMessage,
  httpErrorToastText,
  isBodyError,
  isSilentBodyCode,
  shouldToastBodyCode,
} from './errors';

describe('httpErrorMessage', () => {
  it.each([
    [400, '请求错误(400)'],
    [401, '未授权，请重新登录(401)'],
    [403, '拒绝访问(403)'],
    [404, '请求出错(404)'],
    [408, '请求超时(408)'],
    [500, '服务器错误(500)'],
    [501, '服务未实现(501)'],
    [502, '网络错误(502)'],
    [503, '服务不可用(503)'],
    [504, '网络超时(504)'],
    [505, 'HTTP版本不受支持(505)'],
    [402, '连接出错(402)'],
    [409, '连接出错(409)'],
    [0, '连接出错(0)'],
  ])('maps %i to %s', (status, message) => {
    expect(httpErrorMessage(status)).toBe(message);
  });
});

describe('httpErrorToastText', () => {
  it('appends the suffix only where trying again may help: timeouts and server faults', () => {
    expect(ERROR_SUFFIX).toBe('，请稍后重试！');
    expect(httpErrorToastText(408)).toBe('请求超时(408)，请稍后重试！');
    expect(httpErrorToastText(500)).toBe('服务器错误(500)，请稍后重试！');
    expect(httpErrorToastText(502, '上游不可用')).toBe('上游不可用，请稍后重试！');
    expect(httpErrorToastText(404)).toBe('请求出错(404)');
    expect(httpErrorToastText(499)).toBe('连接出错(499)');
  });

  it('lets a server message replace the default text, and a refusal stands without the suffix', () => {
    expect(httpErrorToastText(409, '名称已存在')).toBe('名称已存在');
    expect(httpErrorToastText(400, '手机号格式不正确')).toBe('手机号格式不正确');
  });

  it('ignores an empty or blank server message', () => {
    expect(httpErrorToastText(500, '')).toBe('服务器错误(500)，请稍后重试！');
    expect(httpErrorToastText(500, '  ')).toBe('服务器错误(500)，请稍后重试！');
    expect(httpErrorToastText(500, null)).toBe('服务器错误(500)，请稍后重试！');
  });
});

describe('body codes', () => {
  it('treats only 0 as OK', () => {
    expect(isBodyError(0)).toBe(false);
    expect(isBodyError(-1)).toBe(true);
    expect(isBodyError(7223)).toBe(true);
  });

  it('keeps 7223, 9019 and 9053 silent', () => {
    for (const code of [7223, 9019, 9053]) {
      expect(isSilentBodyCode(code)).toBe(true);
      expect(shouldToastBodyCode(code)).toBe(false);
    }
    expect(isSilentBodyCode(-1)).toBe(false);
    expect(shouldToastBodyCode(-1)).toBe(true);
    expect(shouldToastBodyCode(0)).toBe(false);
  });
});

describe('fixed messages', () => {
  it('match the catalogue', () => {
    expect(NO_RESPONSE_MESSAGE).toBe('未收到服务响应，请联系管理员！');
    expect(REQUEST_SETUP_ERROR_MESSAGE).toBe('请求超时!');
    expect(DEV_ERRORS).toEqual({
      MISSING_SLOT: '请添加插槽',
      MISSING_BUTTON_ID: '请为按钮添加id',
      MISSING_ROW_KEY: '请指定要编辑的行key',
      ROW_NOT_FOUND: '未找到当前值对应的行数据',
    });
  });
});
