import { useState, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { TASK_STATUS_LABELS, type TaskStatus } from '@kaopei/shared';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageError } from '../../../app/page-states';
import { clearTask, deleteTask, fetchTasks, taskKeys, type TaskFilter, type TaskRow } from '../api';
import { TaskFormModal } from '../components/task-form-modal';
import { AllocateDialog } from '../components/allocate-dialog';
import { formatDateTime } from '../../../lib/time-format';

export const taskDetailPath = (taskId: number) => `/manage/study/task/detail?taskId=${taskId}`;

const STATUS_COLORS: Record<TaskStatus, string> = {
  not_started: 'default',
  running: 'processing',
  ended: 'success',
};
const statusOptions = (Object.entries(TASK_STATUS_LABELS) as [TaskStatus, string][]).map(
  ([value, label]) => ({
    value,
    label,
  }),
);

function FilterForm({ onSearch }: { onSearch: (values: TaskFilter) => void }): ReactNode {
  const [form] = Form.useForm<TaskFilter>();
  return (
    <Form<TaskFilter>
      form={form}
      layout="inline"
      name="kp-task-filter"
      aria-label="学习任务筛选"
      onFinish={(values) => onSearch({ ...values, keyword: values.keyword?.trim() || undefined })}
    >
      <Form.Item name="keyword">
        <Input allowClear placeholder="任务名称" aria-label="任务名称" style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          placeholder="状态"
          aria-label="状态"
          style={{ width: 110 }}
          options={statusOptions}
        />
      </Form.Item>
      <FilterButtons icon={<SearchOutlined />} onReset={() => onSearch({})} />
    </Form>
  );
}

interface RowActions {
  edit: (row: TaskRow) => void;
  allocate: (row: TaskRow) => void;
  clear: (row: TaskRow) => void;
  remove: (row: TaskRow) => void;
}

function columns(actions: RowActions): DataTableColumn<TaskRow>[] {
  return [
    {
      title: '任务名称',
      dataIndex: 'name',
      render: (_v, row) => <Link to={taskDetailPath(row.id)}>{row.name}</Link>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_v, row) => <Tag color={STATUS_COLORS[row.status]}>{TASK_STATUS_LABELS[row.status]}</Tag>,
    },
    { title: '开始时间', dataIndex: 'startAt', width: 150, render: (_v, row) => formatDateTime(row.startAt) },
    { title: '截止时间', dataIndex: 'dueAt', width: 150, render: (_v, row) => formatDateTime(row.dueAt) },
    { title: '内容', dataIndex: 'itemCount', width: 70 },
    { title: '人数', dataIndex: 'assigneeCount', width: 70 },
    {
      title: '已完成',
      dataIndex: 'completedCount',
      width: 80,
    },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0} wrap>
          {(
            [
              ['编辑', actions.edit, '编辑'],
              ['分配', actions.allocate, '分配'],
              ['清空进度', actions.clear, '清空进度'],
            ] as const
          ).map(([label, act, verb]) => (
            <Button
              key={label}
              type="link"
              size="small"
              onClick={() => act(row)}
              aria-label={`${verb}「${row.name}」`}
            >
              {label}
            </Button>
          ))}
          <Link to={taskDetailPath(row.id)} aria-label={`查看「${row.name}」的完成情况`}>
            完成情况
          </Link>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => actions.remove(row)}
            aria-label={`删除「${row.name}」`}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

/** /manage/study/task: the organisation's study tasks (kept alive when revisited). */
export default function TaskListPage(): ReactNode {
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<{ taskId: number | null } | null>(null);
  const [allocating, setAllocating] = useState<TaskRow | null>(null);
  const list = useListPage<TaskRow, TaskFilter, { count: number }>({
    initialFilter: {},
    queryKey: (filter, page, size) => taskKeys.list(filter, page, size),
    fetchPage: (filter, page, size) => fetchTasks(filter, page, size),
    rowKey: 'id',
    invalidate: [taskKeys.all],
    remove: ([row]) => deleteTask((row as TaskRow).id),
    onRemoved: (_r, [row]) => message.success(`已删除学习任务「${row?.name ?? ''}」`),
  });
  const actions: RowActions = {
    edit: (row) => setEditing({ taskId: row.id }),
    allocate: (row) => setAllocating(row),
    clear: (row) =>
      void modal.confirm({
        title: `清空「${row.name}」的学习进度？`,
        content: `${row.assigneeCount} 人的任务进度将归零，此后完成的课程、考试和练习才计入任务。课程和考试本身的记录不受影响。`,
        okText: '清空',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: async () => {
          await clearTask(row.id);
          message.success('已清空学习进度');
          await list.refresh();
        },
      }),
    remove: (row) =>
      list.confirmDelete([row], {
        title: `删除学习任务「${row.name}」？`,
        content: '任务的分配与进度将一并删除；课程学员和考生不受影响。此操作不可撤销。',
      }),
  };
  return (
    <div className="kp-page">
      <Card size="small">
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 8,
            marginBottom: 12,
          }}
        >
          <FilterForm
            onSearch={(values) => list.updateFilter({ keyword: undefined, status: undefined, ...values })}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ taskId: null })}>
            新建任务
          </Button>
        </div>
        {list.query.isError ? (
          <PageError description="学习任务加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<TaskRow>
            {...list.tableProps}
            selectable={false}
            columns={columns(actions)}
            scrollX={1100}
          />
        )}
        {!list.query.isPending && list.rows.length === 0 && !list.query.isError ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
            还没有学习任务，点击“新建任务”开始。
          </Typography.Paragraph>
        ) : null}
      </Card>
      <TaskFormModal
        open={editing !== null}
        taskId={editing?.taskId ?? null}
        onClose={() => setEditing(null)}
        onSaved={(task) => {
          const created = editing?.taskId === null;
          setEditing(null);
          void list.refresh();
          if (created) setAllocating({ ...task });
        }}
      />
      <AllocateDialog
        task={allocating}
        onClose={(added) => {
          setAllocating(null);
          if (added) void list.refresh();
        }}
      />
    </div>
  );
}
