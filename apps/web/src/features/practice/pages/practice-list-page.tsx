import type { ReactNode } from 'react';
import { App, Button, Card, Form, Input, Select, Space, Tabs, Tag } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  PRACTICE_SOURCE_LABELS,
  PRACTICE_STATUS_LABELS,
  practicePaths,
  type PracticeStatus,
} from '@kaopei/shared/contracts/practice';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageError } from '../../../app/page-states';
import { LinkButton } from '../../../app/link-button';
import { deletePractice, fetchPractices, practiceKeys, type PracticeFilter, type PracticeRow } from '../api';
import { usePracticeActions } from '../components/practice-actions';
import { MistakesTab } from '../components/mistakes-tab';
import { accuracyText } from '../practice-rules';
import '../practice.css';

export const STATUS_COLORS: Record<PracticeStatus, string> = {
  draft: 'default',
  released: 'green',
  closed: 'red',
};

function FilterForm({ onSearch }: { onSearch: (values: PracticeFilter) => void }): ReactNode {
  const [form] = Form.useForm<PracticeFilter>();
  return (
    <Form<PracticeFilter>
      form={form}
      layout="inline"
      name="kp-practice-filter"
      aria-label="练习筛选"
      onFinish={(values) => onSearch({ ...values, keyword: values.keyword?.trim() })}
    >
      <Form.Item name="keyword">
        <Input allowClear placeholder="练习名称" aria-label="练习名称" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          placeholder="状态"
          aria-label="状态"
          style={{ width: 110 }}
          options={(Object.entries(PRACTICE_STATUS_LABELS) as [PracticeStatus, string][]).map(
            ([value, label]) => ({
              value,
              label,
            }),
          )}
        />
      </Form.Item>
      <FilterButtons icon={<SearchOutlined />} onReset={() => onSearch({})} />
    </Form>
  );
}

function columns(
  actions: ReturnType<typeof usePracticeActions>,
  onDelete: (row: PracticeRow) => void,
): DataTableColumn<PracticeRow>[] {
  return [
    {
      title: '练习名称',
      dataIndex: 'name',
      render: (_v, row) => <Link to={practicePaths.manageDetail(row.practiceId)}>{row.name}</Link>,
    },
    {
      title: '题目来源',
      key: 'sources',
      render: (_v, row) =>
        row.sources.map((s) => `${PRACTICE_SOURCE_LABELS[s.kind]}：${s.name ?? '（已删除）'}`).join('、'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_v, row) => <Tag color={STATUS_COLORS[row.status]}>{PRACTICE_STATUS_LABELS[row.status]}</Tag>,
    },
    { title: '每轮', dataIndex: 'roundSize', width: 70 },
    { title: '题池', dataIndex: 'questionCount', width: 70 },
    { title: '参与人数', dataIndex: 'participants', width: 90 },
    { title: '轮次', dataIndex: 'rounds', width: 70 },
    { title: '正确率', dataIndex: 'accuracy', width: 80, render: (_v, row) => accuracyText(row.accuracy) },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0} wrap>
          {row.status === 'draft' ? (
            <>
              <LinkButton
                to={`${practicePaths.manageAdd}?practiceId=${row.practiceId}`}
                type="link"
                size="small"
                aria-label={`编辑练习「${row.name}」`}
              >
                编辑
              </LinkButton>
              <Button
                type="link"
                size="small"
                onClick={() => actions.release(row)}
                aria-label={`发布练习「${row.name}」`}
              >
                发布
              </Button>
            </>
          ) : null}
          {row.status === 'released' ? (
            <Button
              type="link"
              size="small"
              onClick={() => actions.close(row)}
              aria-label={`关闭练习「${row.name}」`}
            >
              关闭
            </Button>
          ) : null}
          <Button
            type="link"
            size="small"
            danger
            onClick={() => onDelete(row)}
            aria-label={`删除练习「${row.name}」`}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

function PracticeTable(): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const actions = usePracticeActions();
  const list = useListPage<PracticeRow, PracticeFilter>({
    initialFilter: {},
    queryKey: (filter, page, size) => practiceKeys.list(filter, page, size),
    fetchPage: (filter, page, size) => fetchPractices(filter, page, size),
    rowKey: 'practiceId',
    invalidate: [practiceKeys.all],
    remove: ([row]) => deletePractice((row as PracticeRow).practiceId),
    onRemoved: (_r, [row]) => message.success(`已删除练习「${row?.name ?? ''}」`),
  });
  const confirmDelete = (row: PracticeRow) =>
    list.confirmDelete([row], {
      title: `删除练习「${row.name}」？`,
      content: `练习的 ${row.rounds} 轮练习记录将一并删除（学员错题本中的题保留），此操作不可撤销。`,
    });
  return (
    <Card size="small">
      <div className="kp-practice-bar">
        <FilterForm
          onSearch={(values) => list.updateFilter({ keyword: undefined, status: undefined, ...values })}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(practicePaths.manageAdd)}>
          新建练习
        </Button>
      </div>
      {list.query.isError ? (
        <PageError description="练习加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<PracticeRow>
          {...list.tableProps}
          selectable={false}
          columns={columns(actions, confirmDelete)}
          scrollX={1100}
        />
      )}
    </Card>
  );
}

/** /manage/study/practice/list: practice sets (status filter, keyword) and 错题分析. */
export default function PracticeListPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mistakes' ? 'mistakes' : 'list';
  return (
    <div className="kp-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'list' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'list', label: '练习列表', children: tab === 'list' ? <PracticeTable /> : null },
          { key: 'mistakes', label: '错题分析', children: tab === 'mistakes' ? <MistakesTab /> : null },
        ]}
      />
    </div>
  );
}
