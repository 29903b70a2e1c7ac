import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Table, Tabs, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { difficultyLabel } from '@kaopei/shared';
import { fetchKnowledgeTree, knowledgeKeys } from '../../knowledge/api';
import type { KnowledgeTreeNode } from '../../../lib/question-rules';
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
import {
  AUTO_RULES_INITIAL,
  AutoRulesFields,
  toAutoRules,
  type AutoRulesForm,
} from '../../../components/auto-rules-fields';
import { PaperStats } from '../components/paper-stats';
import { serverMessage } from '../../../lib/server-message';
import '../paper.css';

interface AutoForm extends AutoRulesForm {
  name: string;
  paperBankId?: number;
}

const VARIANT_NAMES = ['A', 'B', 'C', 'D', 'E'];

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
  const [result, setResult] = useState<{ rules: AutoRules; report: AutoReport } | null>(null);

  const paperBanks = useQuery({ queryKey: paperBankKeys.grouped, queryFn: fetchBanksByCategory });
  const ownTree = useQuery({ queryKey: knowledgeKeys.tree('org'), queryFn: () => fetchKnowledgeTree('org') });
  const platformTree = useQuery({
    queryKey: knowledgeKeys.tree('platform'),
    queryFn: () => fetchKnowledgeTree('platform'),
  });
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

  const initialValues: AutoForm = { ...AUTO_RULES_INITIAL, name: '' };

  const onGenerate = (values: AutoForm) => {
    // One seed per request: saving with it reproduces exactly the papers shown.
    const seed = `auto-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    generate.mutate(toAutoRules(values, seed));
  };

  return (
    <div className="kp-paper-page">
      <Form<AutoForm> form={form} layout="vertical" initialValues={initialValues} onFinish={onGenerate}>
        <Card size="small" title="智能组卷规则">
          <AutoRulesFields
            head={
              <>
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
                        options: group.paperBanks.map((bank) => ({
                          label: bank.name,
                          value: bank.paperBankId,
                        })),
                      }))}
                  />
                </Form.Item>
              </>
            }
          />

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
