import type { ReactNode } from 'react';
import { Alert, Badge, Button, Card, Col, Input, Row, Select, Space, Statistic, Tag, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { LinkButton } from '../../../app/link-button';
import { PageError } from '../../../app/page-states';
import type { Page } from '../../../lib/http';
import type { ExamineeState } from '../api';
import {
  EXAM_STATE_OPTIONS,
  EXAMINEE_STATE_OPTIONS,
  examStateColor,
  examineeStateColor,
} from '../exam-rules';
import type { MonitorExamRow, MonitorFilter, MonitorRow, StreamStatus } from '../monitor-api';
import { submitReasonLabel } from '../monitor-rules';
import { MonitorActionButtons, type MonitorActions } from '../components/monitor-actions';
import {
  AnswerProgress,
  LeaveCount,
  OnlineMark,
  RemainingTime,
  stateLabel,
} from '../components/monitor-attempt-drawer';
import type { MonitorPaging } from './monitor-board-data';

const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('MM-DD HH:mm'));

const STATUS_TEXT: Record<
  StreamStatus,
  { text: string; status: 'success' | 'processing' | 'warning' | 'error' }
> = {
  connecting: { text: '连接中…', status: 'processing' },
  live: { text: '实时', status: 'success' },
  reconnecting: { text: '重连中…', status: 'warning' },
  closed: { text: '已断开', status: 'error' },
};

function ConnectionMark({
  status,
  onReconnect,
}: {
  status: StreamStatus;
  onReconnect: () => void;
}): ReactNode {
  const { text, status: badge } = STATUS_TEXT[status];
  return (
    <Space size={4} data-testid="monitor-connection">
      <Badge status={badge} text={text} />
      {status === 'closed' ? (
        <Button size="small" type="link" onClick={onReconnect}>
          重新连接
        </Button>
      ) : null}
    </Space>
  );
}

/** The board's header: the exam's name, state and times, the connection, and the counters. */
export function MonitorBoardHeader({
  examId,
  summary,
  status,
  onReconnect,
}: {
  examId: number;
  summary: UseQueryResult<MonitorExamRow | null>;
  status: StreamStatus;
  onReconnect: () => void;
}): ReactNode {
  const exam = summary.data;
  return (
    <Card
      size="small"
      className="kp-exam-header"
      title={
        <Space wrap>
          <span>考试监控：{exam?.name ?? `考试 ${examId}`}</span>
          {exam ? (
            <Tag color={examStateColor(exam.state)}>
              {EXAM_STATE_OPTIONS.find((option) => option.value === exam.state)?.label ?? exam.state}
            </Tag>
          ) : null}
          {exam ? (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {time(exam.startAt)} 至 {time(exam.endAt)}
            </Typography.Text>
          ) : null}
          <ConnectionMark status={status} onReconnect={onReconnect} />
        </Space>
      }
      extra={
        <LinkButton type="link" size="small" to="/manage/exam/monitor">
          返回监控列表
        </LinkButton>
      }
    >
      {summary.isSuccess && exam === null ? (
        <Alert
          type="info"
          showIcon
          title="这场考试不在监控范围内（只显示正在进行以及 24 小时内开始或结束的已发布考试），人数统计不可用。"
        />
      ) : (
        <MonitorCounters exam={exam} />
      )}
    </Card>
  );
}

/** How many candidates there are, online, answering, done and not started ('-' while unknown). */
function MonitorCounters({ exam }: { exam: MonitorExamRow | null | undefined }): ReactNode {
  return (
    <Row gutter={16} data-testid="monitor-counters">
      <Col xs={12} md={4}>
        <Statistic title="考生" value={exam?.candidates ?? '-'} />
      </Col>
      <Col xs={12} md={5}>
        <Statistic title="在线" value={exam?.online ?? '-'} styles={{ content: { color: '#52c41a' } }} />
      </Col>
      <Col xs={12} md={5}>
        <Statistic title="答题中" value={exam?.inProgress ?? '-'} />
      </Col>
      <Col xs={12} md={5}>
        <Statistic title="已交卷" value={exam?.submitted ?? '-'} />
      </Col>
      <Col xs={12} md={5}>
        <Statistic title="未开始" value={exam?.notStarted ?? '-'} />
      </Col>
    </Row>
  );
}

