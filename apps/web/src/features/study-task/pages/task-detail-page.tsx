import { useState, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, Progress, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import {
  BellOutlined,
  CheckCircleFilled,
  DownloadOutlined,
  MinusCircleOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  ASSIGNEE_STATUS_LABELS,
  TASK_ITEM_KIND_LABELS,
  TASK_STATUS_LABELS,
  type AssigneeStatus,
} from '@kaopei/shared';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import { useDepartmentTree } from '../../../components/use-department-tree';
import {
  exportAssignees,
  fetchAssignees,
  fetchTask,
  remindLate,
  taskKeys,
  type AssigneeRow,
  type TaskDetail,
  type TaskDetailFilter,
} from '../api';
import { ASSIGNEE_STATUS_COLORS } from '../study-task-rules';

export const taskAnswerPath = (taskId: number, userId: number) =>
  `/manage/study/task/answer?taskId=${taskId}&userId=${userId}`;

type Filter = Omit<TaskDetailFilter, 'taskId'>;
const statusOptions = (Object.entries(ASSIGNEE_STATUS_LABELS) as [AssigneeStatus, string][]).map(
  ([value, label]) => ({ value, label }),
);

function FilterForm({ onSearch }: { onSearch: (values: Filter) => void }): ReactNode {
  const [form] = Form.useForm<Filter>();
  const { treeData } = useDepartmentTree();
  return (
    <Form<Filter>
      form={form}
      layout="inline"
      name="kp-task-detail-filter"
      aria-label="完成情况筛选"
      onFinish={(values) => onSearch({ ...values, keyword: values.keyword?.trim() || undefined })}
    >
      <Form.Item name="departmentId">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder="部门（含子部门）"
          aria-label="部门"
          style={{ width: 180 }}
          treeData={treeData}
          treeNodeFilterProp="title"
        />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          placeholder="完成状态"
          aria-label="完成状态"
          style={{ width: 120 }}
          options={statusOptions}
        />
      </Form.Item>
      <Form.Item name="keyword">
        <Input
          allowClear
          placeholder="姓名、账号或工号"
          aria-label="姓名、账号或工号"
          style={{ width: 160 }}
        />
      </Form.Item>
      <FilterButtons icon={<SearchOutlined />} onReset={() => onSearch({})} />
    </Form>
  );
}

function columns(task: TaskDetail): DataTableColumn<AssigneeRow>[] {
  return [
    {
      title: '姓名',
      dataIndex: 'realName',
      width: 110,
      render: (_v, row) => <Link to={taskAnswerPath(task.id, row.userId)}>{row.realName}</Link>,
    },
    {
      title: '部门',
      dataIndex: 'departmentName',
      width: 120,
      render: (_v, row) => row.departmentName ?? '—',
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_v, row) => (
        <Tag color={ASSIGNEE_STATUS_COLORS[row.status]}>{ASSIGNEE_STATUS_LABELS[row.status]}</Tag>
      ),
    },
    {
      title: '进度',
      dataIndex: 'progressPercent',
      width: 150,
      render: (_v, row) => (
        <Progress
          percent={row.progressPercent}
          size="small"
          format={() => `${row.doneCount}/${row.itemCount}`}
          aria-label={`${row.realName ?? ''}完成 ${row.doneCount}/${row.itemCount} 项`}
        />
      ),
    },
    ...task.items.map((item): DataTableColumn<AssigneeRow> => ({
      title: `${TASK_ITEM_KIND_LABELS[item.kind]}：${item.name}`,
      key: `item-${item.id}`,
      width: 150,
      render: (_v, row) => {
        const cell = row.items.find((c) => c.itemId === item.id);
        return cell?.done ? (
          <span title={formatDateTime(cell.doneAt)}>
            <CheckCircleFilled style={{ color: '#389e0d' }} aria-hidden /> 已完成
          </span>
        ) : (
          <span>
            <MinusCircleOutlined aria-hidden /> 未完成
          </span>
        );
      },
    })),
    {
      title: '完成时间',
      dataIndex: 'completedAt',
      width: 150,
      render: (_v, row) => formatDateTime(row.completedAt),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_v, row) => (
        <Link to={taskAnswerPath(task.id, row.userId)} aria-label={`查看作答（${row.realName ?? ''}）`}>
          查看作答
        </Link>
      ),
    },
  ];
}

function Assignees({ task }: { task: TaskDetail }): ReactNode {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const list = useListPage<AssigneeRow, Filter>({
    initialFilter: {},
    queryKey: (filter, page, size) => taskKeys.assignees({ ...filter, taskId: task.id }, page, size),
    fetchPage: (filter, page, size) => fetchAssignees({ ...filter, taskId: task.id }, page, size),
    rowKey: 'userId',
    invalidate: [taskKeys.all],
  });
  const remind = () =>
    void modal.confirm({
      title: '催办未完成的人员？',
      content: '每位尚未完成此任务的人员将收到一条站内提醒。',
      okText: '发送提醒',
      cancelText: '取消',
      onOk: async () => {
        const { count } = await remindLate(task.id);
        message.success(count > 0 ? `已提醒 ${count} 人` : '所有人都已完成，无需提醒');
      },
    });
  return (
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
          onSearch={(values) =>
            list.updateFilter({ departmentId: undefined, status: undefined, keyword: undefined, ...values })
          }
        />
        <Space wrap>
          <Button icon={<BellOutlined />} onClick={remind}>
            催办
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={busy}
            onClick={() => {
              setBusy(true);
              void exportAssignees({ ...list.filter, taskId: task.id }, task.name)
                .catch(() => undefined)
                .finally(() => setBusy(false));
            }}
          >
            导出
          </Button>
        </Space>
      </div>
      {list.query.isError ? (
        <PageError description="完成情况加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<AssigneeRow>
          {...list.tableProps}
          selectable={false}
          columns={columns(task)}
          scrollX={700 + task.items.length * 150}
        />
      )}
    </Card>
  );
}

/** /manage/study/task/detail?taskId=: the task and every assignee's progress per item. */
export default function TaskDetailPage(): ReactNode {
  const [params] = useSearchParams();
  const taskId = Number(params.get('taskId'));
  const valid = Number.isInteger(taskId) && taskId > 0;
  const task = useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: () => fetchTask(taskId),
    enabled: valid,
  });
  if (!valid) return <PageEmpty description="请从学习任务列表打开一个任务" />;
  if (task.isPending) return <PageLoading />;
  if (task.isError)
    return <PageError description="学习任务加载失败或不存在" onRetry={() => void task.refetch()} />;
  const t = task.data;
  return (
    <div className="kp-page">
      <Card size="small">
        <Space direction="vertical" size={4}>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t.name}
            </Typography.Title>
            <Tag>{TASK_STATUS_LABELS[t.status]}</Tag>
          </Space>
          <Typography.Text type="secondary">
            {formatDateTime(t.startAt)} 至 {formatDateTime(t.dueAt)} · {t.assigneeCount} 人 · 已完成{' '}
            {t.completedCount} 人{t.clearedAt ? ` · 进度清空于 ${formatDateTime(t.clearedAt)}` : ''}
          </Typography.Text>
          <Typography.Text type="secondary">
            分配对象：{t.audiences.map((a) => a.name).join('、') || '尚未分配'}
          </Typography.Text>
        </Space>
      </Card>
      <Assignees task={t} />
    </div>
  );
}
