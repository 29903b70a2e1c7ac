import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Result, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_HEARTBEAT_SECONDS } from '@kaopei/shared/contracts/live';
import { LIVE_STATUS_LABELS } from '@kaopei/shared';
import { PageError, PageLoading } from '../../../app/page-states';
import { storage } from '../../../lib/storage';
import { formatDateTime } from '../../../lib/time-format';
import {
  fetchMessages,
  fetchRoom,
  followRoom,
  liveKeys,
  sendHeartbeat,
  sendMessage,
  type LiveMessage,
} from '../api';
import { AdminPanel } from '../components/admin-panel';
import { ChatPanel } from '../components/chat-panel';
import { LivePlayer, RecordingPlayer } from '../components/live-player';
import { StatusBanner } from '../components/status-banner';
import { mergeMessages } from '../live-rules';
import '../live.css';

const STATUS_COLORS = { scheduled: 'orange', live: 'green', ended: 'default' } as const;

/** /live?sectionId=…: a live class — the picture, its state, the chat; for administrators push and attendance. */
export default function LivePage() {
  const [params] = useSearchParams();
  const sectionId = Number(params.get('sectionId'));
  if (!Number.isInteger(sectionId) || sectionId <= 0)
    return <Result status="404" title="直播不存在" subTitle="链接中缺少直播编号，请从课程页面进入。" />;
  return <LiveRoomView sectionId={sectionId} />;
}

function LiveRoomView({ sectionId }: { sectionId: number }) {
  const queryClient = useQueryClient();
  const room = useQuery({
    queryKey: liveKeys.room(sectionId),
    queryFn: async () => {
      const data = await fetchRoom(sectionId);
      return { ...data, clockOffset: data.serverTime - Date.now() };
    },
    retry: false,
  });
  const [messages, setMessages] = useState<LiveMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const myUserId = Number(storage.getUserInfo()?.userId ?? 0) || null;
  const ready = room.isSuccess;

  const reloadMessages = useCallback(async () => {
    const page = await fetchMessages(sectionId);
    setMessages((current) => mergeMessages(current, page.messages));
    setHasMore((more) => more || page.hasMore);
  }, [sectionId]);

  // The stream: chat messages as they come, status changes reload the room (the HLS address, the recording).
  useEffect(() => {
    if (!ready) return;
    return followRoom(sectionId, {
      onOpen: () => void reloadMessages().catch(() => undefined),
      onEvent: (event) => {
        if (event.kind === 'message') setMessages((current) => mergeMessages(current, [event.message]));
        else void queryClient.invalidateQueries({ queryKey: liveKeys.room(sectionId) });
      },
    });
  }, [ready, sectionId, reloadMessages, queryClient]);

  // Attendance: a heartbeat at once and every 30 s while the page is open.
  const beats = useRef(0);
  useEffect(() => {
    if (!ready) return;
    const beat = () => {
      beats.current += 1;
      void sendHeartbeat(sectionId).catch(() => undefined);
    };
    beat();
    const timer = setInterval(beat, LIVE_HEARTBEAT_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [ready, sectionId]);

  // The recording is converted a little after the end: look again until it is there.
  const data = room.data;
  useEffect(() => {
    if (data?.status !== 'ended' || data.recording) return;
    const timer = setInterval(() => void room.refetch(), 15_000);
    return () => clearInterval(timer);
  }, [data?.status, data?.recording, room]);

  if (room.isLoading) return <PageLoading />;
  if (room.isError || !data)
    return (
      <PageError
        title="无法进入直播间"
        description={room.error instanceof Error ? room.error.message : undefined}
        onRetry={() => void room.refetch()}
      />
    );

  return (
    <main className="live-page">
      <header className="live-header">
        <Space wrap align="center">
          <Typography.Title level={3} className="live-title">
            {data.title}
          </Typography.Title>
          <Tag color={STATUS_COLORS[data.status]} data-testid="live-status">
            {LIVE_STATUS_LABELS[data.status]}
          </Tag>
        </Space>
        <Typography.Paragraph type="secondary" className="live-subtitle">
          {data.courseName}
          {data.teachers.length > 0 && ` · 讲师：${data.teachers.join('、')}`}
          {data.startAt !== null && ` · ${formatDateTime(data.startAt)}`}
          {data.minutes ? `（${data.minutes} 分钟）` : ''}
        </Typography.Paragraph>
      </header>
      <div className="live-layout">
        <div className="live-main">
          <StatusBanner
            status={data.status}
            startAt={data.startAt}
            clockOffset={data.clockOffset}
            hasRecording={data.recording !== null}
          />
          {data.status === 'live' && data.hlsUrl ? (
            <LivePlayer hlsUrl={data.hlsUrl} title={data.title} />
          ) : data.recording ? (
            <RecordingPlayer url={data.recording.url} title={data.title} />
          ) : (
            <div className="live-player live-player-empty" aria-hidden="true" />
          )}
          {data.canManage && <AdminPanel sectionId={sectionId} status={data.status} title={data.title} />}
        </div>
        <aside className="live-side">
          <ChatPanel
            messages={messages}
            hasMore={hasMore}
            myUserId={myUserId}
            onSend={async (content) => {
              const message = await sendMessage(sectionId, content);
              setMessages((current) => mergeMessages(current, [message]));
            }}
            onLoadOlder={async () => {
              const first = messages[0];
              const page = await fetchMessages(sectionId, first?.id);
              setMessages((current) => mergeMessages(page.messages, current));
              setHasMore(page.hasMore);
            }}
          />
        </aside>
      </div>
      <Button type="link" href="/m" className="live-back">
        返回学习
      </Button>
    </main>
  );
}
