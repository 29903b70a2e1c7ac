import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { FormListFieldData, FormListOperation } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUESTION_TYPES, questionTypeLabel } from '@kaopei/shared';
import { KnowledgePicker } from '../../../components/knowledge-picker';
import { serverMessage } from '../../../lib/server-message';
import { newRule } from '../random-paper-form';
import { PaperNameFields } from './paper-name-fields';
import { DifficultyRangeSlider } from '../../../components/difficulty-range-slider';

type Options = { label: string; value: number }[];
type GroupedOptions = { label: string; title: string; options: Options }[];

/** The paper's own fields: name, paper bank, how questions are drawn, shuffling. */
export function RandomPaperMetaCard({
  paperId,
  paperBankOptions,
}: {
  paperId?: number | undefined;
  paperBankOptions: GroupedOptions;
}): ReactNode {
  return (
    <Card size="small" title={paperId ? '修改随机试卷' : '随机组卷'}>
      <Space wrap align="start" size="large">
        <PaperNameFields bankOptions={paperBankOptions} />
        <Form.Item name="drawPerCandidate" label="抽题方式">
          <Radio.Group
            options={[
              { value: false, label: '统一抽题一次' },
              { value: true, label: '每位考生开考时单独抽题' },
            ]}
          />
        </Form.Item>
        <Form.Item name="shuffleQuestions" label="试题乱序" valuePropName="checked">
          <Switch aria-label="试题乱序" />
        </Form.Item>
        <Form.Item name="shuffleOptions" label="选项乱序" valuePropName="checked">
          <Switch aria-label="选项乱序" />
        </Form.Item>
      </Space>
    </Card>
  );
}

interface RuleChoices {
  bankOptions: Options;
  tagOptions: Options;
}

