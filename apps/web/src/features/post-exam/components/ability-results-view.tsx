import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ABILITY_LEVEL_NAMES, formatScore } from '@kaopei/shared';
import { PageError, PageLoading } from '../../../app/page-states';
import { useDepartmentTree } from '../../../components/use-department-tree';
import { formatWindow } from '../../../lib/time-format';
import {
  exportPostResults,
  fetchAbilityResults,
  postExamKeys,
  type CandidateResult,
  type Purpose,
  type ResultAbility,
} from '../api';
import { AbilityChart } from './ability-chart';
import { metText } from '../post-exam-rules';

function LevelCell({ level, met }: { level: number; met: boolean | null }): ReactNode {
  const text = `${level} 级 ${ABILITY_LEVEL_NAMES[level] ?? ''}`;
  if (met === null) return <Tag>{text}</Tag>;
  return (
    <Tag color={met ? 'success' : 'error'} title={met ? '达到岗位要求' : '未达到岗位要求'}>
      {text}
      {met ? ' ✓' : ' ✗'}
    </Tag>
  );
}

function abilityColumns(purpose: Purpose): ColumnsType<ResultAbility> {
  return [
    { title: '能力', dataIndex: 'name', key: 'name' },
    { title: '维度', dataIndex: 'dimensionName', key: 'dimensionName', width: 110 },
    ...(purpose === 'post'
      ? [
          {
            title: '要求等级',
            dataIndex: 'requiredLevel',
            key: 'requiredLevel',
            width: 90,
            render: (level: number | null) => (level === null ? '-' : `${level} 级`),
          },
          {
            title: '权重',
            dataIndex: 'weight',
            key: 'weight',
            width: 70,
            render: (weight: number | null) => (weight === null ? '-' : `${weight}%`),
          },
        ]
      : []),
    {
      title: '平均得分率',
      dataIndex: 'averageRate',
      key: 'averageRate',
      width: 100,
      render: (rate: number | null) => (rate === null ? '-' : `${rate}%`),
    },
    {
      title: '平均等级',
      dataIndex: 'averageLevel',
      key: 'averageLevel',
      width: 90,
      render: (level: number | null) => level ?? '-',
    },
    ...(purpose === 'post'
      ? [
          {
            title: '达标人数',
            key: 'met',
            width: 100,
            render: (_: unknown, row: ResultAbility) => `${row.metCount} / ${row.measuredCount}`,
          },
        ]
      : [{ title: '测评人数', dataIndex: 'measuredCount', key: 'measuredCount', width: 90 }]),
  ];
}

function candidateColumns(purpose: Purpose, abilities: ResultAbility[]): ColumnsType<CandidateResult> {
  return [
    { title: '姓名', dataIndex: 'realName', key: 'realName', width: 100, fixed: 'left' },
    { title: '部门', dataIndex: 'departmentName', key: 'departmentName', width: 120 },
    { title: '状态', dataIndex: 'statusLabel', key: 'statusLabel', width: 80 },
    {
      title: '成绩',
      key: 'score',
      width: 90,
      render: (_: unknown, row) =>
        row.score === null ? '-' : `${formatScore(row.score)} / ${formatScore(row.totalPoints ?? 0)}`,
    },
    ...abilities.map((ability) => ({
      title: ability.requiredLevel ? `${ability.name}（要求 ${ability.requiredLevel} 级）` : ability.name,
      key: `ability-${ability.abilityId}`,
      width: 170,
      render: (_: unknown, row: CandidateResult) => {
        const result = row.abilities.find((a) => a.abilityId === ability.abilityId);
        if (!result) return <Typography.Text type="secondary">-</Typography.Text>;
        return (
          <Space size={4} data-testid={`level-${row.userId}-${ability.abilityId}`}>
            <LevelCell level={result.level} met={result.met} />
            <Typography.Text type="secondary">{result.rate}%</Typography.Text>
          </Space>
        );
      },
    })),
    ...(purpose === 'post'
      ? [
          {
            title: '达标能力',
            key: 'metCount',
            width: 90,
            render: (_: unknown, row: CandidateResult) => metText(row, abilities),
          },
        ]
      : []),
  ];
}

/**
 * A post or evaluation exam's results per ability: the exam, the per-ability averages (and the post's
 * requirements), then every candidate's level per ability; a department filter, and Excel for post exams.
 */
export function AbilityResultsView({ purpose, examId }: { purpose: Purpose; examId: number }): ReactNode {
  const [departmentId, setDepartmentId] = useState<number>();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const { departments, treeData } = useDepartmentTree();
  const results = useQuery({
    queryKey: postExamKeys.results(purpose, examId, departmentId, paging.page - 1, paging.size),
    queryFn: () => fetchAbilityResults(purpose, examId, departmentId, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);
  if (results.isPending) return <PageLoading />;
  if (results.isError)
    return <PageError description="考试结果加载失败。" onRetry={() => void results.refetch()} />;
  const { exam, abilities, candidates } = results.data.results;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={exam.name}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          {exam.postName ? <Descriptions.Item label="岗位">{exam.postName}</Descriptions.Item> : null}
          <Descriptions.Item label="状态">{exam.stateLabel}</Descriptions.Item>
          <Descriptions.Item label="考试时间">{formatWindow(exam.startAt, exam.endAt)}</Descriptions.Item>
          <Descriptions.Item label="考生">{exam.candidateCount} 人</Descriptions.Item>
          <Descriptions.Item label="已交卷">{exam.submittedCount} 人</Descriptions.Item>
          <Descriptions.Item label="已出能力结果">{exam.measuredCount} 人</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="各能力情况">
        {abilities.some((a) => a.averageLevel !== null) ? <AbilityChart abilities={abilities} /> : null}
        <Table<ResultAbility>
          size="small"
          rowKey="abilityId"
          pagination={false}
          columns={abilityColumns(purpose)}
          dataSource={abilities}
          locale={{ emptyText: '还没有能力结果（考生交卷并完成阅卷后生成）' }}
        />
      </Card>
      <Card
        size="small"
        title="考生能力结果"
        extra={
          <Space wrap>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              style={{ width: 220 }}
              placeholder={departments.isError ? '部门加载失败' : '按部门筛选'}
              aria-label="按部门筛选"
              treeData={treeData}
              value={departmentId}
              onChange={(value: number | undefined) => {
                setDepartmentId(value);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
            {purpose === 'post' ? (
              <Button
                loading={exporting}
                onClick={() => {
                  setExporting(true);
                  void exportPostResults(examId, departmentId, exam.name)
                    .catch(() => undefined)
                    .finally(() => setExporting(false));
                }}
              >
                导出 Excel
              </Button>
            ) : null}
          </Space>
        }
      >
        <Table<CandidateResult>
          size="small"
          rowKey="userId"
          loading={results.isFetching}
          scroll={{ x: 'max-content' }}
          columns={candidateColumns(purpose, abilities)}
          dataSource={candidates}
          locale={{ emptyText: '没有考生' }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: results.data.total,
            showSizeChanger: true,
            onChange: (page, size) => setPaging({ page, size }),
          }}
        />
      </Card>
    </Space>
  );
}
