import { useState, type ReactNode } from 'react';
import { App, Button, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import {
  addInterview,
  cancelInterview,
  fetchInterviews,
  interviewKeys,
  modifyInterview,
  type InterviewFilter,
  type InterviewInput,
  type InterviewRow,
} from '../api';
import { InterviewDetailDrawer } from '../components/interview-detail';
import { InterviewFormModal } from '../components/interview-form-modal';
import { timeRange } from '../interview-rules';
import '../interview.css';

function useColumns(actions: {
  open: (row: InterviewRow) => void;
  edit: (row: InterviewRow) => void;
  cancel: (row: InterviewRow) => void;
}): DataTableColumn<InterviewRow>[] {
  return [
    { title: '面试名称', dataIndex: 'title', width: 180 },
    { title: '应聘者', dataIndex: 'applicantName', width: 100 },
    { title: '岗位', dataIndex: 'postName', width: 140, render: (v) => (v as string | null) ?? '—' },
    {
      title: '时间',
      dataIndex: 'startAt',
      width: 200,
      render: (_, row) => timeRange(row.startAt, row.endAt),
    },
    {
      title: '面试官',
      dataIndex: 'interviewers',
      width: 160,
      render: (_, row) => row.interviewers.map((p) => p.name).join('、'),
    },
    { title: '状态', dataIndex: 'statusLabel', width: 80 },
    { title: '评分表', dataIndex: 'scorecardCount', width: 80 },
    {
      title: '操作',
      width: 200,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" onClick={() => actions.open(row)}>
            详情
          </Button>
          <Button type="link" disabled={row.status !== 'scheduled'} onClick={() => actions.edit(row)}>
            编辑
          </Button>
          <Button
            type="link"
            danger
            disabled={row.status !== 'scheduled'}
            onClick={() => actions.cancel(row)}
          >
            取消
          </Button>
        </Space>
      ),
    },
  ];
}

/** /manage/recruitment/interview: video interviews — schedule, edit, cancel, detail. */
export default function InterviewPage(): ReactNode {
  const { modal, message } = App.useApp();
  const list = useListPage<InterviewRow, InterviewFilter>({
    initialFilter: {},
    queryKey: interviewKeys.list,
    fetchPage: fetchInterviews,
    rowKey: 'id',
    invalidate: [interviewKeys.all],
  });
  const [editing, setEditing] = useState<InterviewRow | null | undefined>(undefined);
  const [openId, setOpenId] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (input: InterviewInput) =>
      editing ? modifyInterview(editing.id, input) : addInterview(input),
    onSuccess: async () => {
      message.success(editing ? '已保存' : '面试已安排');
      setEditing(undefined);
      await list.refresh();
    },
  });
  const columns = useColumns({
    open: (row) => setOpenId(row.id),
    edit: (row) => setEditing(row),
    cancel: (row) =>
      modal.confirm({
        title: `取消面试“${row.title}”？`,
        content: '取消后邀请链接立即失效。',
        okText: '取消面试',
        okButtonProps: { danger: true },
        cancelText: '返回',
        onOk: async () => {
          await cancelInterview(row.id);
          message.success('面试已取消');
          await list.refresh();
        },
      }),
  });

  return (
    <div className="kp-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="搜索面试名称或应聘者"
          aria-label="搜索面试"
          allowClear
          onSearch={(value) => list.updateFilter({ keyword: value.trim() || undefined })}
        />
        <Select
          aria-label="状态"
          placeholder="全部状态"
          allowClear
          style={{ width: 120 }}
          onChange={(status?: 'scheduled' | 'cancelled') => list.updateFilter({ status })}
          options={[
            { value: 'scheduled', label: '已安排' },
            { value: 'cancelled', label: '已取消' },
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          安排面试
        </Button>
      </Space>
      {list.query.isError ? (
        <PageError description="面试加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<InterviewRow>
          {...list.tableProps}
          selectable={false}
          columns={columns}
          showIndex
          scrollX={1100}
        />
      )}
      <InterviewFormModal
        open={editing !== undefined}
        row={editing ?? null}
        saving={save.isPending}
        onSubmit={(input) => save.mutateAsync(input)}
        onCancel={() => setEditing(undefined)}
      />
      <InterviewDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
