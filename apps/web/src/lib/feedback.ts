import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from outside React (the HTTP client, the guard). AppFeedback (app/app-feedback.tsx) registers
 * antd's contextual message API once it has loaded, so toasts pick up the edition theme; toasts asked for
 * before that wait for it (antd's message is not in the entry, issue 14 point 8).
 */
let instance: MessageInstance | null = null;
const waiting: (() => void)[] = [];

export function registerMessageApi(api: MessageInstance | null): void {
  instance = api;
  if (api) for (const show of waiting.splice(0)) show();
}

function show(kind: 'error' | 'warning' | 'success' | 'info', content: string): void {
  const run = () => void instance?.[kind]({ content, key: `${kind}:${content}` });
  if (instance) run();
  else waiting.push(run);
}

/** Same text within a burst of failures is shown once (e.g. five calls failing with 502). */
export const toast = {
  error(content: string): void {
    show('error', content);
  },
  warning(content: string): void {
    show('warning', content);
  },
  success(content: string): void {
    show('success', content);
  },
  info(content: string): void {
    show('info', content);
  },
};
