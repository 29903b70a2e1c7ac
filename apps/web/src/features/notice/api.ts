import { MESSAGE_PREVIEW_SIZE } from '@kaopei/shared';
import { post, postPage, type Page } from '../../lib/http';

/** A row of the message bell / notice list (docs/api.md). */
export interface NoticeMessage {
  noticeReceiveId: number | string;
  title?: string | null;
  content: string;
  /** Truthy means unread (1), 0 read. */
  status: number | boolean;
  /** Epoch milliseconds. */
  sendTime: number;
  senderName?: string | null;
}

export const noticeKeys = {
  unreadFlag: ['notice', 'unread-flag'] as const,
  bellList: ['notice', 'bell-list'] as const,
};

/** `POST /user/api/v1/notice/is/unread`: true when the caller has unread notices. */
export async function fetchHasUnread(): Promise<boolean> {
  const flag = await post<boolean | null>('/user/api/v1/notice/is/unread');
  return flag === true;
}

/** One zero-based page of the bell's list, five rows at a time (spec §9). */
export async function fetchBellMessages(
  page: number,
  userId: number | string | undefined,
): Promise<Page<NoticeMessage>> {
  return postPage<NoticeMessage>(
    '/user/api/v1/user/message/unread',
    { type: 0, userId },
    { params: { page, size: MESSAGE_PREVIEW_SIZE } },
  );
}

/** Marks one message (by noticeReceiveId) read. */
export async function markMessageRead(messageId: number | string): Promise<void> {
  await post<unknown>('/user/api/v1/user/message/read', null, { params: { messageId } });
}
