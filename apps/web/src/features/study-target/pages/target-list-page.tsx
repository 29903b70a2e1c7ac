import { useState, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { BarChartOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { TARGET_METRIC_LABELS } from '@kaopei/shared';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageError } from '../../../app/page-states';
import { deleteTarget, fetchTargets, targetKeys, type TargetRow } from '../api';
import { TargetFormModal } from '../components/target-form-modal';
import { periodText, valueText } from '../target-format';
import '../study-target.css';

export const targetChartPath = (targetId: number) => `/manage/study/target/chart?targetId=${targetId}`;

interface ListFilter {
  keyword?: string;
}

function columns(
  onEdit: (row: TargetRow) => void,
  onDelete: (row: TargetRow) => void,
): DataTableColumn<TargetRow>[] {
  return [
    {
      title: '目标名称',
      dataIndex: 'name',
      render: (_v, row) => <Link to={targetChartPath(row.targetId)}>{row.name}</Link>,
    },
    { title: '周期', key: 'period', width: 220, render: (_v, row) => periodText(row.startDate, row.endDate) },
    { title: '指标', dataIndex: 'metric', width: 110, render: (_v, row) => TARGET_METRIC_LABELS[row.metric] },
    {
      title: '每人目标',
      dataIndex: 'targetValue',
      width: 110,
      render: (_v, row) => valueText(row.metric, row.targetValue),
    },
    { title: '范围', dataIndex: 'scopeSummary', render: (_v, row) => row.scopeSummary || '—' },
    { title: '人数', dataIndex: 'peopleCount', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0} wrap>
          <Link to={targetChartPath(row.targetId)} aria-label={`查看目标「${row.name}」的达成情况`}>
            <BarChartOutlined /> 达成情况
          </Link>
          <Button type="link" size="small" onClick={() => onEdit(row)} aria-label={`编辑目标「${row.name}」`}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => onDelete(row)}
            aria-label={`删除目标「${row.name}」`}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

/** /manage/study/target: the organisation's learning targets. */
export default function TargetListPage(): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ targetId: number | null } | null>(null);
  const list = useListPage<TargetRow, ListFilter, { count: number }>({
    initialFilter: {},
    queryKey: (filter, page, size) => targetKeys.list(filter.keyword, page, size),
    fetchPage: (filter, page, size) => fetchTargets(filter.keyword, page, size),
    rowKey: 'targetId',
    invalidate: [targetKeys.all],
    remove: ([row]) => deleteTarget((row as TargetRow).targetId),
    onRemoved: (_r, [row]) => message.success(`已删除学习目标「${row?.name ?? ''}」`),
  });
  const confirmDelete = (row: TargetRow) =>
    list.confirmDelete([row], {
      title: `删除学习目标「${row.name}」？`,
      content: '目标的范围与分级一并删除；学员的学习记录不受影响。',
    });
  return (
    <div className="kp-page">
      <Card size="small">
        <div className="kp-target-bar">
          <Form<ListFilter>
            layout="inline"
            name="kp-target-filter"
            aria-label="目标筛选"
            onFinish={(values) => list.updateFilter({ keyword: values.keyword?.trim() || undefined })}
          >
            <Form.Item name="keyword">
              <Input allowClear placeholder="目标名称" aria-label="目标名称" style={{ width: 200 }} />
            </Form.Item>
            <FilterButtons
              icon={<SearchOutlined />}
              onReset={() => list.updateFilter({ keyword: undefined })}
            />
          </Form>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ targetId: null })}>
            新建目标
          </Button>
        </div>
        {list.query.isError ? (
          <PageError description="学习目标加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<TargetRow>
            {...list.tableProps}
            selectable={false}
            columns={columns((row) => setEditing({ targetId: row.targetId }), confirmDelete)}
            scrollX={1000}
          />
        )}
        {!list.query.isPending && list.rows.length === 0 && !list.query.isError ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
            还没有学习目标，点击“新建目标”开始。
          </Typography.Paragraph>
        ) : null}
      </Card>
      <TargetFormModal
        open={editing !== null}
        targetId={editing?.targetId ?? null}
        onClose={() => setEditing(null)}
        onSaved={(target) => {
          const created = editing?.targetId === null;
          setEditing(null);
          void list.refresh();
          if (created) void navigate(targetChartPath(target.targetId));
        }}
      />
    </div>
  );
}
