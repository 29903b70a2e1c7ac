import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Descriptions, Drawer, Empty, Input, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  fetchInterview,
  fetchRecording,
  interviewKeys,
  type InterviewDetail,
  type ScorecardView,
} from '../api';
import { inviteUrl, timeRange } from '../interview-rules';

function Scorecard({ card }: { card: ScorecardView }): ReactNode {
  return (
    <section className="kp-interview-ability" data-testid="scorecard">
      <Typography.Text strong>
        {card.interviewerName}：{card.recommendationLabel}
        {card.average !== null ? `（平均 ${card.average} 分）` : ''}
      </Typography.Text>
      <Table
        size="small"
        pagination={false}
        rowKey="abilityId"
        dataSource={card.scores}
        columns={[
          { title: '能力', dataIndex: 'abilityName' },
          { title: '评分', dataIndex: 'score', render: (v: number) => `${v} / 5` },
          { title: '评语', dataIndex: 'comment' },
        ]}
      />
      {card.comment ? <p>总体评价：{card.comment}</p> : null}
    </section>
  );
}

function RecordingPlayer({ detail }: { detail: InterviewDetail }): ReactNode {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!detail.hasRecording) return undefined;
    let objectUrl: string | null = null;
    let cancelled = false;
    void fetchRecording(detail.id).then((blob) => {
      if (cancelled) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [detail.id, detail.hasRecording, detail.recordedAt]);
  if (!detail.hasRecording) return <Typography.Text type="secondary">暂无录像</Typography.Text>;
  return url ? (
    <video src={url} controls style={{ width: '100%' }} aria-label="面试录像" data-testid="recording" />
  ) : (
    <Typography.Text>录像加载中…</Typography.Text>
  );
}

function DetailBody({ detail }: { detail: InterviewDetail }): ReactNode {
  const { message } = App.useApp();
  const link = inviteUrl(window.location.origin, detail.invitePath);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="应聘者">
          {detail.applicantName} {detail.applicantPhone ?? ''} {detail.applicantEmail ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label="岗位">{detail.postName ?? '未关联'}</Descriptions.Item>
        <Descriptions.Item label="时间">{timeRange(detail.startAt, detail.endAt)}</Descriptions.Item>
        <Descriptions.Item label="面试官">
          {detail.interviewers.map((p) => p.name).join('、')}
        </Descriptions.Item>
        <Descriptions.Item label="状态">{detail.statusLabel}</Descriptions.Item>
      </Descriptions>
      {detail.status === 'scheduled' ? (
        <div>
          <label htmlFor="kp-invite-link">应聘者邀请链接（开始前 15 分钟至结束后 30 分钟内有效）</label>
          <Space.Compact style={{ width: '100%' }}>
            <Input id="kp-invite-link" readOnly value={link} data-testid="invite-link" />
            <Button
              onClick={() => void navigator.clipboard?.writeText(link).then(() => message.success('已复制'))}
            >
              复制
            </Button>
          </Space.Compact>
          <Button type="primary" style={{ marginTop: 8 }} href={`/interview?id=${detail.id}`} target="_blank">
            进入面试间
          </Button>
        </div>
      ) : null}
      <div>
        <Typography.Title level={5}>评分表（{detail.scorecards.length}）</Typography.Title>
        {detail.scorecards.length === 0 ? (
          <Empty description="面试官尚未提交评分表" />
        ) : (
          detail.scorecards.map((card) => <Scorecard key={card.id} card={card} />)
        )}
      </div>
      <div>
        <Typography.Title level={5}>录像</Typography.Title>
        <RecordingPlayer detail={detail} />
      </div>
    </Space>
  );
}

/** An interview's detail: the invitation link, the scorecards and the recording. */
export function InterviewDetailDrawer({
  id,
  onClose,
}: {
  id: number | null;
  onClose: () => void;
}): ReactNode {
  const query = useQuery({
    queryKey: interviewKeys.detail(id ?? 0),
    queryFn: () => fetchInterview(id!),
    enabled: id !== null,
  });
  return (
    <Drawer open={id !== null} onClose={onClose} title={query.data?.title ?? '面试详情'} size={640}>
      {query.data ? <DetailBody detail={query.data} /> : null}
    </Drawer>
  );
}
