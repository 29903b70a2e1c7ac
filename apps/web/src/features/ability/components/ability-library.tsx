import { useState, type ReactNode } from 'react';
import { Button, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageError } from '../../../app/page-states';
import { toast } from '../../../lib/feedback';
import {
  abilityKeys,
  addAbility,
  deleteAbility,
  fetchAbilities,
  fetchDimensions,
  modifyAbility,
  type AbilityInput,
  type AbilityRow,
} from '../api';
import { AbilityDialog } from './ability-dialog';
import { DimensionPanel } from './dimension-panel';

const PAGE_SIZE = 10;

const abilityColumns = ({
  edit,
  remove,
}: {
  edit: (row: AbilityRow) => void;
  remove: (id: number) => Promise<unknown>;
}) => [
  { title: '能力名称', dataIndex: 'name', key: 'name', width: 160 },
  { title: '维度', dataIndex: 'dimensionName', key: 'dimension', width: 100 },
  {
    title: '能力说明',
    key: 'description',
    render: (_: unknown, row: AbilityRow) => row.description ?? <span className="kp-muted">—</span>,
  },
  {
    title: '知识点 / 标签',
    key: 'links',
    width: 220,
    render: (_: unknown, row: AbilityRow) => (
      <Space size={[0, 4]} wrap>
        {row.knowledge.map((k) => (
          <Tag key={`k${k.id}`} color="blue">
            {k.name}
          </Tag>
        ))}
        {row.tags.map((t) => (
          <Tag key={`t${t.id}`}>{t.name}</Tag>
        ))}
        {row.knowledge.length + row.tags.length === 0 && <span className="kp-muted">未关联</span>}
      </Space>
    ),
  },
  { title: '测评试题', dataIndex: 'questionCount', key: 'questions', width: 90 },
  { title: '用于岗位', dataIndex: 'postCount', key: 'posts', width: 90 },
  {
    title: '操作',
    key: 'actions',
    width: 130,
    render: (_: unknown, row: AbilityRow) => (
      <Space size={0}>
        <Button type="link" onClick={() => edit(row)} aria-label={`编辑 ${row.name}`}>
          编辑
        </Button>
        <Popconfirm
          title={`删除能力「${row.name}」？`}
          okText="删除"
          cancelText="取消"
          onConfirm={() => remove(row.id)}
        >
          <Button type="link" danger aria-label={`删除 ${row.name}`}>
            删除
          </Button>
        </Popconfirm>
      </Space>
    ),
  },
];

/** An ability's five behavioural anchors (the expanded row). */
function AnchorList({ ability }: { ability: AbilityRow }): ReactNode {
  return (
    <ol className="kp-ability-levels" aria-label={`${ability.name}的五级行为描述`}>
      {ability.levels.map((anchor) => (
        <li key={anchor.level}>
          <strong>
            L{anchor.level} {anchor.name}
          </strong>
          ：{anchor.behaviour}
        </li>
      ))}
    </ol>
  );
}

/** 能力库: dimensions on the left, the abilities of the chosen one on the right. */
export function AbilityLibrary(): ReactNode {
  const client = useQueryClient();
  const [dimensionId, setDimensionId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<AbilityRow | 'new' | null>(null);
  const filter = { dimensionId, keyword };

  const dimensions = useQuery({ queryKey: abilityKeys.dimensions, queryFn: fetchDimensions });
  const list = useQuery({
    queryKey: abilityKeys.list(filter, page, size),
    queryFn: () => fetchAbilities(filter, page, size),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: abilityKeys.all });
  const save = useMutation({
    mutationFn: (input: AbilityInput) =>
      editing && editing !== 'new' ? modifyAbility(editing.id, input) : addAbility(input),
    onSuccess: () => {
      toast.success('能力已保存');
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteAbility,
    onSuccess: () => {
      toast.success('能力已删除');
      void refresh();
    },
  });

  const columns = abilityColumns({ edit: setEditing, remove: (id) => remove.mutateAsync(id) });

  return (
    <div className="kp-ability-library">
      <DimensionPanel
        dimensions={dimensions.data ?? []}
        loading={dimensions.isPending}
        selected={dimensionId}
        onSelect={(id) => {
          setDimensionId(id);
          setPage(0);
        }}
        canEdit
      />
      <section className="kp-ability-library__main" aria-label="能力列表">
        <div className="kp-ability-toolbar">
          <Input.Search
            allowClear
            placeholder="搜索能力名称"
            aria-label="搜索能力"
            style={{ maxWidth: 280 }}
            onSearch={(value) => {
              setKeyword(value.trim() || undefined);
              setPage(0);
            }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增能力
          </Button>
        </div>
        {list.isError ? (
          <PageError description="能力加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
        ) : (
          <Table<AbilityRow>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.data ?? []}
            columns={columns}
            scroll={{ x: 1000 }}
            expandable={{
              expandedRowRender: (row) => <AnchorList ability={row} />,
              columnTitle: <span className="kp-sr-only">展开五级行为描述</span>,
            }}
            locale={{ emptyText: keyword ? '没有符合条件的能力' : '暂无能力，点击「新增能力」建立能力库' }}
            pagination={{
              current: page + 1,
              pageSize: size,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => `共 ${total} 项`,
              onChange: (next, nextSize) => {
                setPage(nextSize === size ? next - 1 : 0);
                setSize(nextSize);
              },
            }}
          />
        )}
      </section>
      <AbilityDialog
        open={editing !== null}
        ability={editing === 'new' ? null : editing}
        dimensions={dimensions.data ?? []}
        defaultDimensionId={dimensionId}
        saving={save.isPending}
        onSubmit={(input) => save.mutateAsync(input)}
        onCancel={() => setEditing(null)}
      />
    </div>
  );
}
