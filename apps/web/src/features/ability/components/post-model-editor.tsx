import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, InputNumber, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ABILITY_LEVELS } from '@kaopei/shared';
import type { ModelItem } from '@kaopei/shared/contracts/ability';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { toast } from '../../../lib/feedback';
import { abilityKeys, fetchAbilityOptions, fetchPostModel, savePostModel } from '../api';
import { evenWeights, weightState } from '../ability-rules';
import { PostSelect, usePostIdParam } from './post-select';

/** 岗位能力模型: the chosen post's abilities with required level and weight; weights must total 100. */
export function PostModelEditor(): ReactNode {
  const [postId, setPostId] = usePostIdParam();
  return (
    <div className="kp-ability-model">
      <div className="kp-ability-toolbar">
        <label htmlFor="ability-post-select">岗位</label>
        <PostSelect value={postId} onChange={setPostId} />
      </div>
      {postId === undefined ? (
        <PageEmpty description="请选择岗位，查看并编辑它的能力模型" />
      ) : (
        <ModelTable key={postId} postId={postId} />
      )}
    </div>
  );
}

const modelColumns = (
  update: (abilityId: number, patch: Partial<ModelItem>) => void,
  remove: (abilityId: number) => void,
) => [
  {
    title: '能力',
    key: 'name',
    render: (_: unknown, row: ModelItem) => (
      <div>
        <strong>{row.name}</strong>
        <div className="kp-muted">{row.dimensionName}</div>
      </div>
    ),
  },
  {
    title: '要求等级',
    key: 'level',
    width: 320,
    render: (_: unknown, row: ModelItem) => {
      const anchor = row.levels.find((l) => l.level === row.requiredLevel);
      return (
        <div>
          <Select<number>
            aria-label={`${row.name}的要求等级`}
            style={{ width: 150 }}
            value={row.requiredLevel}
            onChange={(requiredLevel) => update(row.abilityId, { requiredLevel })}
            options={ABILITY_LEVELS.map((level) => ({
              value: level,
              label: `L${level} ${row.levels.find((l) => l.level === level)?.name ?? ''}`,
            }))}
          />
          {anchor && (
            <Typography.Paragraph className="kp-ability-model__anchor">
              {anchor.behaviour}
            </Typography.Paragraph>
          )}
        </div>
      );
    },
  },
  {
    title: '权重（%）',
    key: 'weight',
    width: 140,
    render: (_: unknown, row: ModelItem) => (
      <InputNumber<number>
        aria-label={`${row.name}的权重`}
        min={0}
        max={100}
        precision={0}
        value={row.weight}
        onChange={(weight) => update(row.abilityId, { weight: weight ?? 0 })}
      />
    ),
  },
  {
    title: '操作',
    key: 'actions',
    width: 80,
    render: (_: unknown, row: ModelItem) => (
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={`移除 ${row.name}`}
        onClick={() => remove(row.abilityId)}
      />
    ),
  },
];

function ModelTable({ postId }: { postId: number }): ReactNode {
  const client = useQueryClient();
  const model = useQuery({ queryKey: abilityKeys.model(postId), queryFn: () => fetchPostModel(postId) });
  const options = useQuery({ queryKey: abilityKeys.options, queryFn: fetchAbilityOptions });
  const [rows, setRows] = useState<ModelItem[]>([]);
  const [adding, setAdding] = useState<number | undefined>();
  useEffect(() => {
    if (model.data) setRows(model.data.items);
  }, [model.data]);
  const weights = weightState(rows.map((row) => row.weight));
  const dirty = useMemo(
    () => JSON.stringify(rows) !== JSON.stringify(model.data?.items ?? []),
    [rows, model.data],
  );
  const save = useMutation({
    mutationFn: () =>
      savePostModel(
        postId,
        rows.map(({ abilityId, requiredLevel, weight }) => ({ abilityId, requiredLevel, weight })),
      ),
    onSuccess: (saved) => {
      toast.success('能力模型已保存');
      client.setQueryData(abilityKeys.model(postId), saved);
      void client.invalidateQueries({ queryKey: abilityKeys.all });
    },
  });

  if (model.isPending) return <PageLoading />;
  if (model.isError)
    return <PageError description="能力模型加载失败，请稍后重试。" onRetry={() => void model.refetch()} />;

  const update = (abilityId: number, patch: Partial<ModelItem>) =>
    setRows((current) => current.map((row) => (row.abilityId === abilityId ? { ...row, ...patch } : row)));
  const addRow = () => {
    const option = options.data?.find((o) => o.id === adding);
    if (!option) return;
    setRows((current) => [
      ...current,
      {
        abilityId: option.id,
        name: option.name,
        dimensionId: option.dimensionId,
        dimensionName: option.dimensionName,
        requiredLevel: 3,
        weight: 0,
        levels: option.levels,
      },
    ]);
    setAdding(undefined);
  };
  const available = (options.data ?? []).filter((o) => !rows.some((row) => row.abilityId === o.id));

  const columns = modelColumns(update, (abilityId) =>
    setRows((current) => current.filter((r) => r.abilityId !== abilityId)),
  );

  return (
    <div>
      <div className="kp-ability-toolbar">
        <Select<number>
          aria-label="从能力库添加能力"
          placeholder="从能力库选择能力"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 280, maxWidth: '100%' }}
          loading={options.isPending}
          value={adding}
          onChange={setAdding}
          notFoundContent="能力库中没有可添加的能力"
          options={available.map((o) => ({ value: o.id, label: `${o.name}（${o.dimensionName}）` }))}
        />
        <Button icon={<PlusOutlined />} onClick={addRow} disabled={adding === undefined}>
          添加能力
        </Button>
        <Button
          onClick={() =>
            setRows((current) =>
              current.map((row, i) => ({ ...row, weight: evenWeights(current.length)[i] ?? 0 })),
            )
          }
          disabled={rows.length === 0}
        >
          平均分配权重
        </Button>
      </div>
      <Table<ModelItem>
        rowKey="abilityId"
        size="middle"
        pagination={false}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 760 }}
        locale={{ emptyText: '该岗位还没有能力模型，请从能力库添加能力' }}
      />
      <div className="kp-ability-model__footer">
        <span
          aria-live="polite"
          className={weights.problem ? 'kp-ability-model__total is-bad' : 'kp-ability-model__total'}
        >
          权重合计：{weights.total}%
        </span>
        <Space>
          <Button disabled={!dirty || save.isPending} onClick={() => setRows(model.data.items)}>
            撤销修改
          </Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={weights.problem !== null}
            onClick={() => save.mutate()}
          >
            保存模型
          </Button>
        </Space>
      </div>
      {weights.problem && <Alert type="error" showIcon role="alert" title={weights.problem} />}
    </div>
  );
}
