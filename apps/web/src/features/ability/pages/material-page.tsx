import { useState, type ReactNode } from 'react';
import { Button, Input, Popconfirm, Select, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MATERIAL_KIND_LABELS, type MaterialKind } from '@kaopei/shared/contracts/ability';
import { PageError } from '../../../app/page-states';
import { toast } from '../../../lib/feedback';
import {
  abilityKeys,
  addMaterial,
  deleteMaterial,
  fetchAbilityOptions,
  fetchMaterials,
  modifyMaterial,
  type MaterialInput,
  type MaterialRow,
} from '../api';
import { MaterialDialog } from '../components/material-dialog';
import { MaterialLink } from '../components/material-link';
import '../ability.css';

const materialColumns = (edit: (row: MaterialRow) => void, remove: (id: number) => Promise<unknown>) => [
  {
    title: '素材',
    key: 'title',
    render: (_: unknown, row: MaterialRow) => <MaterialLink material={row} />,
  },
  { title: '能力', dataIndex: 'abilityName', key: 'ability', width: 140 },
  {
    title: '适用等级',
    key: 'level',
    width: 100,
    render: (_: unknown, row: MaterialRow) => (row.level === null ? '全部等级' : `L${row.level}`),
  },
  { title: '类型', dataIndex: 'kindLabel', key: 'kind', width: 80 },
  {
    title: '时长',
    key: 'minutes',
    width: 90,
    render: (_: unknown, row: MaterialRow) => (row.minutes === null ? '—' : `${row.minutes} 分钟`),
  },
  {
    title: '操作',
    key: 'actions',
    width: 130,
    render: (_: unknown, row: MaterialRow) => (
      <Space size={0}>
        <Button type="link" onClick={() => edit(row)} aria-label={`编辑 ${row.title}`}>
          编辑
        </Button>
        <Popconfirm
          title={`删除素材「${row.title}」？`}
          okText="删除"
          cancelText="取消"
          onConfirm={() => remove(row.id)}
        >
          <Button type="link" danger aria-label={`删除 ${row.title}`}>
            删除
          </Button>
        </Popconfirm>
      </Space>
    ),
  },
];

/** /manage/post/ability/material: learning materials per ability and level. */
export default function MaterialPage(): ReactNode {
  const client = useQueryClient();
  const [abilityId, setAbilityId] = useState<number | undefined>();
  const [kind, setKind] = useState<MaterialKind | undefined>();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [editing, setEditing] = useState<MaterialRow | 'new' | null>(null);
  const filter = { abilityId, kind, keyword };
  const abilities = useQuery({ queryKey: abilityKeys.options, queryFn: fetchAbilityOptions });
  const list = useQuery({
    queryKey: abilityKeys.materials(filter, page, size),
    queryFn: () => fetchMaterials(filter, page, size),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: abilityKeys.all });
  const save = useMutation({
    mutationFn: (input: MaterialInput) =>
      editing && editing !== 'new' ? modifyMaterial(editing.id, input) : addMaterial(input),
    onSuccess: () => {
      toast.success('素材已保存');
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteMaterial,
    onSuccess: () => {
      toast.success('素材已删除');
      void refresh();
    },
  });

  return (
    <div className="kp-page">
      <div className="kp-ability-toolbar">
        <Space wrap>
          <Select<number>
            aria-label="按能力筛选"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部能力"
            style={{ width: 220 }}
            value={abilityId}
            onChange={(next) => {
              setAbilityId(next ?? undefined);
              setPage(0);
            }}
            options={(abilities.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
          <Select<MaterialKind>
            aria-label="按类型筛选"
            allowClear
            placeholder="全部类型"
            style={{ width: 120 }}
            value={kind}
            onChange={(next) => {
              setKind(next ?? undefined);
              setPage(0);
            }}
            options={(Object.entries(MATERIAL_KIND_LABELS) as [MaterialKind, string][]).map(
              ([value, label]) => ({
                value,
                label,
              }),
            )}
          />
          <Input.Search
            allowClear
            aria-label="搜索素材标题"
            placeholder="搜索素材标题"
            onSearch={(value) => {
              setKeyword(value.trim() || undefined);
              setPage(0);
            }}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新增素材
        </Button>
      </div>
      {list.isError ? (
        <PageError description="素材加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
      ) : (
        <Table<MaterialRow>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.data ?? []}
          scroll={{ x: 900 }}
          locale={{ emptyText: '暂无素材，点击「新增素材」添加文档或链接' }}
          pagination={{
            current: page + 1,
            pageSize: size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (next, nextSize) => {
              setPage(nextSize === size ? next - 1 : 0);
              setSize(nextSize);
            },
          }}
          columns={materialColumns(setEditing, (id) => remove.mutateAsync(id))}
        />
      )}
      <MaterialDialog
        open={editing !== null}
        material={editing === 'new' ? null : editing}
        abilities={abilities.data ?? []}
        defaultAbilityId={abilityId}
        saving={save.isPending}
        onSubmit={(input) => save.mutateAsync(input)}
        onCancel={() => setEditing(null)}
      />
    </div>
  );
}
