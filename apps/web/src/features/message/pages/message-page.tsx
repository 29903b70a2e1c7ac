import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Card, Checkbox, Empty, Pagination, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { CheckOutlined, MailOutlined, MessageOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { NOTICE_PAGE_SIZE, noticePageCount, relativeTime } from '@kaopei/shared';
import { PageError } from '../../../app/page-states';
import { toast } from '../../../lib/feedback';
import { useSessionStore } from '../../../stores/session-store';
import { noticeKeys } from '../../notice/api';
import { PublicLayout } from '../../../components/public-layout';
import {
  fetchMessages,
  fetchUnreadCount,
  markAllMessagesRead,
  markMessagesRead,
  messageKeys,
  type MessageFilter,
  type NoticeMessage,
} from '../api';
import { ComposeMessageDialog } from '../components/compose-message-dialog';
import { SmsDialog } from '../components/sms-dialog';
import '../message.css';

type MessageId = NoticeMessage['noticeReceiveId'];

const isUnread = (message: Pick<NoticeMessage, 'status'>) => Boolean(message.status);

/** /personal/message: the signed-in user's messages and notices, five per page (spec §9). */
export default function MessagePage(): ReactNode {
  const queryClient = useQueryClient();
  const isAdmin = useSessionStore((state) => Boolean(state.userInfo?.isAdmin));
  const [filter, setFilter] = useState<MessageFilter>('all');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<MessageId[]>([]);
  const [expanded, setExpanded] = useState<MessageId | null>(null);
  const [composeOpen, setComposeOpen] = useState(false);
  const [smsOpen, setSmsOpen] = useState(false);
  const [marking, setMarking] = useState(false);

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
  }, [emptiedPage, pageCount]);

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

  const open = (message: NoticeMessage) => {
    setExpanded((current) => (current === message.noticeReceiveId ? null : message.noticeReceiveId));
    if (isUnread(message)) void markRead([message.noticeReceiveId]);
  };

  const toggle = (id: MessageId, checked: boolean) =>
    setSelected((current) => (checked ? [...current, id] : current.filter((x) => x !== id)));

  const pageIds = rows.map((row) => row.noticeReceiveId);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="kp-page-state">
        <Spin />
      </div>
    );
  } else if (list.isError) {
    body = <PageError description="消息加载失败，请稍后重试。" onRetry={() => void list.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <Empty className="kp-message__empty" description={filter === 'unread' ? '没有未读消息' : '暂无消息'} />
    );
  } else {
    body = (
      <ul className="kp-message__list" aria-label="消息列表" data-testid="message-list">
        {rows.map((message) => {
          const unread = isUnread(message);
          const isOpen = expanded === message.noticeReceiveId;
          return (
            <li
              key={message.noticeReceiveId}
              className={unread ? 'kp-message__item kp-message__item--unread' : 'kp-message__item'}
              data-testid="message-item"
              data-unread={unread ? 'true' : 'false'}
            >
              <Checkbox
                checked={selected.includes(message.noticeReceiveId)}
                onChange={(event) => toggle(message.noticeReceiveId, event.target.checked)}
                aria-label="选择消息"
              />
              <button
                type="button"
                className="kp-message__main"
                onClick={() => open(message)}
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
              {unread ? (
                <Button
                  type="link"
                  size="small"
                  className="kp-message__read"
                  onClick={() => void markRead([message.noticeReceiveId])}
                  disabled={marking}
                >
                  标为已读
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }

  const unread = unreadCount.data ?? 0;
  return (
    <PublicLayout>
      <div className="kp-message">
        <header className="kp-message__header">
          <div>
            <Typography.Title level={3} className="kp-message__heading">
              消息中心
            </Typography.Title>
            <Typography.Text type="secondary">
              {unread > 0 ? `${unread} 条未读消息` : '没有未读消息'}
            </Typography.Text>
          </div>
          {isAdmin ? (
            <Space wrap>
              <Button
                type="primary"
                icon={<SendOutlined />}
                onClick={() => setComposeOpen(true)}
                data-testid="compose-message"
              >
                发送消息
              </Button>
              <Button icon={<MessageOutlined />} onClick={() => setSmsOpen(true)}>
                短信通知
              </Button>
            </Space>
          ) : null}
        </header>
        <Card className="kp-message__card">
          <Tabs
            activeKey={filter}
            onChange={(key) => {
              setFilter(key as MessageFilter);
              setPage(0);
              setSelected([]);
            }}
            items={[
              { key: 'all', label: '全部' },
              { key: 'unread', label: unread > 0 ? `未读（${unread}）` : '未读' },
            ]}
          />
          <div className="kp-message__toolbar">
            <Checkbox
              checked={allOnPage}
              indeterminate={!allOnPage && pageIds.some((id) => selected.includes(id))}
              onChange={(event) =>
                setSelected((current) =>
                  event.target.checked
                    ? [...new Set([...current, ...pageIds])]
                    : current.filter((id) => !pageIds.includes(id)),
                )
              }
              disabled={pageIds.length === 0}
            >
              本页全选
            </Checkbox>
            <Space wrap>
              <Button
                icon={<CheckOutlined />}
                onClick={() => void markRead(selected)}
                disabled={selected.length === 0}
                loading={marking}
                data-testid="mark-selected-read"
              >
                标记所选已读{selected.length ? `（${selected.length}）` : ''}
              </Button>
              <Button
                icon={<MailOutlined />}
                onClick={() => void markAll()}
                disabled={unread === 0}
                loading={marking}
                data-testid="mark-all-read"
              >
                全部标为已读
              </Button>
            </Space>
          </div>
          {body}
          {total > NOTICE_PAGE_SIZE ? (
            <div className="kp-message__pager">
              <Typography.Text type="secondary">
                共 {total} 条，第 {page + 1} / {pageCount} 页
              </Typography.Text>
              <Pagination
                current={page + 1}
                pageSize={NOTICE_PAGE_SIZE}
                total={total}
                showSizeChanger={false}
                size="small"
                onChange={(next) => {
                  setPage(next - 1);
                  setExpanded(null);
                }}
              />
            </div>
          ) : null}
        </Card>
      </div>
      {isAdmin ? (
        <>
          <ComposeMessageDialog open={composeOpen} onClose={() => setComposeOpen(false)} />
          <SmsDialog open={smsOpen} onClose={() => setSmsOpen(false)} />
        </>
      ) : null}
    </PublicLayout>
  );
}
