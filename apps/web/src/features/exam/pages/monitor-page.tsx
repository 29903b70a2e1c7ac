import { useState, type ReactNode } from 'react';
import { Card, Input, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { LinkButton } from '../../../app/link-button';
import { PageError } from '../../../app/page-states';
import { EXAM_STATE_OPTIONS, examStateColor } from '../exam-rules';
import { fetchMonitorExams, monitorKeys, type MonitorExamRow } from '../monitor-api';
import '../exam.css';

const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('MM-DD HH:mm'));

/** Counts refresh while the page is open (the detail page follows the live stream instead). */
const REFRESH_MS = 15_000;

/** /manage/exam/monitor: the exams worth watching now (ongoing first, ±24 h), with live counts. */
export default function MonitorPage(): ReactNode {
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const list = useQuery({
    queryKey: monitorKeys.exams(keyword, paging.page, paging.size),
    queryFn: () => fetchMonitorExams(keyword, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

  const columns: DataTableColumn<MonitorExamRow>[] = [
    { title: '考试名称', dataIndex: 'name', width: 220 },
    { title: '状态', dataIndex: 'state', width: 90, slot: 'state' },
    {
      title: '考试时间',
      key: 'window',
      width: 200,
      render: (_v, row) => `${time(row.startAt)} 至 ${time(row.endAt)}`,
    },
    { title: '考生', dataIndex: 'candidates', width: 70 },
    { title: '在线', dataIndex: 'online', width: 70, slot: 'online' },
    { title: '答题中', dataIndex: 'inProgress', width: 80 },
    { title: '已交卷', dataIndex: 'submitted', width: 80 },
    { title: '未开始', dataIndex: 'notStarted', width: 80 },
    { title: '操作', key: 'actions', width: 110, slot: 'actions', fixed: 'right' },
  ];

  return (
    <Card size="small">
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索考试名称"
          aria-label="搜索考试"
          maxLength={50}
          style={{ width: 260 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Typography.Text type="secondary">显示正在进行以及 24 小时内开始或结束的已发布考试</Typography.Text>
      </div>
      {list.isError ? (
        <PageError description="监控考试加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<MonitorExamRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          loading={list.isPending}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          scrollX={1000}
          slots={{
            state: (row) => (
              <Tag color={examStateColor(row.state)}>
                {EXAM_STATE_OPTIONS.find((option) => option.value === row.state)?.label ?? row.state}
              </Tag>
            ),
            online: (row) => (
              <Space size={4}>
                <span className={`kp-monitor-dot${row.online > 0 ? ' kp-monitor-dot--on' : ''}`} />
                {row.online}
              </Space>
            ),
            actions: (row) => (
              <LinkButton type="link" size="small" to={`/manage/exam/monitor/detail?examId=${row.id}`}>
                进入监控
              </LinkButton>
            ),
          }}
        />
      )}
    </Card>
  );
}
