import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { questionTypeLabel } from '@kaopei/shared';
import {
  PRACTICE_SOURCE_LABELS,
  PRACTICE_STATUS_LABELS,
  practicePaths,
  type PracticeDetail,
} from '@kaopei/shared/contracts/practice';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { fetchKnowledgeStats, fetchPractice, fetchQuestionStats, practiceKeys } from '../api';
import { usePracticeActions } from '../components/practice-actions';
import { KnowledgeTable, questionEditLink } from '../components/mistakes-tab';
import { accuracyText } from '../practice-rules';
import { STATUS_COLORS } from './practice-list-page';
import '../practice.css';

const PAGE_SIZE = 10;

function QuestionStats({ practiceId }: { practiceId: number }): ReactNode {
  const [page, setPage] = useState(1);
  const stats = useQuery({
    queryKey: practiceKeys.questionStats(practiceId, page - 1, PAGE_SIZE),
    queryFn: () => fetchQuestionStats(practiceId, page - 1, PAGE_SIZE),
  });
  return (
    <Table
      size="small"
      rowKey="questionId"
      loading={stats.isFetching}
      dataSource={stats.data?.data ?? []}
      locale={{ emptyText: '题池为空（发布后固定）' }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: stats.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        {
          title: '题干',
          dataIndex: 'stemText',
          render: (_v, row) => (
            <Typography.Text ellipsis={{ tooltip: row.stemText }}>{row.stemText}</Typography.Text>
          ),
        },
        { title: '题型', dataIndex: 'type', width: 80, render: (_v, row) => questionTypeLabel(row.type) },
        { title: '作答', dataIndex: 'answers', width: 70 },
        { title: '答错', dataIndex: 'wrong', width: 70 },
        {
          title: '正确率',
          dataIndex: 'accuracy',
          width: 80,
          render: (_v, row) => accuracyText(row.accuracy),
        },
        {
          title: '操作',
          key: 'edit',
          width: 90,
          render: (_v, row) => (
            <Link to={questionEditLink(row.bankId)} aria-label={`去题库编辑试题 ${row.questionId}`}>
              编辑试题
            </Link>
          ),
        },
      ]}
    />
  );
}

function Summary({ practice }: { practice: PracticeDetail }): ReactNode {
  const actions = usePracticeActions();
  return (
    <Card
      size="small"
      title={
        <Space>
          {practice.name}
          <Tag color={STATUS_COLORS[practice.status]}>{PRACTICE_STATUS_LABELS[practice.status]}</Tag>
        </Space>
      }
      extra={
        <Space wrap>
          {practice.status === 'draft' ? (
            <>
              <LinkButton to={`${practicePaths.manageAdd}?practiceId=${practice.practiceId}`}>
                编辑
              </LinkButton>
              <Button type="primary" onClick={() => actions.release(practice)}>
                发布
              </Button>
            </>
          ) : null}
          {practice.status === 'released' ? (
            <Button danger onClick={() => actions.close(practice)}>
              关闭
            </Button>
          ) : null}
        </Space>
      }
      className="kp-practice-stats"
    >
      <Row gutter={16} aria-label="练习概况">
        <Col xs={12} md={4}>
          <Statistic
            title={practice.status === 'draft' ? '可入池题数' : '题池'}
            value={practice.questionCount}
          />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title="参与人数" value={practice.participants} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic
            title="练习轮次"
            value={practice.rounds}
            suffix={`（完成 ${practice.finishedRounds}）`}
          />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title="作答题次" value={practice.answers} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title="正确率" value={accuracyText(practice.accuracy)} />
        </Col>
      </Row>
      <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
        <Descriptions.Item label="每轮题数">{practice.roundSize}</Descriptions.Item>
        <Descriptions.Item label="题目来源">
          {practice.sources
            .map((s) => `${PRACTICE_SOURCE_LABELS[s.kind]}：${s.name ?? '（已删除）'}`)
            .join('、')}
        </Descriptions.Item>
        {practice.description ? (
          <Descriptions.Item label="说明">{practice.description}</Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}

/** /manage/study/practice/detail?practiceId=: settings, participants, rounds, accuracy, per-question and knowledge statistics. */
export default function PracticeDetailPage(): ReactNode {
  const practiceId = Number(useSearchParams()[0].get('practiceId')) || 0;
  const detail = useQuery({
    queryKey: practiceKeys.detail(practiceId),
    queryFn: () => fetchPractice(practiceId),
    enabled: practiceId > 0,
  });
  const knowledge = useQuery({
    queryKey: practiceKeys.knowledgeStats(practiceId),
    queryFn: () => fetchKnowledgeStats(practiceId),
    enabled: practiceId > 0,
  });
  if (practiceId === 0) return <PageError title="缺少练习" description="请从练习列表打开。" />;
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) return <PageError onRetry={() => void detail.refetch()} />;
  return (
    <div className="kp-page">
      <Summary practice={detail.data} />
      <Card size="small" title="每题统计（答错最多的在前）" className="kp-practice-stats">
        <QuestionStats practiceId={practiceId} />
      </Card>
      <Card size="small" title="答错最多的知识点">
        <KnowledgeTable rows={knowledge.data ?? []} loading={knowledge.isFetching} />
      </Card>
    </div>
  );
}
