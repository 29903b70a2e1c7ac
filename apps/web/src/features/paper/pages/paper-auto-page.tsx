import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { CheckCircleFilled, CloseCircleFilled, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  DEFAULT_QUESTION_POINTS,
  QUESTION_TYPES,
  QuestionType,
  difficultyLabel,
  questionTypeLabel,
} from '@kaopei/shared';
import { bankKeys, fetchSimpleBanks } from '../../question-bank/api';
import { fetchQuestionTags, questionKeys } from '../../question/api';
import { fetchKnowledgeTree, knowledgeKeys } from '../../knowledge/api';
import { knowledgeOptions, type KnowledgeTreeNode } from '../../question/question-rules';
import { fetchBanksByCategory, paperBankKeys } from '../../paper-bank/api';
import {
  createAutoPapers,
  generateAutoPreview,
  paperKeys,
  type AutoReport,
  type AutoRules,
  type GeneratedQuestion,
} from '../api';
import { autoChecks } from '../auto-checks';
import { PaperStats } from '../components/paper-stats';
import { serverMessage } from '../server-message';
import '../paper.css';

type DifficultyMode = 'none' | 'average' | 'distribution';

interface AutoForm {
  name: string;
  paperBankId?: number;
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

const VARIANT_NAMES = ['A', 'B', 'C', 'D', 'E'];

export function toAutoRules(values: AutoForm, seed: string): AutoRules {
  const rules: AutoRules = {
    bankIds: values.bankIds,
    typeRules: values.typeRules.map((rule) => ({ type: rule.type, count: rule.count, points: rule.points })),
    knowledgeRules: values.knowledgeRules
      .filter((rule): rule is { knowledgeId: number; minCount: number } => rule.knowledgeId !== undefined)
      .map((rule) => ({ knowledgeId: rule.knowledgeId, minCount: rule.minCount })),
    tagIds: values.tagIds ?? [],
    variants: values.variants,
    maxOverlap: values.maxOverlap,
    seed,
  };
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

function flattenNames(nodes: readonly KnowledgeTreeNode[], into = new Map<number, string>()) {
  for (const node of nodes) {
    into.set(node.id, node.name);
    flattenNames(node.children, into);
  }
  return into;
}

/** /manage/paper/auto: intelligent generation from stated rules, solved by the server's integer program. */
export default function PaperAutoPage(): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AutoForm>();
  const mode = Form.useWatch('difficultyMode', form) ?? 'none';
  const [result, setResult] = useState<{ rules: AutoRules; report: AutoReport } | null>(null);

  const banks = useQuery({ queryKey: bankKeys.simple, queryFn: fetchSimpleBanks });
  const tags = useQuery({ queryKey: questionKeys.tags, queryFn: fetchQuestionTags });
  const paperBanks = useQuery({ queryKey: paperBankKeys.grouped, queryFn: fetchBanksByCategory });
  const ownTree = useQuery({ queryKey: knowledgeKeys.tree('org'), queryFn: () => fetchKnowledgeTree('org') });
  const platformTree = useQuery({
    queryKey: knowledgeKeys.tree('platform'),
    queryFn: () => fetchKnowledgeTree('platform'),
  });
  const knowledgeTree = useMemo(
    () => knowledgeOptions(ownTree.data ?? [], platformTree.data ?? []),
    [ownTree.data, platformTree.data],
  );
  const knowledgeNames = useMemo(
    () => flattenNames([...(ownTree.data ?? []), ...(platformTree.data ?? [])]),
    [ownTree.data, platformTree.data],
  );
  const nameOf = (id: number) => knowledgeNames.get(id) ?? `#${id}`;

  const generate = useMutation({
    mutationFn: (rules: AutoRules) => generateAutoPreview(rules),
    onSuccess: (report, rules) => setResult({ rules, report }),
    onError: () => setResult(null),
  });
  const create = useMutation({
    mutationFn: ({ rules, values }: { rules: AutoRules; values: AutoForm }) =>
      createAutoPapers(rules, {
        name: values.name.trim(),
        ...(values.paperBankId ? { paperBankId: values.paperBankId } : {}),
      }),
    onSuccess: ({ papers }) => {
      message.success(`已保存 ${papers.length} 份试卷：${papers.map((p) => `「${p.name}」`).join('、')}`);
      void queryClient.invalidateQueries({ queryKey: paperKeys.all });
      const first = papers[0];
      if (papers.length === 1 && first) void navigate(`/manage/paper/detail?paperId=${first.paperId}`);
      else void navigate('/manage/paper/list');
    },
  });

  const initialValues: AutoForm = {
    name: '',
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

  const onGenerate = (values: AutoForm) => {
    // One seed per request: saving with it reproduces exactly the papers shown.
    const seed = `auto-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    generate.mutate(toAutoRules(values, seed));
  };

  const bankOptions = (banks.data ?? []).map((bank) => ({
    label: bank.isPublic ? `${bank.name}（公开）` : bank.name,
    value: bank.bankId,
  }));

  return (
    <div className="kp-paper-page">
      <Form<AutoForm> form={form} layout="vertical" initialValues={initialValues} onFinish={onGenerate}>
        <Card size="small" title="智能组卷规则">
          <Space wrap align="start" size="middle">
            <Form.Item
              name="name"
              label="试卷名称"
              rules={[
                { required: true, whitespace: true, message: '请输入试卷名称' },
                { max: 190, message: '试卷名称不能超过 190 个字符' },
              ]}
            >
              <Input aria-label="试卷名称" maxLength={190} style={{ width: 240 }} />
            </Form.Item>
            <Form.Item name="paperBankId" label="所属试卷库">
              <Select
                allowClear
                aria-label="所属试卷库"
                placeholder="可选"
                style={{ width: 180 }}
                options={(paperBanks.data ?? [])
                  .filter((group) => group.paperBanks.length > 0)
                  .map((group) => ({
                    label: group.categoryName,
                    title: group.categoryName,
                    options: group.paperBanks.map((bank) => ({ label: bank.name, value: bank.paperBankId })),
                  }))}
              />
            </Form.Item>
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
                    <Form.Item
                      name={[field.name, 'type']}
                      rules={[{ required: true, message: '请选择题型' }]}
                    >
                      <Select
                        aria-label={`题型 ${index + 1}`}
                        style={{ width: 110 }}
                        options={QUESTION_TYPES.map((t) => ({ label: questionTypeLabel(t), value: t }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'count']}
                      rules={[{ required: true, message: '请输入题数' }]}
                    >
                      <InputNumber
                        aria-label={`题数 ${index + 1}`}
                        min={1}
                        max={500}
                        precision={0}
                        suffix="题"
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'points']}
                      rules={[{ required: true, message: '请输入分值' }]}
                    >
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
                      (form.getFieldValue('typeRules') as AutoForm['typeRules']).map((r) => r.type),
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

          <div className="kp-random__actions">
            <Button type="primary" htmlType="submit" loading={generate.isPending}>
              生成试卷
            </Button>
          </div>
        </Card>
      </Form>

      {generate.isError ? (
        <Alert type="error" showIcon title="生成失败" description={serverMessage(generate.error)} />
      ) : null}
      {result ? (
        <AutoResult
          result={result}
          nameOf={nameOf}
          saving={create.isPending}
          onSave={() => create.mutate({ rules: result.rules, values: form.getFieldsValue(true) as AutoForm })}
        />
      ) : null}
    </div>
  );
}

function Met({ met }: { met: boolean }): ReactNode {
  return met ? (
    <Tag icon={<CheckCircleFilled />} color="success">
      满足
    </Tag>
  ) : (
    <Tag icon={<CloseCircleFilled />} color="error">
      不满足
    </Tag>
  );
}

function AutoResult({
  result,
  nameOf,
  saving,
  onSave,
}: {
  result: { rules: AutoRules; report: AutoReport };
  nameOf: (id: number) => string;
  saving: boolean;
  onSave: () => void;
}): ReactNode {
  const { rules, report } = result;
  if (!report.feasible) {
    const best = report.best;
    return (
      <Card size="small" title="无法生成满足全部规则的试卷" data-testid="auto-infeasible">
        <Alert
          type="error"
          showIcon
          title="以下规则无法满足"
          description={
            <ul className="kp-rule-list">
              {report.violations.map((violation, index) => (
                <li key={index} data-testid="auto-violation">
                  {rules.variants > 1
                    ? `${VARIANT_NAMES[violation.variant] ?? violation.variant + 1}卷：`
                    : ''}
                  {violation.message}（要求 {violation.required}，最多能达到 {violation.achievable}）
                </li>
              ))}
            </ul>
          }
        />
        {best ? (
          <div className="kp-auto__best" data-testid="auto-best">
            <Typography.Title level={5}>最接近的试卷</Typography.Title>
            <p>
              共 {best.questionCount} 题，{best.totalScore} 分
              {best.averageDifficulty !== null ? `，平均难度 ${best.averageDifficulty}` : ''}
            </p>
            <Table
              size="small"
              pagination={false}
              rowKey="rule"
              columns={[
                { title: '规则', dataIndex: 'rule' },
                { title: '要求', dataIndex: 'required' },
                { title: '最接近的试卷', dataIndex: 'actual' },
                { title: '', dataIndex: 'met', render: (met: boolean) => <Met met={met} /> },
              ]}
              dataSource={[
                ...best.typeCounts.map((entry) => ({
                  rule: `${entry.label}数量`,
                  required: `${entry.required} 题`,
                  actual: `${entry.count} 题`,
                  met: entry.count === entry.required,
                })),
                ...best.knowledgeCounts.map((entry) => ({
                  rule: `知识点「${nameOf(entry.knowledgeId)}」`,
                  required: `至少 ${entry.required} 题`,
                  actual: `${entry.count} 题`,
                  met: entry.count >= entry.required,
                })),
              ]}
            />
          </div>
        ) : null}
      </Card>
    );
  }

  return (
    <Card
      size="small"
      title={`已生成 ${report.papers.length} 份试卷（用时 ${report.solveMs} 毫秒）`}
      extra={
        <Button type="primary" loading={saving} onClick={onSave}>
          保存试卷
        </Button>
      }
      data-testid="auto-result"
    >
      <Tabs
        items={report.papers.map((paper, index) => ({
          key: String(index),
          label: report.papers.length > 1 ? `${VARIANT_NAMES[index] ?? index + 1}卷` : '试卷',
          children: (
            <div>
              <PaperStats
                totals={paper.totals}
                extra={index > 0 ? <span>与前面的卷重复 {paper.overlap} 题</span> : undefined}
              />
              <Typography.Title level={5}>规则检查</Typography.Title>
              <Table
                size="small"
                pagination={false}
                rowKey="rule"
                data-testid="auto-checks"
                columns={[
                  { title: '规则', dataIndex: 'rule' },
                  { title: '要求', dataIndex: 'required' },
                  { title: '实际', dataIndex: 'actual' },
                  { title: '', dataIndex: 'met', render: (met: boolean) => <Met met={met} /> },
                ]}
                dataSource={autoChecks(rules, paper.questions, nameOf)}
              />
              <Typography.Title level={5}>试题</Typography.Title>
              <Table<GeneratedQuestion>
                size="small"
                rowKey="questionId"
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                columns={[
                  { title: '题型', dataIndex: 'typeLabel', width: 90 },
                  { title: '题干', dataIndex: 'stemText', ellipsis: true },
                  {
                    title: '难度',
                    dataIndex: 'difficulty',
                    width: 90,
                    render: (d: number) => `${d} ${difficultyLabel(d)}`,
                  },
                  {
                    title: '覆盖知识点',
                    dataIndex: 'knowledgeIds',
                    width: 200,
                    render: (ids: number[]) => ids.map((id) => <Tag key={id}>{nameOf(id)}</Tag>),
                  },
                  { title: '分值', dataIndex: 'points', width: 70 },
                ]}
                dataSource={paper.questions}
              />
            </div>
          ),
        }))}
      />
    </Card>
  );
}
