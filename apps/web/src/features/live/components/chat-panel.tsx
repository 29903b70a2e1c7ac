import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Input, Typography } from 'antd';
import { LIVE_MESSAGE_MAX } from '@kaopei/shared/contracts/live';
import dayjs from 'dayjs';
import type { LiveMessage } from '../api';

/** The chat beside the picture: newest at the bottom, older ones on request, a box to write in. */
export function ChatPanel({
  messages,
  hasMore,
  onLoadOlder,
  onSend,
  myUserId,
}: {
  messages: LiveMessage[];
  hasMore: boolean;
  onLoadOlder: () => Promise<void>;
  onSend: (content: string) => Promise<void>;
  myUserId: number | null;
}) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [loading, setLoading] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const last = messages.at(-1)?.id;

  // New messages scroll into view.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [last]);

  const send = async () => {
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      await onSend(content);
      setDraft('');
    } catch {
      // The HTTP layer showed the message (too long, too fast …); the draft stays.
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="live-chat" aria-labelledby="live-chat-title">
      <Typography.Title level={5} id="live-chat-title" className="live-chat-title">
        讨论区
      </Typography.Title>
      {hasMore && (
        <Button
          type="link"
          size="small"
          loading={loading}
          onClick={async () => {
            setLoading(true);
            try {
              await onLoadOlder();
            } finally {
              setLoading(false);
            }
          }}
        >
          查看更早的消息
        </Button>
      )}
      <ol className="live-chat-list" ref={listRef} aria-live="polite" aria-label="聊天消息" tabIndex={0}>
        {messages.length === 0 && (
          <li>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有消息，来说第一句吧" />
          </li>
        )}
        {messages.map((m) => (
          <li key={m.id} className={m.userId === myUserId ? 'live-chat-item mine' : 'live-chat-item'}>
            <span className="live-chat-meta">
              {m.realName} · {dayjs(m.createdAt).format('HH:mm')}
            </span>
            <span className="live-chat-text">{m.content}</span>
          </li>
        ))}
      </ol>
      <form
        className="live-chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor="live-chat-input" className="kp-sr-only">
          发送消息
        </label>
        <Input.TextArea
          id="live-chat-input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            if (!event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
          maxLength={LIVE_MESSAGE_MAX}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder="说点什么…（Enter 发送）"
        />
        <Button type="primary" htmlType="submit" loading={sending} disabled={!draft.trim()}>
          发送
        </Button>
      </form>
    </section>
  );
}
