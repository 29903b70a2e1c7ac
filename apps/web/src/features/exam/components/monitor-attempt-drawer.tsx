import { useEffect, useState, type ReactNode } from 'react';
import {
  Descriptions,
  Drawer,
  Empty,
  Image,
  Progress,
  Space,
  Spin,
  Tag,
  Timeline,
  Tooltip,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatCountdown } from '../../../lib/countdown';
import { EXAMINEE_STATE_OPTIONS, examineeStateColor } from '../exam-rules';
import {
  fetchMonitorAttempt,
  fetchSnapshotUrl,
  monitorKeys,
  type MonitorAttempt,
  type MonitorRow,
} from '../monitor-api';
import {
  eventText,
  isAlertEvent,
  leaveCount,
  leaveLevel,
  progressPercent,
  remainingOf,
  submitReasonLabel,
} from '../monitor-rules';
import { MonitorActionButtons, type MonitorActions } from './monitor-actions';

const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('MM-DD HH:mm:ss'));

export function stateLabel(state: MonitorRow['state']): string {
  return EXAMINEE_STATE_OPTIONS.find((option) => option.value === state)?.label ?? state;
}

/** 在线 / 离线 with a dot. */
export function OnlineMark({ online }: { online: boolean }): ReactNode {
  return (
    <span className="kp-monitor-online" data-testid="monitor-online">
      <span className={`kp-monitor-dot${online ? ' kp-monitor-dot--on' : ''}`} />
      {online ? '在线' : '离线'}
    </span>
  );
}

