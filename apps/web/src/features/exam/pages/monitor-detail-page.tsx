import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Col, Input, Row, Select, Space, Statistic, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { LinkButton } from '../../../app/link-button';
import { PageEmpty, PageError } from '../../../app/page-states';
import type { Page } from '../../../lib/http';
import type { ExamineeState } from '../api';
import {
  EXAM_STATE_OPTIONS,
  EXAMINEE_STATE_OPTIONS,
  examIdParam,
  examStateColor,
  examineeStateColor,
} from '../exam-rules';
import {
  fetchMonitorCandidates,
  fetchMonitorExams,
  fetchMonitorSummary,
  followMonitorStream,
  monitorKeys,
  type MonitorFilter,
  type MonitorRow,
  type MonitorUpdate,
  type StreamStatus,
} from '../monitor-api';
import { changesState, mergeUpdate, offsetFromRow, submitReasonLabel, throttle } from '../monitor-rules';
import { MonitorActionButtons, useMonitorActions } from '../components/monitor-actions';
import {
  AnswerProgress,
  LeaveCount,
  MonitorAttemptDrawer,
  OnlineMark,
  RemainingTime,
  stateLabel,
} from '../components/monitor-attempt-drawer';
import '../exam.css';

const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('MM-DD HH:mm'));

/** Refetches caused by the stream happen at most this often. */
const REFETCH_THROTTLE_MS = 2000;
/**
 * The page is also read again this often, a safety net for updates the stream cannot carry: a candidate's
 * start (only their presence is pushed) and anything published while this board was reconnecting.
 */
const POLL_MS = 10_000;

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

/** Picks an exam from the monitor list when the page is opened without one. */
function MonitorExamChooser(): ReactNode {
  const navigate = useNavigate();
  const exams = useQuery({
    queryKey: monitorKeys.exams('', 0, 100),
    queryFn: () => fetchMonitorExams('', 0, 100),
  });
  return (
    <Card title="考试监控" size="small">
      <PageEmpty description="请先选择一场要监控的考试">
        <Select
          placeholder="选择考试"
          aria-label="选择考试"
          style={{ width: 360, maxWidth: '100%' }}
          loading={exams.isPending}
          options={(exams.data?.data ?? []).map((exam) => ({ value: exam.id, label: exam.name }))}
          onChange={(examId: number) => void navigate(`/manage/exam/monitor/detail?examId=${examId}`)}
        />
      </PageEmpty>
    </Card>
  );
}