/** The sections of the paper, each a card of rules, and the button that adds one. */
export function RandomSectionList(choices: RuleChoices): ReactNode {
  return (
    <Form.List name="sections">
      {(sections, { add, remove }) => (
        <>
          {sections.map((section, sectionIndex) => (
            <RandomSectionCard
              key={section.key}
              section={section}
              sectionIndex={sectionIndex}
              onRemove={sections.length > 1 ? () => remove(section.name) : undefined}
              {...choices}
            />
          ))}
          <Button
            block
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ name: `第${sections.length + 1}大题`, rules: [newRule()] })}
          >
            新增大题
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** One section: its name as the title, its rules, and 删除大题 when it is not the only one. */
function RandomSectionCard({
  section,
  sectionIndex,
  onRemove,
  ...choices
}: RuleChoices & {
  section: FormListFieldData;
  sectionIndex: number;
  onRemove?: (() => void) | undefined;
}): ReactNode {
  return (
    <Card
      size="small"
      className="kp-random__section"
      data-testid={`random-section-${sectionIndex + 1}`}
      title={
        <Form.Item
          name={[section.name, 'name']}
          rules={[{ required: true, whitespace: true, message: '请输入大题名称' }]}
          style={{ margin: 0 }}
        >
          <Input aria-label={`大题名称 ${sectionIndex + 1}`} maxLength={100} style={{ width: 240 }} />
        </Form.Item>
      }
      extra={
        onRemove ? (
          <Button danger type="text" icon={<DeleteOutlined />} onClick={onRemove}>
            删除大题
          </Button>
        ) : null
      }
    >
      <Form.List name={[section.name, 'rules']}>
        {(rules, ruleOps) => (
          <>
            {rules.map((rule, ruleIndex) => (
              <RandomRuleRow
                key={rule.key}
                rule={rule}
                label={`大题${sectionIndex + 1}规则${ruleIndex + 1}`}
                ruleIndex={ruleIndex}
                onRemove={rules.length > 1 ? () => ruleOps.remove(rule.name) : undefined}
                {...choices}
              />
            ))}
            <AddRuleButton ruleOps={ruleOps} />
          </>
        )}
      </Form.List>
    </Card>
  );
}

function AddRuleButton({ ruleOps }: { ruleOps: FormListOperation }): ReactNode {
  return (
    <Button type="dashed" icon={<PlusOutlined />} onClick={() => ruleOps.add(newRule())}>
      添加抽题规则
    </Button>
  );
}

/** One drawing rule: banks, type, count, points, difficulty, knowledge points and tags. */
function RandomRuleRow({
  rule,
  label,
  ruleIndex,
  onRemove,
  bankOptions,
  tagOptions,
}: RuleChoices & {
  rule: FormListFieldData;
  /** The prefix of the fields' accessible names, e.g. 大题1规则2. */
  label: string;
  ruleIndex: number;
  onRemove?: (() => void) | undefined;
}): ReactNode {
  return (
    <div className="kp-random__rule">
      <Typography.Text strong>规则 {ruleIndex + 1}</Typography.Text>
      <Space wrap align="start">
        <Form.Item
          name={[rule.name, 'bankIds']}
          label="来源题库"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个题库' }]}
        >
          <Select
            mode="multiple"
            aria-label={`${label}来源题库`}
            placeholder="选择题库"
            style={{ width: 220 }}
            maxTagCount="responsive"
            options={bankOptions}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name={[rule.name, 'type']} label="题型" rules={[{ required: true }]}>
          <Select
            aria-label={`${label}题型`}
            style={{ width: 110 }}
            options={QUESTION_TYPES.map((t) => ({
              label: questionTypeLabel(t),
              value: t,
            }))}
          />
        </Form.Item>
        <RuleNumberFields rule={rule} label={label} />
        <Form.Item name={[rule.name, 'difficulty']} label="难度范围">
          <DifficultyRangeSlider width={140} />
        </Form.Item>
        <Form.Item name={[rule.name, 'knowledgeIds']} label="知识点" style={{ width: 200 }}>
          <KnowledgePicker aria-label={`${label}知识点`} placeholder="不限" />
        </Form.Item>
        <Form.Item name={[rule.name, 'tagIds']} label="标签">
          <Select
            mode="multiple"
            allowClear
            placeholder="不限"
            style={{ width: 160 }}
            aria-label={`${label}标签`}
            options={tagOptions}
          />
        </Form.Item>
        {onRemove ? (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除规则 ${ruleIndex + 1}`}
            onClick={onRemove}
            style={{ marginTop: 30 }}
          />
        ) : null}
      </Space>
    </div>
  );
}

/** A rule's 抽题数量 and 每题分值. */
function RuleNumberFields({ rule, label }: { rule: FormListFieldData; label: string }): ReactNode {
  return (
    <>
      <Form.Item
        name={[rule.name, 'count']}
        label="抽题数量"
        rules={[{ required: true, message: '请输入数量' }]}
      >
        <InputNumber min={1} max={500} precision={0} aria-label={`${label}数量`} />
      </Form.Item>
      <Form.Item
        name={[rule.name, 'points']}
        label="每题分值"
        rules={[{ required: true, message: '请输入分值' }]}
      >
        <InputNumber min={0.1} max={1000} precision={1} aria-label={`${label}分值`} />
      </Form.Item>
    </>
  );
}

/** Why the rules could not be met (after a failed save), then 取消 and the submit button. */
export function RandomPaperActions({
  paperId,
  error,
  saving,
  onCancel,
}: {
  paperId?: number | undefined;
  /** The failed save's error, or null. */
  error: Error | null;
  saving: boolean;
  onCancel: () => void;
}): ReactNode {
  return (
    <>
      {error ? (
        <Alert
          type="error"
          showIcon
          className="kp-random__error"
          data-testid="random-error"
          title="无法按规则抽题"
          description={serverMessage(error)}
        />
      ) : null}
      <div className="kp-random__actions">
        <Button onClick={onCancel}>取消</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {paperId ? '保存并重新抽题' : '生成随机试卷'}
        </Button>
      </div>
    </>
  );
}
