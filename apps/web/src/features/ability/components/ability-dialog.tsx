import { useEffect, useMemo, type ReactNode } from 'react';
import { Form, Input, Modal, Select, TreeSelect, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { LevelAnchor } from '@kaopei/shared/contracts/ability';
import { showErrorOnForm } from '../../../lib/form-errors';
import {
  abilityKeys,
  fetchKnowledgeTree,
  fetchQuestionTags,
  type AbilityInput,
  type AbilityRow,
  type DimensionRow,
} from '../api';
import { blankAnchors, knowledgeTreeOptions } from '../ability-rules';

interface AbilityFormValues {
  name: string;
  dimensionId: number;
  description?: string;
  levels: LevelAnchor[];
  knowledgeIds: number[];
  tagIds: number[];
}

const required = (label: string) => [{ required: true, whitespace: true, message: `请填写${label}` }];

/** The five anchors: a name and a behavioural description per level. */
function LevelAnchorFields(): ReactNode {
  return (
    <>
      <Typography.Text strong>五级行为描述</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        每一级写出可观察的行为表现，评估与培养都以此为依据。
      </Typography.Paragraph>
      <Form.List name="levels">
        {(fields) =>
          fields.map((field, index) => (
            <div key={field.key} className="kp-ability-anchor">
              <span className="kp-ability-anchor__level" aria-hidden>
                L{index + 1}
              </span>
              <Form.Item
                name={[field.name, 'name']}
                label={`第 ${index + 1} 级名称`}
                rules={required(`第 ${index + 1} 级名称`)}
                className="kp-ability-anchor__name"
              >
                <Input maxLength={20} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'behaviour']}
                label={`第 ${index + 1} 级行为描述`}
                rules={required(`第 ${index + 1} 级行为描述`)}
                className="kp-ability-anchor__behaviour"
              >
                <Input.TextArea rows={2} maxLength={500} placeholder="这一级能做到什么" />
              </Form.Item>
            </div>
          ))
        }
      </Form.List>
    </>
  );
}

/** Adds or edits an ability: its dimension, the five behavioural anchors, knowledge points and tags. */
export function AbilityDialog({
  open,
  ability,
  dimensions,
  defaultDimensionId,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  /** null: a new ability. */
  ability: AbilityRow | null;
  dimensions: DimensionRow[];
  defaultDimensionId?: number | undefined;
  saving: boolean;
  onSubmit: (input: AbilityInput) => Promise<unknown>;
  onCancel: () => void;
}): ReactNode {
  const [form] = Form.useForm<AbilityFormValues>();
  const knowledge = useQuery({
    queryKey: abilityKeys.knowledgeTree,
    queryFn: () => fetchKnowledgeTree('org'),
    enabled: open,
  });
  const tags = useQuery({ queryKey: abilityKeys.questionTags, queryFn: fetchQuestionTags, enabled: open });
  const treeData = useMemo(() => knowledgeTreeOptions(knowledge.data ?? []), [knowledge.data]);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      ability
        ? {
            name: ability.name,
            dimensionId: ability.dimensionId,
            description: ability.description ?? '',
            levels: ability.levels,
            knowledgeIds: ability.knowledge.map((k) => k.id),
            tagIds: ability.tags.map((t) => t.id),
          }
        : {
            name: '',
            dimensionId: defaultDimensionId ?? dimensions[0]?.id,
            description: '',
            levels: blankAnchors(),
            knowledgeIds: [],
            tagIds: [],
          },
    );
  }, [open, ability, defaultDimensionId, dimensions, form]);

  const submit = async () => {
    const values = await form.validateFields();
    await onSubmit({
      name: values.name.trim(),
      dimensionId: values.dimensionId,
      description: values.description?.trim() || null,
      levels: values.levels.map((anchor, index) => ({
        level: index + 1,
        name: anchor.name.trim(),
        behaviour: anchor.behaviour.trim(),
      })),
      knowledgeIds: values.knowledgeIds ?? [],
      tagIds: values.tagIds ?? [],
    }).catch((error: unknown) => showErrorOnForm(form, error));
  };

  return (
    <Modal
      open={open}
      title={ability ? '编辑能力' : '新增能力'}
      okText="保存"
      cancelText="取消"
      width={760}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="ability-form" preserve={false}>
        <Form.Item name="name" label="能力名称" rules={required('能力名称')}>
          <Input maxLength={100} placeholder="如：Java编程" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="dimensionId"
          label="能力维度"
          rules={[{ required: true, message: '请选择能力维度' }]}
        >
          <Select
            aria-label="能力维度"
            options={dimensions.map((d) => ({ value: d.id, label: d.name }))}
            placeholder="请选择能力维度"
          />
        </Form.Item>
        <Form.Item name="description" label="能力说明">
          <Input.TextArea rows={2} maxLength={2000} placeholder="这项能力的含义（选填）" />
        </Form.Item>
        <LevelAnchorFields />
        <Form.Item name="knowledgeIds" label="关联知识点" extra="这些知识点下的试题用于测量此能力">
          <TreeSelect<number[]>
            multiple
            allowClear
            showSearch
            treeDefaultExpandAll
            treeNodeFilterProp="title"
            aria-label="关联知识点"
            placeholder="选择知识点"
            loading={knowledge.isPending}
            notFoundContent={knowledge.isError ? '知识点加载失败' : '暂无知识点'}
            treeData={treeData}
          />
        </Form.Item>
        <Form.Item name="tagIds" label="关联试题标签" extra="带这些标签的试题也用于测量此能力">
          <Select<number[]>
            mode="multiple"
            allowClear
            aria-label="关联试题标签"
            placeholder="选择试题标签"
            optionFilterProp="label"
            loading={tags.isPending}
            notFoundContent={tags.isError ? '标签加载失败' : '暂无试题标签'}
            options={(tags.data ?? []).map((tag) => ({ value: tag.tagId, label: tag.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