/** Time left of an answering candidate, ticking locally from the deadline (offset: server − browser). */
export function RemainingTime({ row, offset }: { row: MonitorRow; offset: number }): ReactNode {
  const [now, setNow] = useState(() => Date.now());
  const answering = row.state === 'in_progress' && row.deadlineAt !== null;
  useEffect(() => {
    if (!answering) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [answering]);
  const left = remainingOf(row, offset, now);
  if (left === null) return <span>-</span>;
  return (
    <span
      data-testid="monitor-remaining"
      className={
        left <= 5 * 60_000 ? 'kp-monitor-remaining kp-monitor-remaining--low' : 'kp-monitor-remaining'
      }
    >
      {formatCountdown(left)}
    </span>
  );
}

/** answered/total as a bar. */
export function AnswerProgress({ row }: { row: MonitorRow }): ReactNode {
  if (row.attemptId === null) return <span>-</span>;
  return (
    <div className="kp-monitor-progress" data-testid="monitor-progress">
      <Progress percent={progressPercent(row)} size="small" showInfo={false} />
      <span>
        {row.answered}/{row.total}
      </span>
    </div>
  );
}

export function LeaveCount({ row, leaveLimit }: { row: MonitorRow; leaveLimit?: number }): ReactNode {
  const count = leaveCount(row);
  const level = leaveLevel(count, leaveLimit);
  return (
    <Tooltip title={`切换页面 ${row.tabSwitches} 次，退出全屏 ${row.fullscreenExits} 次`}>
      <span data-testid="monitor-leaves" className={`kp-monitor-leaves kp-monitor-leaves--${level}`}>
        {count}
      </span>
    </Tooltip>
  );
}

/** A webcam snapshot, fetched with the token as a blob and shown from an object URL. */
function SnapshotThumb({ eventId, at }: { eventId: number; at: number }): ReactNode {
  const snapshot = useQuery({
    queryKey: monitorKeys.snapshot(eventId),
    queryFn: () => fetchSnapshotUrl(eventId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const url = snapshot.data;
  // The object URL lives as long as the query's data; release it when the thumbnail goes.
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <figure className="kp-monitor-snapshot" data-testid="monitor-snapshot">
      {snapshot.isPending ? (
        <Spin size="small" />
      ) : url ? (
        <Image src={url} width={120} height={90} alt={`抓拍 ${time(at)}`} />
      ) : (
        <span className="kp-monitor-snapshot__missing">图片加载失败</span>
      )}
      <figcaption>{time(at)}</figcaption>
    </figure>
  );
}

/** 答题情况: which questions are answered and which the candidate flagged. */
function QuestionGrid({ row, questions }: Pick<MonitorAttempt, 'row' | 'questions'>): ReactNode {
  return (
    <section>
      <Typography.Title level={5}>
        答题情况（{row.answered}/{row.total}）
      </Typography.Title>
      <div className="kp-monitor-grid" data-testid="monitor-question-grid">
        {questions.map((question) => (
          <span
            key={question.sort}
            className={[
              'kp-monitor-cell',
              question.answered ? 'kp-monitor-cell--answered' : '',
              question.flagged ? 'kp-monitor-cell--flagged' : '',
            ].join(' ')}
            title={`第 ${question.sort} 题：${question.answered ? '已答' : '未答'}${question.flagged ? '，已标记' : ''}`}
          >
            {question.sort}
          </span>
        ))}
      </div>
      <Typography.Text type="secondary">蓝色为已答，橙色边框为考生标记的待检查题目</Typography.Text>
    </section>
  );
}

/** 抓拍: the webcam snapshots, previewed as a group. */
function SnapshotSection({ snapshots }: Pick<MonitorAttempt, 'snapshots'>): ReactNode {
  return (
    <section>
      <Typography.Title level={5}>抓拍（{snapshots.length}）</Typography.Title>
      {snapshots.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有抓拍" />
      ) : (
        <Image.PreviewGroup>
          <div className="kp-monitor-snapshots">
            {snapshots.map((snapshot) => (
              <SnapshotThumb key={snapshot.eventId} eventId={snapshot.eventId} at={snapshot.at} />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </section>
  );
}

/** 事件记录: the attempt's events, alerts in red and the staff's actions in blue. */
function EventSection({ events }: Pick<MonitorAttempt, 'events'>): ReactNode {
  return (
    <section>
      <Typography.Title level={5}>事件记录</Typography.Title>
      {events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有事件" />
      ) : (
        <div data-testid="monitor-events">
          <Timeline
            items={events.map((event) => ({
              key: event.id,
              color: isAlertEvent(event.kind) ? 'red' : event.actorName ? 'blue' : 'gray',
              content: (
                <div className="kp-monitor-event">
                  <span>{eventText(event)}</span>
                  <Typography.Text type="secondary">
                    {time(event.at)}
                    {event.actorName ? ` · ${event.actorName}` : ''}
                  </Typography.Text>
                </div>
              ),
            }))}
          />
        </div>
      )}
    </section>
  );
}

export function AttemptDetail({
  detail,
  offset,
  actions,
}: {
  detail: MonitorAttempt;
  offset: number;
  actions: MonitorActions;
}): ReactNode {
  const { row, questions, events, snapshots } = detail;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="状态">
          <Tag color={examineeStateColor(row.state)}>{stateLabel(row.state)}</Tag>
          <OnlineMark online={row.online} />
        </Descriptions.Item>
        <Descriptions.Item label="剩余时间">
          <RemainingTime row={row} offset={offset} />
        </Descriptions.Item>
        <Descriptions.Item label="开始时间">{time(row.startedAt)}</Descriptions.Item>
        <Descriptions.Item label="最后活动">{time(row.lastSeenAt)}</Descriptions.Item>
        <Descriptions.Item label="切屏次数">
          <LeaveCount row={row} />
        </Descriptions.Item>
        <Descriptions.Item label="警告 / 抓拍">
          {row.warnings} / {row.snapshots}
        </Descriptions.Item>
        <Descriptions.Item label="交卷方式" span={2}>
          {submitReasonLabel(row.submitReason)}
        </Descriptions.Item>
      </Descriptions>
      <MonitorActionButtons row={row} actions={actions} />
      <QuestionGrid row={row} questions={questions} />
      <SnapshotSection snapshots={snapshots} />
      <EventSection events={events} />
    </Space>
  );
}

/** 详情: one candidate's answering, events and snapshots, with the same actions as the row. */
export function MonitorAttemptDrawer({
  row,
  offset,
  actions,
  onClose,
}: {
  row: MonitorRow | null;
  offset: number;
  actions: MonitorActions;
  onClose: () => void;
}): ReactNode {
  const attemptId = row?.attemptId ?? null;
  const detail = useQuery({
    queryKey: monitorKeys.attempt(attemptId ?? 0),
    queryFn: () => fetchMonitorAttempt(attemptId as number),
    enabled: attemptId !== null,
  });
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={row ? `${row.name}（${row.account}）` : ''}
      size={640}
      destroyOnHidden
    >
      {attemptId === null ? (
        <Empty description="考生还没有开始作答" />
      ) : detail.isPending ? (
        <Spin />
      ) : detail.isError ? (
        <Empty description="详情加载失败，请稍后重试" />
      ) : (
        <AttemptDetail detail={detail.data} offset={offset} actions={actions} />
      )}
    </Drawer>
  );
}
