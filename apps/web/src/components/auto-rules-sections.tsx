import type { ReactNode } from 'react';
import { Button, Checkbox, Form, InputNumber, Radio, Select, Space, TreeSelect, Typography } from 'antd';
import type { SelectProps, TreeSelectProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_QUESTION_POINTS, QUESTION_TYPES, QuestionType, questionTypeLabel } from '@kaopei/shared';
import type { AutoRulesForm, DifficultyMode } from './auto-rules-fields';

interface AutoRulesTopRowProps {
  head?: ReactNode;
  bankOptions: SelectProps['options'];
  tagOptions: SelectProps['options'];
}

/** The top row: `head`, 题库, 总分, 标签, the days to exclude, the A/B variants and their overlap. */
export function AutoRulesTopRow({ head, bankOptions, tagOptions }: AutoRulesTopRowProps): ReactNode {
  return (
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
          options={tagOptions}
        />
      </Form.Item>
      <Form.Item name="excludeUsedWithinDays" label="排除近 N 天用过的试题">
        <InputNumber aria-label="排除天数" min={1} max={3650} precision={0} placeholder="不排除" />
      </Form.Item>
      <Form.Item
        name="useCalibratedDifficulty"
        valuePropName="checked"
        label="难度依据"
        tooltip="勾选后，已在“试题分析 · IRT 校准”中校准过的题按作答数据估计的难度（b 换算到 1–10）组卷，未校准的题仍用设定难度"
      >
        <Checkbox aria-label="按校准难度组卷">按校准难度组卷</Checkbox>
      </Form.Item>
      <Form.Item name="variants" label="生成套数（A/B 卷）">
        <InputNumber aria-label="生成套数" min={1} max={5} precision={0} />
      </Form.Item>
      <Form.Item name="maxOverlap" label="每套最多重复题数">
        <InputNumber aria-label="最多重复题数" min={0} max={500} precision={0} />
      </Form.Item>
    </Space>
  );
}

/** 题型、数量与分值: one row per question type; a new row takes a type not yet used. */
export function TypeRulesList(): ReactNode {
  const form = Form.useFormInstance<AutoRulesForm>();
  return (
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
  );
}

/** 难度: none, a target average with a tolerance, or a distribution over 简单/中等/困难. */
export function DifficultyFields(): ReactNode {
  const form = Form.useFormInstance<AutoRulesForm>();
  const mode = (Form.useWatch('difficultyMode', form) as DifficultyMode | undefined) ?? 'none';
  return (
    <>
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
    </>
  );
}

/** 知识点覆盖: knowledge points each with a minimum number of questions. */
export function KnowledgeRulesList({
  knowledgeTree,
}: {
  knowledgeTree: TreeSelectProps['treeData'];
}): ReactNode {
  return (
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
              <Form.Item name={[field.name, 'minCount']} rules={[{ required: true, message: '请输入题数' }]}>
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
  );
}
