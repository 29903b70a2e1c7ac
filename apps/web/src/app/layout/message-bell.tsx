import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Dropdown } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { noticePageCount, MESSAGE_PREVIEW_SIZE } from '@kaopei/shared';
import {
  fetchBellMessages,
  fetchHasUnread,
  markMessageRead,
  noticeKeys,
  type NoticeMessage,
} from '../../features/notice/api';
import type { Page } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { BellPanel, isUnread } from './bell-panel';

/** The unread flag is polled once a minute (and on every opening of the dropdown). */
export const UNREAD_POLL_MS = 60_000;

/**
 * The bell's data: the unread flag (polled), the message pages (loaded while open), and marking a
 * message read when hovered (once at a time per message; the flag is fetched again after).
 */
function useBellMessages(open: boolean) {
  const queryClient = useQueryClient();
  const userId = useSessionStore((state) => state.userInfo?.userId);
  const markingRef = useRef(new Set<NoticeMessage['noticeReceiveId']>());

  const unread = useQuery({
    queryKey: noticeKeys.unreadFlag,
    queryFn: fetchHasUnread,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });

  const list = useInfiniteQuery({
    queryKey: [...noticeKeys.bellList, userId],
    queryFn: ({ pageParam }) => fetchBellMessages(pageParam, userId),
    initialPageParam: 0,
    getNextPageParam: (last: Page<NoticeMessage>, pages) => {
      const next = pages.length;
      return next < noticePageCount(last.total, MESSAGE_PREVIEW_SIZE) ? next : undefined;
    },
    enabled: open,
    staleTime: 0,
  });

  const items = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);

  const handleHoverUnread = useCallback(
    (message: NoticeMessage) => {
      const id = message.noticeReceiveId;
      if (markingRef.current.has(id)) return;
      markingRef.current.add(id);
      markMessageRead(id)
        .then(() => {
          queryClient.setQueryData<InfiniteData<Page<NoticeMessage>, number>>(
            [...noticeKeys.bellList, userId],
            (data) =>
              data && {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  data: page.data.map((row) => (row.noticeReceiveId === id ? { ...row, status: 0 } : row)),
                })),
              },
          );
          return queryClient.invalidateQueries({ queryKey: noticeKeys.unreadFlag });
        })
        .catch(() => undefined)
        .finally(() => markingRef.current.delete(id));
    },
    [queryClient, userId],
  );

  return { queryClient, unread, list, items, handleHoverUnread };
}

/** The message bell of the top bar (spec §2). */
export function MessageBell(): ReactNode {
  const [open, setOpen] = useState(false);
  const bellRef = useRef<HTMLButtonElement>(null);
  const { queryClient, unread, list, items, handleHoverUnread } = useBellMessages(open);

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      void unread.refetch();
      // Start from the first page each time the dropdown opens.
      void queryClient.resetQueries({ queryKey: noticeKeys.bellList });
    }
  };

  const hasUnread = unread.data === true;

  return (
    <Dropdown
      open={open}
      onOpenChange={handleOpenChange}
      trigger={['click']}
      placement="bottomRight"
      destroyOnHidden
      popupRender={() => (
        <BellPanel
          items={items}
          loading={list.isPending && list.fetchStatus !== 'idle'}
          error={list.isError}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          onRetry={() => void list.refetch()}
          onHoverUnread={handleHoverUnread}
          onOpenLink={(message) => {
            if (isUnread(message)) handleHoverUnread(message);
            setOpen(false);
          }}
          onClose={() => {
            setOpen(false);
            bellRef.current?.focus();
          }}
        />
      )}
    >
      <Button
        ref={bellRef}
        type="text"
        className="kp-topbar__icon-btn"
        aria-label={hasUnread ? '消息（有未读）' : '消息'}
        data-testid="message-bell"
      >
        <Badge dot={hasUnread} offset={[-2, 2]} data-testid={hasUnread ? 'bell-dot' : undefined}>
          <BellOutlined className="kp-topbar__icon" />
        </Badge>
      </Button>
    </Dropdown>
  );
}