/** The keyword search and the state filter; each change goes back to the first page. */
export function MonitorFilters({ onChange }: { onChange: (change: MonitorFilter) => void }): ReactNode {
  return (
    <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
      <Input.Search
        allowClear
        placeholder="搜索姓名或账号"
        aria-label="搜索考生"
        maxLength={50}
        style={{ width: 240 }}
        onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
      />
      <Select
        allowClear
        placeholder="全部状态"
        aria-label="考生状态"
        style={{ width: 130 }}
        options={EXAMINEE_STATE_OPTIONS.map(({ value, label }) => ({ value, label }))}
        onChange={(state?: ExamineeState) => onChange({ state })}
      />
    </div>
  );
}

/** The candidates' columns; the live ones are slots filled by MonitorCandidateTable. */
function monitorColumns(): DataTableColumn<MonitorRow>[] {
  return [
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '账号', dataIndex: 'account', width: 110 },
    { title: '部门', dataIndex: 'departmentName', width: 110, render: (v) => (v ? String(v) : '-') },
    { title: '在线', dataIndex: 'online', width: 80, slot: 'online' },
    { title: '状态', dataIndex: 'state', width: 90, slot: 'state' },
    { title: '答题进度', key: 'progress', width: 150, slot: 'progress' },
    { title: '剩余时间', key: 'remaining', width: 100, slot: 'remaining' },
    { title: '切屏次数', key: 'leaves', width: 90, slot: 'leaves' },
    {
      title: '警告',
      dataIndex: 'warnings',
      width: 70,
      render: (v) => <span data-testid="monitor-warnings">{String(v)}</span>,
    },
    {
      title: '抓拍',
      dataIndex: 'snapshots',
      width: 70,
      render: (v) => <span data-testid="monitor-snapshots">{String(v)}</span>,
    },
    { title: '开始时间', dataIndex: 'startedAt', width: 110, render: (v) => time(v as number | null) },
    {
      title: '交卷方式',
      dataIndex: 'submitReason',
      width: 110,
      render: (v) => submitReasonLabel(v as string | null),
    },
    { title: '操作', key: 'actions', width: 230, slot: 'actions', fixed: 'right' },
  ];
}

/** The page of candidates with their live state and the invigilator's actions, or the load error. */
export function MonitorCandidateTable({
  list,
  paging,
  onPageChange,
  offset,
  actions,
  onOpen,
}: {
  list: UseQueryResult<Page<MonitorRow>>;
  paging: MonitorPaging;
  onPageChange: (page: number, size: number) => void;
  offset: number;
  actions: MonitorActions;
  onOpen: (userId: number) => void;
}): ReactNode {
  if (list.isError) {
    return <PageError description="考生加载失败，请稍后重试。" onRetry={() => void list.refetch()} />;
  }
  return (
    <DataTable<MonitorRow>
      rowKey="userId"
      columns={monitorColumns()}
      dataSource={list.data?.data ?? []}
      total={list.data?.total ?? 0}
      loading={list.isPending}
      pagination={paging}
      onPageChange={onPageChange}
      autoHeight={false}
      scrollX={1450}
      slots={{
        online: (row) => <OnlineMark online={row.online} />,
        state: (row) => <Tag color={examineeStateColor(row.state)}>{stateLabel(row.state)}</Tag>,
        progress: (row) => <AnswerProgress row={row} />,
        remaining: (row) => <RemainingTime row={row} offset={offset} />,
        leaves: (row) => <LeaveCount row={row} />,
        actions: (row) => (
          <MonitorActionButtons
            row={row}
            actions={actions}
            extra={
              <Button
                type="link"
                size="small"
                disabled={row.attemptId === null}
                onClick={() => onOpen(row.userId)}
              >
                详情
              </Button>
            }
          />
        ),
      }}
    />
  );
}
