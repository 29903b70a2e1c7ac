import type { ReactNode } from 'react';
import { Card, Descriptions, Dropdown, Button, Empty, Table, Tag, Timeline, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { APPLICANT_SOURCE_LABELS, RECRUIT_STAGES, type RecruitStage } from '@kaopei/shared';
import { formatDateTime } from '../../../lib/time-format';
import type { ApplicationDetail } from '../api';
import { moveTargets, stageLabel, testText } from '../recruitment-rules';

const labelOf = (stage: string | null): string =>
  stage && (RECRUIT_STAGES as readonly string[]).includes(stage) ? stageLabel(stage as RecruitStage) : '—';

export function ScorecardTable({ scorecards }: { scorecards: ApplicationDetail['scorecards'] }): ReactNode {
  if (scorecards.length === 0) return <Typography.Text type="secondary">暂无面试评分</Typography.Text>;
  return (
    <Table
      size="small"
      rowKey="interviewId"
      pagination={false}
      dataSource={scorecards}
      columns={[
        { title: '面试官', dataIndex: 'interviewerName' },
        { title: '时间', dataIndex: 'at', render: (v: number) => formatDateTime(v) },
        { title: '总分', dataIndex: 'total', render: (v: number | null) => v ?? '—' },
        { title: '建议', dataIndex: 'recommendation', render: (v: string | null) => v ?? '—' },
        { title: '评语', dataIndex: 'comment', render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}

function MoveHistory({ moves }: { moves: ApplicationDetail['moves'] }): ReactNode {
  return (
    <Timeline
      items={moves.map((m) => ({
        children: (
          <span>
            {m.fromStage ? `${labelOf(m.fromStage)} → ` : ''}
            {labelOf(m.toStage)}
            <Typography.Text type="secondary">
              {' '}
              {formatDateTime(m.at)} · {m.actorName ?? '应聘者/系统'}
              {m.note ? ` · ${m.note}` : ''}
            </Typography.Text>
          </span>
        ),
      }))}
    />
  );
}

/** One application of the applicant: stage with 移动到…, test score, move history, scorecards, messages. */
export function ApplicationCard({
  application: a,
  onMove,
}: {
  application: ApplicationDetail;
  onMove?: (to: RecruitStage) => void;
}): ReactNode {
  const targets = moveTargets(a.stage).map((s) => ({ key: s, label: stageLabel(s) }));
  const extra =
    onMove && targets.length ? (
      <Dropdown
        trigger={['click']}
        menu={{ items: targets, onClick: ({ key }) => onMove(key as RecruitStage) }}
      >
        <Button size="small">
          移动到… <DownOutlined />
        </Button>
      </Dropdown>
    ) : null;
  return (
    <Card size="small" title={a.jobName} extra={extra} style={{ marginBottom: 12 }}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label="阶段">
          <Tag color="blue" data-testid="application-stage">
            {stageLabel(a.stage)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="笔试">{testText(a) ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="来源">{APPLICANT_SOURCE_LABELS[a.source]}</Descriptions.Item>
        <Descriptions.Item label="投递时间">{formatDateTime(a.appliedAt)}</Descriptions.Item>
        {a.decisionNote ? <Descriptions.Item label="录用说明">{a.decisionNote}</Descriptions.Item> : null}
      </Descriptions>
      <Typography.Title level={5}>阶段记录</Typography.Title>
      {a.moves.length ? <MoveHistory moves={a.moves} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      <Typography.Title level={5}>面试评分</Typography.Title>
      <ScorecardTable scorecards={a.scorecards} />
      {a.messages.length ? (
        <>
          <Typography.Title level={5}>已发消息</Typography.Title>
          <ul>
            {a.messages.map((m, i) => (
              <li key={i}>
                {formatDateTime(m.at)} {m.channel === 'sms' ? '短信' : '邮件'} {m.recipient}：{m.content}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
