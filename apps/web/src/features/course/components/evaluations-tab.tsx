import { useState, type ReactNode } from 'react';
import { App, Button, Rate, Select, Space, Tag } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import { courseKeys, fetchEvaluations, hideEvaluation, type EvaluationRow } from '../api';

/** The 评价 tab: ratings and comments, newest first; an administrator hides or shows a comment. */
export function EvaluationsTab({ courseId }: { courseId: number }): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<number | undefined>();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const list = useQuery({
    queryKey: courseKeys.evaluations(courseId, rating, paging.page - 1, paging.size),
    queryFn: () => fetchEvaluations(courseId, rating, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    mutationFn: (row: EvaluationRow) => hideEvaluation(row.evaluationId, !row.hidden),
    onSuccess: (row) => {
      message.success(row.hidden ? '已隐藏该评论' : '已显示该评论');
      void queryClient.invalidateQueries({ queryKey: ['courses', 'evaluations', courseId] });
    },
  });
  const columns: DataTableColumn<EvaluationRow>[] = [
    { title: '学员', dataIndex: 'realName', width: 100 },
    { title: '部门', dataIndex: 'departmentName', width: 110, render: (_v, r) => r.departmentName ?? '—' },
    {
      title: '评分',
      dataIndex: 'rating',
      width: 150,
      render: (_v, r) => (
        <Rate disabled value={r.rating} aria-label={`${r.rating} 星`} style={{ fontSize: 14 }} />
      ),
    },
    {
      title: '评论',
      dataIndex: 'comment',
      render: (_v, r) => (
        <Space>
          <span>{r.comment ?? '—'}</span>
          {r.hidden ? <Tag>已隐藏</Tag> : null}
        </Space>
      ),
    },
    { title: '时间', dataIndex: 'createdAt', width: 170, render: (_v, r) => formatDateTime(r.createdAt) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_v, r) => (
        <Button type="link" size="small" onClick={() => toggle.mutate(r)} disabled={!r.comment}>
          {r.hidden ? '显示' : '隐藏'}
        </Button>
      ),
    },
  ];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Select
        allowClear
        placeholder="按评分筛选"
        aria-label="按评分筛选"
        style={{ width: 140 }}
        value={rating}
        onChange={(value?: number) => {
          setRating(value);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        options={[5, 4, 3, 2, 1].map((n) => ({ value: n, label: `${n} 星` }))}
      />
      {list.isError ? (
        <PageError description="评价加载失败" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<EvaluationRow>
          rowKey="evaluationId"
          columns={columns}
          dataSource={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          autoHeight={false}
        />
      )}
    </Space>
  );
}
