/** The error catalogue (spec §8). */
import { RESPONSE_OK, SILENT_BODY_CODES } from './constants';

/** Appended to the toast of a failure that trying again may cure: a timeout or the server's fault (5xx). */
export const ERROR_SUFFIX = '，请稍后重试！';

const HTTP_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  400: '请求错误(400)',
  401: '未授权，请重新登录(401)',
  403: '拒绝访问(403)',
  404: '请求出错(404)',
  408: '请求超时(408)',
  500: '服务器错误(500)',
  501: '服务未实现(501)',
  502: '网络错误(502)',
  503: '服务不可用(503)',
  504: '网络超时(504)',
  505: 'HTTP版本不受支持(505)',
};

/** Default text for an HTTP failure status (without the suffix). */
export function httpErrorMessage(status: number): string {
  return HTTP_ERROR_MESSAGES[status] ?? `连接出错(${status})`;
}

/** Whether trying again later may help: a timeout (408) or the server's fault (5xx). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status >= 500;
}

/**
 * Full toast text for an HTTP failure: a server-supplied message replaces the default; the suffix only
 * where trying again may help ("账号已被使用，请稍后重试！" would tell a person to wait for nothing).
 */
export function httpErrorToastText(status: number, serverMessage?: string | null): string {
  const text = serverMessage && /\S/.test(serverMessage) ? serverMessage : httpErrorMessage(status);
  return isRetryableStatus(status) ? `${text}${ERROR_SUFFIX}` : text;
}

/** Shown when a request got no response at all. */
export const NO_RESPONSE_MESSAGE = '未收到服务响应，请联系管理员！';
/** Shown when a request could not even be set up. */
export const REQUEST_SETUP_ERROR_MESSAGE = '请求超时!';

/** Body codes 7223, 9019 and 9053 never raise a toast. */
export function isSilentBodyCode(code: number): boolean {
  return (SILENT_BODY_CODES as readonly number[]).includes(code);
}

/** A body code other than 0 is an error; the call is rejected. */
export function isBodyError(code: number): boolean {
  return code !== RESPONSE_OK;
}

/** Whether a body-level error should be shown as a toast (non-zero and not one of the silent codes). */
export function shouldToastBodyCode(code: number): boolean {
  return isBodyError(code) && !isSilentBodyCode(code);
}

/** Errors that point at a programming mistake rather than a user action. */
export const DEV_ERRORS = {
  MISSING_SLOT: '请添加插槽',
  MISSING_BUTTON_ID: '请为按钮添加id',
  MISSING_ROW_KEY: '请指定要编辑的行key',
  ROW_NOT_FOUND: '未找到当前值对应的行数据',
} as const;
export type DevErrorKey = keyof typeof DEV_ERRORS;
