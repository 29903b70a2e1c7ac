import { useState, type ReactNode } from 'react';
import { Card } from 'antd';
import { useSessionStore } from '../../../stores/session-store';
import { PublicLayout } from '../../../components/public-layout';
import type { MessageFilter, NoticeMessage } from '../api';
import { ComposeMessageDialog } from '../components/compose-message-dialog';
import { MessageListBody } from '../components/message-list';
import { MessageHeader, MessagePager, MessageTabs, MessageToolbar } from '../components/message-page-parts';
import { SmsDialog } from '../components/sms-dialog';
import { isUnread, useMarkMessagesRead, useMessageList, type MessageId } from './use-message-list';
import '../message.css';

/** /personal/message: the signed-in user's messages and notices, five per page (spec §9). */
export default function MessagePage(): ReactNode {
  const isAdmin = useSessionStore((state) => Boolean(state.userInfo?.isAdmin));
  const [filter, setFilter] = useState<MessageFilter>('all');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<MessageId[]>([]);
  const [expanded, setExpanded] = useState<MessageId | null>(null);
  const [composeOpen, setComposeOpen] = useState(false);
  const [smsOpen, setSmsOpen] = useState(false);
  const { marking, markRead, markAll } = useMarkMessagesRead(setSelected);
  const { list, rows, total, pageCount, unread } = useMessageList(filter, page, setPage);

  const open = (message: NoticeMessage) => {
    setExpanded((current) => (current === message.noticeReceiveId ? null : message.noticeReceiveId));
    if (isUnread(message)) void markRead([message.noticeReceiveId]);
  };

  const toggle = (id: MessageId, checked: boolean) =>
    setSelected((current) => (checked ? [...current, id] : current.filter((x) => x !== id)));

  return (
    <PublicLayout>
      <div className="kp-message">
        <MessageHeader
          unread={unread}
          isAdmin={isAdmin}
          onCompose={() => setComposeOpen(true)}
          onSms={() => setSmsOpen(true)}
        />
        <Card className="kp-message__card">
          <MessageTabs
            filter={filter}
            unread={unread}
            onChange={(key) => {
              setFilter(key);
              setPage(0);
              setSelected([]);
            }}
          />
          <MessageToolbar
            pageIds={rows.map((row) => row.noticeReceiveId)}
            selected={selected}
            setSelected={setSelected}
            unread={unread}
            marking={marking}
            onMarkSelected={() => void markRead(selected)}
            onMarkAll={() => void markAll()}
          />
          <MessageListBody
            filter={filter}
            isPending={list.isPending}
            isError={list.isError}
            onRetry={() => void list.refetch()}
            rows={rows}
            expanded={expanded}
            selected={selected}
            marking={marking}
            onToggle={toggle}
            onOpen={open}
            onMarkRead={(ids) => void markRead(ids)}
          />
          <MessagePager
            total={total}
            page={page}
            pageCount={pageCount}
            onChange={(next) => {
              setPage(next);
              setExpanded(null);
            }}
          />
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
