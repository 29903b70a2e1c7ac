import type { ReactNode } from 'react';
import { Badge, Button, Checkbox, Empty, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { relativeTime } from '@kaopei/shared';
import { LinkButton } from '../../../app/link-button';
import { PageError } from '../../../app/page-states';
import type { MessageFilter, NoticeMessage } from '../api';
import { isUnread, type MessageId } from '../pages/use-message-list';

interface MessageItemProps {
  message: NoticeMessage;
  isOpen: boolean;
  checked: boolean;
  marking: boolean;
  onToggle: (id: MessageId, checked: boolean) => void;
  onOpen: (message: NoticeMessage) => void;
  onMarkRead: (ids: MessageId[]) => void;
}

/** One message: its checkbox, the button that opens it, and "mark read" while unread. */
function MessageItem({ message, isOpen, checked, marking, onToggle, onOpen, onMarkRead }: MessageItemProps) {
  const unread = isUnread(message);
  return (
    <li
      className={unread ? 'kp-message__item kp-message__item--unread' : 'kp-message__item'}
      data-testid="message-item"
      data-unread={unread ? 'true' : 'false'}
    >
      <Checkbox
        checked={checked}
        onChange={(event) => onToggle(message.noticeReceiveId, event.target.checked)}
        aria-label="选择消息"
      />
      <button
        type="button"
        className="kp-message__main"
        onClick={() => onOpen(message)}
        aria-expanded={isOpen}
      >
        <span className="kp-message__head">
          {unread ? <Badge status="error" aria-label="未读" /> : null}
          <span className="kp-message__title">{message.title || '消息'}</span>
          {message.senderName ? null : <Tag variant="filled">系统通知</Tag>}
        </span>
        <Typography.Paragraph className="kp-message__content" ellipsis={isOpen ? false : { rows: 2 }}>
          {message.content}
        </Typography.Paragraph>
        <span className="kp-message__meta">
          {message.senderName ? <span>{message.senderName}</span> : null}
          <time
            dateTime={new Date(message.sendTime).toISOString()}
            title={dayjs(message.sendTime).format('YYYY-MM-DD HH:mm')}
          >
            {relativeTime(message.sendTime)}
          </time>
        </span>
      </button>
      {message.link ? (
        <LinkButton type="link" size="small" to={message.link}>
          前往查看
        </LinkButton>
      ) : null}
      {unread ? (
        <Button
          type="link"
          size="small"
          className="kp-message__read"
          onClick={() => onMarkRead([message.noticeReceiveId])}
          disabled={marking}
        >
          标为已读
        </Button>
      ) : null}
    </li>
  );
}

interface MessageListBodyProps extends Omit<MessageItemProps, 'message' | 'isOpen' | 'checked'> {
  filter: MessageFilter;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  rows: NoticeMessage[];
  expanded: MessageId | null;
  selected: MessageId[];
}

/** The list's body: loading, failed, empty, or the messages of the page. */
export function MessageListBody({
  filter,
  isPending,
  isError,
  onRetry,
  rows,
  expanded,
  selected,
  ...itemProps
}: MessageListBodyProps): ReactNode {
  if (isPending) {
    return (
      <div className="kp-page-state">
        <Spin />
      </div>
    );
  }
  if (isError) return <PageError description="消息加载失败，请稍后重试。" onRetry={onRetry} />;
  if (rows.length === 0) {
    return (
      <Empty className="kp-message__empty" description={filter === 'unread' ? '没有未读消息' : '暂无消息'} />
    );
  }
  return (
    <ul className="kp-message__list" aria-label="消息列表" data-testid="message-list">
      {rows.map((message) => (
        <MessageItem
          key={message.noticeReceiveId}
          message={message}
          isOpen={expanded === message.noticeReceiveId}
          checked={selected.includes(message.noticeReceiveId)}
          {...itemProps}
        />
      ))}
    </ul>
  );
}
