import { useMemo, type ReactNode } from 'react';
import { Button, Form, InputNumber, Radio, Select, Space, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_QUESTION_POINTS, QUESTION_TYPES, QuestionType, questionTypeLabel } from '@kaopei/shared';
import type { AutoRulesInput } from '@kaopei/shared/contracts/paper';
import {
  fetchKnowledgeTree,
  fetchQuestionTags,
  fetchSimpleBanks,
  knowledgeTreeKey,
  QUESTION_TAGS_KEY,
  SIMPLE_BANKS_KEY,
} from '../lib/picker-queries';
import { knowledgeOptions } from '../lib/question-rules';

/** The automatic-generation rules the server takes (without the per-call excluded questions). */
export type AutoRules = Omit<AutoRulesInput, 'excludeQuestionIds'>;

/**
 * The intelligent-generation rule editor (banks, types with counts and points, difficulty, knowledge
 * coverage, tags, A/B variants). It renders form items into the surrounding antd Form, used by
 * /manage/paper/auto and by the automatic-exam rules of /manage/exam/auto.
 */

export type DifficultyMode = 'none' | 'average' | 'distribution';

export interface AutoRulesForm {
  bankIds: number[];
  totalScore?: number | null;
  typeRules: { type: number; count: number; points: number }[];
  difficultyMode: DifficultyMode;
  target?: number;
  tolerance?: number;
  SIMPLE?: number;
  MEDIUM?: number;
  HARD?: number;
  knowledgeRules: { knowledgeId?: number; minCount: number }[];
  tagIds?: number[];
  excludeUsedWithinDays?: number | null;
  variants: number;
  maxOverlap: number;
}

export const AUTO_RULES_INITIAL: AutoRulesForm = {
  bankIds: [],
  typeRules: [{ type: QuestionType.SINGLE, count: 10, points: DEFAULT_QUESTION_POINTS }],
  difficultyMode: 'none',
  target: 5,
  tolerance: 0.5,
  SIMPLE: 30,
  MEDIUM: 50,
  HARD: 20,
  knowledgeRules: [],
  variants: 1,
  maxOverlap: 0,
};

/** The form's values as the server's rules; a seed only when given (a saved rule draws afresh each time). */
export function toAutoRules(values: AutoRulesForm, seed?: string): AutoRules {
  const rules: AutoRules = {
    bankIds: values.bankIds,
    typeRules: values.typeRules.map((rule) => ({ type: rule.type, count: rule.count, points: rule.points })),
    knowledgeRules: values.knowledgeRules
      .filter((rule): rule is { knowledgeId: number; minCount: number } => rule.knowledgeId !== undefined)
      .map((rule) => ({ knowledgeId: rule.knowledgeId, minCount: rule.minCount })),
    tagIds: values.tagIds ?? [],
    variants: values.variants,
    maxOverlap: values.maxOverlap,
  };
  if (seed !== undefined) rules.seed = seed;
  if (values.totalScore) rules.totalScore = values.totalScore;
  if (values.excludeUsedWithinDays) rules.excludeUsedWithinDays = values.excludeUsedWithinDays;
  if (values.difficultyMode === 'average')
    rules.difficulty = { mode: 'average', target: values.target ?? 5, tolerance: values.tolerance ?? 0.5 };
  if (values.difficultyMode === 'distribution')
    rules.difficulty = {
      mode: 'distribution',
      SIMPLE: values.SIMPLE ?? 0,
      MEDIUM: values.MEDIUM ?? 0,
      HARD: values.HARD ?? 0,
    };
  return rules;
}

/** Saved rules back into the editor's values (editing an automatic-exam rule). */
export function fromAutoRules(rules: AutoRules): AutoRulesForm {
  const difficulty = rules.difficulty;
  return {
    ...AUTO_RULES_INITIAL,
    bankIds: rules.bankIds,
    totalScore: rules.totalScore ?? null,
    typeRules: rules.typeRules.map((rule) => ({ ...rule })),
    knowledgeRules: rules.knowledgeRules.map((rule) => ({ ...rule })),
    tagIds: rules.tagIds ?? [],
    excludeUsedWithinDays: rules.excludeUsedWithinDays ?? null,
    variants: rules.variants,
    maxOverlap: rules.maxOverlap,
    difficultyMode: difficulty?.mode ?? 'none',
    ...(difficulty?.mode === 'average' ? { target: difficulty.target, tolerance: difficulty.tolerance } : {}),
    ...(difficulty?.mode === 'distribution'
      ? { SIMPLE: difficulty.SIMPLE, MEDIUM: difficulty.MEDIUM, HARD: difficulty.HARD }
      : {}),
  };
}

