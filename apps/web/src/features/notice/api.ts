import { MESSAGE_PREVIEW_SIZE } from '@kaopei/shared';
import { noticeContracts as notices, type NoticeRow } from '@kaopei/shared/contracts/notice';
import { call, callPage } from '../../lib/api';
import type { Page } from '../../lib/http';

/** The message bell (contracts: packages/shared/src/contracts/notice.ts). */

/** A row of the message bell and the message box. */
export type NoticeMessage = NoticeRow;

export const noticeKeys = {
  unreadFlag: ['notice', 'unread-flag'] as const,
  bellList: ['notice', 'bell-list'] as const,
};

/** True when the caller has unread notices. */
export function fetchHasUnread(): Promise<boolean> {
  return call(notices.hasUnread);
}

/** One zero-based page of the bell's list, five rows at a time (spec §9). */
export function fetchBellMessages(
  page: number,
  userId: number | string | undefined,
): Promise<Page<NoticeMessage>> {
  return callPage(notices.bell, { query: { page, size: MESSAGE_PREVIEW_SIZE }, body: { type: 0, userId } });
}

/** Marks one message (by noticeReceiveId) read. */
export async function markMessageRead(messageId: number | string): Promise<void> {
  await call(notices.readMessage, { query: { messageId } });
}
