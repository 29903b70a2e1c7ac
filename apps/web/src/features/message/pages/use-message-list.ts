import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { noticePageCount } from '@kaopei/shared';
import { toast } from '../../../lib/feedback';
import { noticeKeys } from '../../notice/api';
import {
  fetchMessages,
  fetchUnreadCount,
  markAllMessagesRead,
  markMessagesRead,
  messageKeys,
  type MessageFilter,
  type NoticeMessage,
} from '../api';

export type MessageId = NoticeMessage['noticeReceiveId'];

export const isUnread = (message: Pick<NoticeMessage, 'status'>) => Boolean(message.status);

/** One page of the chosen tab's messages and the unread count; a page emptied steps back. */
export function useMessageList(filter: MessageFilter, page: number, setPage: (page: number) => void) {
  const list = useQuery({
    queryKey: messageKeys.list(filter, page),
    queryFn: () => fetchMessages(filter, page),
    // Keep the rows while paging within a tab, but never show one tab's rows under the other.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === filter ? keepPreviousData(previous) : undefined,
    staleTime: 0,
  });
  const unreadCount = useQuery({
    queryKey: messageKeys.unreadCount,
    queryFn: fetchUnreadCount,
    staleTime: 0,
  });

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const pageCount = noticePageCount(total);

  // A page emptied by marking messages read on the unread tab steps back.
  const emptiedPage = list.isSuccess && !list.isPlaceholderData && rows.length === 0 && page > 0;
  useEffect(() => {
    if (emptiedPage) setPage(Math.max(0, pageCount - 1));
  }, [emptiedPage, pageCount, setPage]);

  return { list, rows, total, pageCount, unread: unreadCount.data ?? 0 };
}

/** Marking some or all messages read, then refreshing the message box and the bell. */
export function useMarkMessagesRead(setSelected: Dispatch<SetStateAction<MessageId[]>>) {
  const queryClient = useQueryClient();
  const [marking, setMarking] = useState(false);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: messageKeys.all }),
      queryClient.invalidateQueries({ queryKey: noticeKeys.unreadFlag }),
      queryClient.invalidateQueries({ queryKey: noticeKeys.bellList }),
    ]);
  };

  const markRead = async (ids: MessageId[]) => {
    if (ids.length === 0) return;
    setMarking(true);
    try {
      await markMessagesRead(ids);
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      await refresh();
    } catch {
      // Notice calls are silent in the HTTP client (spec §8): say it here.
      toast.error('标记已读失败，请稍后重试');
    } finally {
      setMarking(false);
    }
  };

  const markAll = async () => {
    setMarking(true);
    try {
      const count = await markAllMessagesRead();
      setSelected([]);
      toast.success(count > 0 ? `已将 ${count} 条消息标为已读` : '没有未读消息');
      await refresh();
    } catch {
      toast.error('操作失败，请稍后重试');
    } finally {
      setMarking(false);
    }
  };

  return { marking, markRead, markAll };
}
