import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Result, Tag, Typography } from 'antd';
import { PageError, PageLoading } from '../../../app/page-states';
import { fetchInterview, fetchInterviewerTicket, fetchRoom, interviewKeys, type RoomView } from '../api';
import { CodePanel } from '../components/code-panel';
import { MediaControls } from '../components/media-controls';
import { ConsentBanner, Recorder } from '../components/recording';
import { ScorecardForm } from '../components/scorecard-form';
import { useRoom } from '../components/use-room';
import { VideoTile } from '../components/video-tile';
import { timeRange } from '../interview-rules';
import '../interview.css';

/** The ticket of this visit: the applicant's invitation token, or the signed-in interviewer's. */
async function loadRoom(
  token: string | null,
  id: number | null,
): Promise<{ ticket: string; room: RoomView }> {
  const ticket = token ?? (await fetchInterviewerTicket(id!)).ticket;
  return { ticket, room: await fetchRoom(ticket) };
}

/** /interview: the video interview room (public for the applicant's link; interviewers come signed in). */
export default function RoomPage(): ReactNode {
  const [params] = useSearchParams();
  const token = params.get('token');
  const id = Number(params.get('id')) || null;
  const [left, setLeft] = useState(false);
  const query = useQuery({
    queryKey: interviewKeys.room(token, id),
    queryFn: () => loadRoom(token, id),
    enabled: !!token || !!id,
    retry: false,
    staleTime: Infinity,
  });
  if (!token && !id)
    return <Result status="warning" title="面试链接不完整" subTitle="请使用面试邀请中的完整链接进入。" />;
  if (query.isPending) return <PageLoading tip="正在进入面试间…" />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title="无法进入面试间"
        subTitle={query.error.message}
        data-testid="room-refused"
      />
    );
  if (left)
    return (
      <Result
        status="info"
        title="您已离开面试间"
        extra={
          <Button type="primary" onClick={() => setLeft(false)}>
            重新进入
          </Button>
        }
      />
    );
  return <Room ticket={query.data.ticket} room={query.data.room} onLeave={() => setLeft(true)} />;
}

function Room({ ticket, room, onLeave }: { ticket: string; room: RoomView; onLeave: () => void }): ReactNode {
  const { state, sync, parts, setLastRun } = useRoom(ticket, room);
  const interviewer = room.role === 'interviewer';
  const applicantStream = state.peers.find((p) => p.role === 'applicant')?.stream ?? null;
  return (
    <main className="kp-interview-room">
      <header className="kp-interview-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {room.title}
        </Typography.Title>
        <Typography.Text type="secondary">
          应聘者：{room.applicantName} · 面试官：{room.interviewers.map((p) => p.name).join('、')} ·{' '}
          {timeRange(room.startAt, room.endAt)}
        </Typography.Text>
        <Tag color={state.connected ? 'green' : 'orange'} data-testid="signal-state">
          {state.connected ? '信令已连接' : '信令连接中'}
        </Tag>
      </header>
      {state.mediaError ? <Typography.Text type="danger">{state.mediaError}</Typography.Text> : null}
      {room.recordingEnabled && !interviewer ? (
        <ConsentBanner ticket={ticket} consentAt={state.consentAt} />
      ) : null}
      <div className="kp-interview-body">
        <section className="kp-interview-media" aria-label="音视频">
          <div className="kp-interview-tiles">
            {state.peers.length === 0 ? (
              <div className="kp-interview-waiting" role="status">
                等待{interviewer ? '应聘者' : '面试官'}进入…
              </div>
            ) : (
              state.peers.map((p) => (
                <VideoTile key={p.peer} stream={p.stream} name={p.name} state={p.state} />
              ))
            )}
            <VideoTile stream={state.local} name={room.name} mine />
          </div>
          <MediaControls local={state.local} mesh={parts.current?.mesh ?? null} onLeave={onLeave} />
          {interviewer ? (
            <InterviewerTools
              ticket={ticket}
              room={room}
              consentAt={state.consentAt}
              stream={applicantStream}
            />
          ) : null}
        </section>
        {sync ? <CodePanel ticket={ticket} sync={sync} lastRun={state.lastRun} onRun={setLastRun} /> : null}
      </div>
    </main>
  );
}

function InterviewerTools({
  ticket,
  room,
  consentAt,
  stream,
}: {
  ticket: string;
  room: RoomView;
  consentAt: number | null;
  stream: MediaStream | null;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const detail = useQuery({
    queryKey: interviewKeys.detail(room.interviewId),
    queryFn: () => fetchInterview(room.interviewId),
    enabled: open,
  });
  return (
    <div className="kp-interview-tools">
      {room.recordingEnabled ? <Recorder ticket={ticket} consentAt={consentAt} stream={stream} /> : null}
      <Button type="primary" onClick={() => setOpen(true)}>
        填写评分表
      </Button>
      <Drawer title="面试评分表" open={open} onClose={() => setOpen(false)} size={480}>
        {detail.data ? (
          <ScorecardForm interview={detail.data} onDone={() => setOpen(false)} />
        ) : detail.isError ? (
          <PageError description="评分表加载失败，请稍后重试。" onRetry={() => void detail.refetch()} />
        ) : (
          <PageLoading />
        )}
      </Drawer>
    </div>
  );
}
