import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from outside React (the HTTP client, the guard). The App component registers antd's contextual
 * instance so toasts pick up the edition theme; before that, antd's static API is used.
 */
let instance: MessageInstance | null = null;

export function registerMessageApi(api: MessageInstance | null): void {
  instance = api;
}

function api(): MessageInstance {
  return instance ?? staticMessage;
}

/** Same text within a burst of failures is shown once (e.g. five calls failing with 502). */
export const toast = {
  error(content: string): void {
    void api().error({ content, key: `error:${content}` });
  },
  warning(content: string): void {
    void api().warning({ content, key: `warning:${content}` });
  },
  success(content: string): void {
    void api().success({ content, key: `success:${content}` });
  },
  info(content: string): void {
    void api().info({ content, key: `info:${content}` });
  },
};
