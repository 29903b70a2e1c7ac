import { useCallback, type ReactNode, type UIEvent } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Empty, Spin, Typography } from 'antd';
import { bellTime, NO_MESSAGES } from '@kaopei/shared';
import type { NoticeMessage } from '../../features/notice/api';
import { BellFooter } from '../../features/notice/bell-footer';
import { focusOnMount, trapTab } from '../../lib/focus-trap';

/** Distance from the bottom, in px, at which the next page is requested. */
const LOAD_MORE_THRESHOLD_PX = 24;

export interface BellPanelProps {
  items: readonly NoticeMessage[];
  loading: boolean;
  error: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  /** Called when the pointer enters an unread row (marks it read). */
  onHoverUnread: (message: NoticeMessage) => void;
  /** Called when a message with a link is opened (the link navigates; the dropdown should close). */
  onOpenLink?: (message: NoticeMessage) => void;
  /** Esc: close the panel and give the focus back to the bell. */
  onClose?: () => void;
  now?: number;
}

export function isUnread(message: Pick<NoticeMessage, 'status'>): boolean {
  return Boolean(message.status);
}

interface BellItemProps {
  message: NoticeMessage;
  onHoverUnread: (message: NoticeMessage) => void;
  onOpenLink?: (message: NoticeMessage) => void;
  now?: number;
}

/**
 * One message: title, two lines of content, sender; a red dot while unread, else the time. A message
 * about a page (an exam) is a link to it.
 */
function BellItem({ message, onHoverUnread, onOpenLink, now }: BellItemProps): ReactNode {
  const unread = isUnread(message);
  const title = message.title ? <div className="kp-bell__item-title">{message.title}</div> : null;
  return (
    <li
      className={unread ? 'kp-bell__item kp-bell__item--unread' : 'kp-bell__item'}
      data-testid="bell-item"
      data-unread={unread ? 'true' : 'false'}
      onMouseEnter={unread ? () => onHoverUnread(message) : undefined}
      onFocus={unread ? () => onHoverUnread(message) : undefined}
      tabIndex={message.link ? undefined : 0}
    >
      <div className="kp-bell__item-main">
        {message.link ? (
          <Link className="kp-bell__item-link" to={message.link} onClick={() => onOpenLink?.(message)}>
            {title ?? '查看详情'}
          </Link>
        ) : (
          title
        )}
        <Typography.Paragraph className="kp-bell__item-content" ellipsis={{ rows: 2 }}>
          {message.content}
        </Typography.Paragraph>
        {message.senderName ? (
          <Typography.Text type="secondary" className="kp-bell__item-sender">
            {message.senderName}
          </Typography.Text>
        ) : null}
      </div>
      <div className="kp-bell__item-meta">
        {unread ? (
          <Badge status="error" aria-label="未读" data-testid="bell-unread-dot" />
        ) : (
          <Typography.Text type="secondary" className="kp-bell__time">
            {bellTime(message.sendTime, now)}
          </Typography.Text>
        )}
      </div>
    </li>
  );
}

/** The bell's dropdown: messages with infinite scroll, '暂无消息' when there are none. */
export function BellPanel({
  items,
  loading,
  error,
  hasMore,
  loadingMore,
  onLoadMore,
  onRetry,
  onHoverUnread,
  onOpenLink,
  onClose,
  now,
}: BellPanelProps): ReactNode {
  const handleScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      const el = event.currentTarget;
      if (
        hasMore &&
        !loadingMore &&
        el.scrollTop + el.clientHeight >= el.scrollHeight - LOAD_MORE_THRESHOLD_PX
      ) {
        onLoadMore();
      }
    },
    [hasMore, loadingMore, onLoadMore],
  );

  let body: ReactNode;
  if (loading) {
    body = (
      <div className="kp-bell__state">
        <Spin />
      </div>
    );
  } else if (error) {
    body = (
      <div className="kp-bell__state">
        <Typography.Text type="secondary">消息加载失败</Typography.Text>
        <Button size="small" type="link" onClick={onRetry}>
          重试
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="kp-bell__state">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_MESSAGES} />
      </div>
    );
  } else {
    body = (
      <ul className="kp-bell__list" aria-label="消息列表">
        {items.map((message) => (
          <BellItem
            key={message.noticeReceiveId}
            message={message}
            onHoverUnread={onHoverUnread}
            onOpenLink={onOpenLink}
            now={now}
          />
        ))}
        {hasMore || loadingMore ? (
          <li className="kp-bell__more">
            {loadingMore ? (
              <Spin size="small" />
            ) : (
              <Button type="link" size="small" onClick={onLoadMore}>
                加载更多
              </Button>
            )}
          </li>
        ) : null}
      </ul>
    );
  }

  return (
    // Focus moves into the panel when it opens and Tab stays inside; Esc closes it and focuses the bell.
    <div
      className="kp-bell"
      role="dialog"
      aria-label="消息"
      tabIndex={-1}
      ref={focusOnMount}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose?.();
        else trapTab(event);
      }}
    >
      <div className="kp-bell__header">消息通知</div>
      <div className="kp-bell__body" onScroll={handleScroll} data-testid="bell-scroll">
        {body}
      </div>
      <BellFooter />
    </div>
  );
}