/** The editor's form items; `head` comes first in the top row (the paper page puts the paper name there). */
export function AutoRulesFields({ head }: { head?: ReactNode }): ReactNode {
  const form = Form.useFormInstance<AutoRulesForm>();
  const mode = (Form.useWatch('difficultyMode', form) as DifficultyMode | undefined) ?? 'none';
  const banks = useQuery({ queryKey: SIMPLE_BANKS_KEY, queryFn: fetchSimpleBanks });
  const tags = useQuery({ queryKey: QUESTION_TAGS_KEY, queryFn: fetchQuestionTags });
  const ownTree = useQuery({ queryKey: knowledgeTreeKey('org'), queryFn: () => fetchKnowledgeTree('org') });
  const platformTree = useQuery({
    queryKey: knowledgeTreeKey('platform'),
    queryFn: () => fetchKnowledgeTree('platform'),
  });
  const knowledgeTree = useMemo(
    () => knowledgeOptions(ownTree.data ?? [], platformTree.data ?? []),
    [ownTree.data, platformTree.data],
  );
  const bankOptions = (banks.data ?? []).map((bank) => ({
    label: bank.isPublic ? `${bank.name}（公开）` : bank.name,
    value: bank.bankId,
  }));

  return (
    <>
      <Space wrap align="start" size="middle">
        {head}
        <Form.Item
          name="bankIds"
          label="题库"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个题库' }]}
        >
          <Select
            mode="multiple"
            aria-label="组卷题库"
            placeholder="选择题库"
            style={{ width: 260 }}
            maxTagCount="responsive"
            options={bankOptions}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="totalScore" label="总分" extra="可选；须等于各题型数量 × 分值之和">
          <InputNumber aria-label="总分" min={0.1} max={100000} precision={1} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="tagIds" label="标签">
          <Select
            mode="multiple"
            allowClear
            placeholder="不限"
            aria-label="组卷标签"
            style={{ width: 160 }}
            options={(tags.data ?? []).map((tag) => ({ label: tag.name, value: tag.tagId }))}
          />
        </Form.Item>
        <Form.Item name="excludeUsedWithinDays" label="排除近 N 天用过的试题">
          <InputNumber aria-label="排除天数" min={1} max={3650} precision={0} placeholder="不排除" />
        </Form.Item>
        <Form.Item name="variants" label="生成套数（A/B 卷）">
          <InputNumber aria-label="生成套数" min={1} max={5} precision={0} />
        </Form.Item>
        <Form.Item name="maxOverlap" label="每套最多重复题数">
          <InputNumber aria-label="最多重复题数" min={0} max={500} precision={0} />
        </Form.Item>
      </Space>

      <Typography.Title level={5}>题型、数量与分值</Typography.Title>
      <Form.List name="typeRules">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item name={[field.name, 'type']} rules={[{ required: true, message: '请选择题型' }]}>
                  <Select
                    aria-label={`题型 ${index + 1}`}
                    style={{ width: 110 }}
                    options={QUESTION_TYPES.map((t) => ({ label: questionTypeLabel(t), value: t }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'count']} rules={[{ required: true, message: '请输入题数' }]}>
                  <InputNumber aria-label={`题数 ${index + 1}`} min={1} max={500} precision={0} suffix="题" />
                </Form.Item>
                <Form.Item name={[field.name, 'points']} rules={[{ required: true, message: '请输入分值' }]}>
                  <InputNumber
                    aria-label={`每题分值 ${index + 1}`}
                    min={0.1}
                    max={1000}
                    precision={1}
                    suffix="分/题"
                  />
                </Form.Item>
                {fields.length > 1 ? (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除题型 ${index + 1}`}
                    onClick={() => remove(field.name)}
                  />
                ) : null}
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= QUESTION_TYPES.length}
              onClick={() => {
                const used = new Set(
                  (form.getFieldValue('typeRules') as AutoRulesForm['typeRules']).map((r) => r.type),
                );
                const type = QUESTION_TYPES.find((t) => !used.has(t)) ?? QuestionType.SINGLE;
                add({ type, count: 5, points: DEFAULT_QUESTION_POINTS });
              }}
            >
              添加题型
            </Button>
          </>
        )}
      </Form.List>

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        难度
      </Typography.Title>
      <Form.Item name="difficultyMode">
        <Radio.Group
          options={[
            { value: 'none', label: '不限' },
            { value: 'average', label: '目标平均难度' },
            { value: 'distribution', label: '难易分布' },
          ]}
        />
      </Form.Item>
      {mode === 'average' ? (
        <Space wrap>
          <Form.Item
            name="target"
            label="平均难度（1–10）"
            rules={[{ required: true, message: '请输入平均难度' }]}
          >
            <InputNumber aria-label="目标平均难度" min={1} max={10} step={0.5} />
          </Form.Item>
          <Form.Item name="tolerance" label="允许偏差 ±">
            <InputNumber aria-label="允许偏差" min={0} max={5} step={0.1} />
          </Form.Item>
        </Space>
      ) : null}
      {mode === 'distribution' ? (
        <Space wrap>
          {(
            [
              ['SIMPLE', '简单（1–3）'],
              ['MEDIUM', '中等（4–5）'],
              ['HARD', '困难（6–10）'],
            ] as const
          ).map(([level, label]) => (
            <Form.Item key={level} name={level} label={`${label} %`}>
              <InputNumber aria-label={`${label}比例`} min={0} max={100} precision={0} suffix="%" />
            </Form.Item>
          ))}
          <Typography.Text type="secondary">三项之和须为 100%</Typography.Text>
        </Space>
      ) : null}

      <Typography.Title level={5}>知识点覆盖</Typography.Title>
      <Form.List name="knowledgeRules">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item
                  name={[field.name, 'knowledgeId']}
                  rules={[{ required: true, message: '请选择知识点' }]}
                >
                  <TreeSelect
                    aria-label={`知识点 ${index + 1}`}
                    placeholder="选择知识点"
                    style={{ width: 240 }}
                    showSearch
                    treeNodeFilterProp="title"
                    treeDefaultExpandAll
                    treeData={knowledgeTree}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'minCount']}
                  rules={[{ required: true, message: '请输入题数' }]}
                >
                  <InputNumber
                    aria-label={`知识点最少题数 ${index + 1}`}
                    min={1}
                    max={500}
                    precision={0}
                    prefix="至少"
                    suffix="题"
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除知识点 ${index + 1}`}
                  onClick={() => remove(field.name)}
                />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ minCount: 1 })}>
              添加知识点要求
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}
