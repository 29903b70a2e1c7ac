import { NOTICE_PAGE_SIZE } from '@kaopei/shared';
import { noticeContracts as notices } from '@kaopei/shared/contracts/notice';
import { call, callPage, type BodyIn } from '../../lib/api';
import type { Page } from '../../lib/http';
import type { NoticeMessage } from '../notice/api';

/**
 * The message box and sending messages (contracts: packages/shared/src/contracts/notice.ts; the pickers
 * use department.ts and staff.ts).
 */

export type { NoticeMessage };
export type SendMessageForm = BodyIn<typeof notices.send>;

/** Which part of the message box a tab shows. */
export type MessageFilter = 'all' | 'unread';

export const messageKeys = {
  all: ['message'] as const,
  list: (filter: MessageFilter, page: number) => ['message', 'list', filter, page] as const,
  unreadCount: ['message', 'unread-count'] as const,
};

/** One page (zero-based) of the caller's messages, five per page (spec §9), newest first. */
export function fetchMessages(filter: MessageFilter, page: number): Promise<Page<NoticeMessage>> {
  return callPage(notices.list, {
    query: { page, size: NOTICE_PAGE_SIZE, status: filter === 'unread' ? 1 : undefined },
  });
}

/** Number of unread messages (the total of the unread list). */
export async function fetchUnreadCount(): Promise<number> {
  const page = await callPage(notices.list, { query: { page: 0, size: 1, status: 1 } });
  return page.total;
}

export async function markMessagesRead(ids: readonly (number | string)[]): Promise<number> {
  const data = await call(notices.read, { body: [...ids] });
  return data.count;
}

export async function markAllMessagesRead(): Promise<number> {
  const data = await call(notices.readAll);
  return data.count;
}

/** Administrators: sends a message to staff and/or departments (with sub-departments); returns the count. */
export async function sendMessage(form: SendMessageForm): Promise<number> {
  const data = await call(notices.send, { body: form });
  return data.count;
}

/** Administrators: a text message to a staff member's phone. */
export function sendSmsInfo(phone: string, content: string) {
  return call(notices.sendSms, { body: { phone, content } });
}

