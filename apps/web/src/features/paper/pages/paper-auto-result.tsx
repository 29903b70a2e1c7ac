import type { ReactNode } from 'react';
import { Alert, Button, Card, Table, Tabs, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { difficultyLabel } from '@kaopei/shared';
import type { AutoReport, AutoRules, GeneratedQuestion } from '../api';
import { autoChecks } from '../auto-checks';
import { PaperStats } from '../components/paper-stats';

const VARIANT_NAMES = ['A', 'B', 'C', 'D', 'E'];

type NameOf = (id: number) => string;

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

/** The closest paper against the type counts and knowledge points asked for. */
function BestPaper({ best, nameOf }: { best: NonNullable<AutoReport['best']>; nameOf: NameOf }): ReactNode {
  return (
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
  );
}

/** No paper meets every rule: the rules that cannot be met, and the closest paper. */
function InfeasibleResult(props: { rules: AutoRules; report: AutoReport; nameOf: NameOf }): ReactNode {
  const { rules, report, nameOf } = props;
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
                {rules.variants > 1 ? `${VARIANT_NAMES[violation.variant] ?? violation.variant + 1}卷：` : ''}
                {violation.message}（要求 {violation.required}，最多能达到 {violation.achievable}）
              </li>
            ))}
          </ul>
        }
      />
      {report.best ? <BestPaper best={report.best} nameOf={nameOf} /> : null}
    </Card>
  );
}

/** One generated paper: its totals, the rule checks and its questions. */
function GeneratedPaper(props: {
  rules: AutoRules;
  paper: AutoReport['papers'][number];
  index: number;
  nameOf: NameOf;
}): ReactNode {
  const { rules, paper, index, nameOf } = props;
  return (
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
  );
}

/** What the generation gave: the papers (one tab each) to save, or why none could be made. */
export function AutoResult({
  result,
  nameOf,
  saving,
  onSave,
}: {
  result: { rules: AutoRules; report: AutoReport };
  nameOf: NameOf;
  saving: boolean;
  onSave: () => void;
}): ReactNode {
  const { rules, report } = result;
  if (!report.feasible) return <InfeasibleResult rules={rules} report={report} nameOf={nameOf} />;
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
          children: <GeneratedPaper rules={rules} paper={paper} index={index} nameOf={nameOf} />,
        }))}
      />
    </Card>
  );
}