function MonitorBoard({ examId }: { examId: number }): ReactNode {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<MonitorFilter>({});
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [connection, setConnection] = useState(0);
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  const actions = useMonitorActions(examId);

  const summary = useQuery({
    queryKey: monitorKeys.summary(examId),
    queryFn: () => fetchMonitorSummary(examId),
    refetchInterval: POLL_MS,
  });
  const pageKey = monitorKeys.candidatePage(examId, filter, paging.page, paging.size);
  const list = useQuery({
    queryKey: pageKey,
    queryFn: () => fetchMonitorCandidates(examId, filter, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });

  // Server clock minus this browser's, from the rows as they arrive; remaining times count from it.
  const offset = useMemo(() => {
    for (const row of list.data?.data ?? []) {
      const value = offsetFromRow(row, list.dataUpdatedAt);
      if (value !== null) return value;
    }
    return 0;
  }, [list.data, list.dataUpdatedAt]);

  // The stream's handlers read the current page and filter through a ref (the stream outlives renders).
  const current = useRef({ pageKey, filter, openAttemptId: null as number | null });
  const rows = list.data?.data ?? [];
  const openRow = rows.find((row) => row.userId === openUserId) ?? null;
  current.current = { pageKey, filter, openAttemptId: openRow?.attemptId ?? null };

  useEffect(() => {
    const refetchRows = throttle(() => {
      void queryClient.invalidateQueries({ queryKey: monitorKeys.candidates(examId) });
    }, REFETCH_THROTTLE_MS);
    const refetchSummary = throttle(() => {
      void queryClient.invalidateQueries({ queryKey: monitorKeys.summary(examId) });
    }, REFETCH_THROTTLE_MS);
    const refetchDetail = throttle(() => {
      const attemptId = current.current.openAttemptId;
      if (attemptId !== null)
        void queryClient.invalidateQueries({ queryKey: monitorKeys.attempt(attemptId) });
    }, REFETCH_THROTTLE_MS);

    const onUpdate = (update: MonitorUpdate) => {
      const { pageKey: key, filter: shown, openAttemptId } = current.current;
      const page = queryClient.getQueryData<Page<MonitorRow>>(key);
      if (page) {
        const before = page.data.find(
          (row) => row.attemptId === update.attemptId || row.userId === update.userId,
        );
        const merged = mergeUpdate(page.data, update);
        if (merged.known) queryClient.setQueryData<Page<MonitorRow>>(key, { ...page, data: merged.rows });
        // An attempt this page does not show (yet), a candidate's new attempt, or a state change under a
        // state filter: ask again.
        if (!merged.known || merged.fresh || (shown.state !== undefined && changesState(before, update))) {
          refetchRows.call();
        }
      }
      if (update.state !== undefined || update.online !== undefined) refetchSummary.call();
      if (openAttemptId === update.attemptId) refetchDetail.call();
    };

    const stop = followMonitorStream(examId, {
      onUpdate,
      onStatus: setStatus,
      // Updates sent while disconnected are lost: catch up on every (re)connection.
      onOpen: () => {
        refetchRows.call();
        refetchSummary.call();
      },
    });
    return () => {
      stop();
      refetchRows.cancel();
      refetchSummary.cancel();
      refetchDetail.cancel();
    };
  }, [examId, queryClient, connection]);

  const exam = summary.data;
  const columns: DataTableColumn<MonitorRow>[] = [
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

  return (
    <div className="kp-exam-page">
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
            <ConnectionMark status={status} onReconnect={() => setConnection((n) => n + 1)} />
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
          <Row gutter={16} data-testid="monitor-counters">
            <Col xs={12} md={4}>
              <Statistic title="考生" value={exam?.candidates ?? '-'} />
            </Col>
            <Col xs={12} md={5}>
              <Statistic
                title="在线"
                value={exam?.online ?? '-'}
                styles={{ content: { color: '#52c41a' } }}
              />
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
        )}
      </Card>
      <Card size="small">
        <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder="搜索姓名或账号"
            aria-label="搜索考生"
            maxLength={50}
            style={{ width: 240 }}
            onSearch={(value) => {
              setFilter((f) => ({ ...f, keyword: value.trim() || undefined }));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <Select
            allowClear
            placeholder="全部状态"
            aria-label="考生状态"
            style={{ width: 130 }}
            options={EXAMINEE_STATE_OPTIONS.map(({ value, label }) => ({ value, label }))}
            onChange={(state?: ExamineeState) => {
              setFilter((f) => ({ ...f, state }));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        </div>
        {list.isError ? (
          <PageError description="考生加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
        ) : (
          <DataTable<MonitorRow>
            rowKey="userId"
            columns={columns}
            dataSource={rows}
            total={list.data?.total ?? 0}
            loading={list.isPending}
            pagination={paging}
            onPageChange={(page, size) => setPaging({ page, size })}
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
                      onClick={() => setOpenUserId(row.userId)}
                    >
                      详情
                    </Button>
                  }
                />
              ),
            }}
          />
        )}
      </Card>
      <MonitorAttemptDrawer
        row={openRow}
        offset={offset}
        actions={actions}
        onClose={() => setOpenUserId(null)}
      />
      {actions.dialogs}
    </div>
  );
}

/** /manage/exam/monitor/detail?examId=: every candidate of one exam, live, with the invigilator's actions. */
export default function MonitorDetailPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const examId = examIdParam(searchParams);
  if (examId === undefined) return <MonitorExamChooser />;
  return <MonitorBoard key={examId} examId={examId} />;
}
