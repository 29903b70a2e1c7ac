import type { ReactNode } from 'react';
import { Card, Descriptions, Space, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { difficultyLabel, questionTypeLabel } from '@kaopei/shared';
import { LinkButton } from '../../../app/link-button';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { fetchPaper, paperKeys, type PaperDetail } from '../api';
import { PaperStats } from '../components/paper-stats';
import { PaperView, type ViewPaper } from '../components/paper-view';
import { editorPath } from './paper-list-columns';
import '../paper.css';

function toView(detail: PaperDetail): ViewPaper {
  return {
    name: detail.name,
    totalScore: detail.totalScore,
    questionCount: detail.questionCount,
    sections: detail.sectionVOS.map((section) => ({
      name: section.name,
      questions: section.questionVOS.map((q) => ({
        questionId: q.questionId,
        type: q.type,
        typeLabel: q.typeLabel,
        stem: q.stem,
        options: q.options,
        answer: q.answer,
        analysis: q.analysis,
        points: q.points,
      })),
    })),
  };
}

/** 抽题规则: the random rules of the paper's sections (none for a fixed paper). */
function RandomRulesCard({ paper }: { paper: PaperDetail }): ReactNode {
  const rules = paper.sectionVOS.flatMap((section) =>
    section.randomRules.map((rule) => ({ section: section.name, rule })),
  );
  if (rules.length === 0) return null;
  return (
    <Card size="small" title="抽题规则">
      {paper.settings.drawPerCandidate ? (
        <Typography.Paragraph type="secondary">每位考生开考时按规则单独抽题。</Typography.Paragraph>
      ) : null}
      <ul className="kp-rule-list">
        {rules.map(({ section, rule }) => (
          <li key={rule.ruleId}>
            {section}：{questionTypeLabel(rule.type)} {rule.count} 道，每题 {rule.points} 分，难度{' '}
            {rule.difficultyMin}
            {difficultyLabel(rule.difficultyMin)}–{rule.difficultyMax}
            {difficultyLabel(rule.difficultyMax)}，来源题库 {rule.bankIds.length} 个
            {rule.knowledgeIds.length > 0 ? `，知识点 ${rule.knowledgeIds.length} 个` : ''}
            {rule.tagIds.length > 0 ? `，标签 ${rule.tagIds.length} 个` : ''}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /manage/paper/detail?paperId=: the paper's information, statistics, random rules and content with answers. */
export default function PaperDetailPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const paperId = Number(searchParams.get('paperId')) || undefined;
  const detail = useQuery({
    queryKey: paperKeys.detail(paperId ?? 0),
    queryFn: () => fetchPaper(paperId as number),
    enabled: paperId !== undefined,
  });
  if (paperId === undefined) return <PageEmpty description="请从试卷列表选择试卷" />;
  if (detail.isPending) return <PageLoading />;
  if (detail.isError)
    return <PageError description="试卷加载失败，请稍后重试。" onRetry={() => void detail.refetch()} />;
  const paper = detail.data;

  return (
    <div className="kp-paper-page">
      <Card
        size="small"
        title={
          <Space>
            {paper.name}
            <Tag>{paper.typeLabel}</Tag>
            <Tag color={paper.status === 1 ? 'green' : 'orange'}>{paper.statusLabel}</Tag>
          </Space>
        }
        extra={
          <Space>
            <LinkButton to={`/manage/paper/preview?paperId=${paper.paperId}`}>预览与打印</LinkButton>
            {paper.editable ? (
              <LinkButton type="primary" to={editorPath(paper)}>
                编辑
              </LinkButton>
            ) : null}
          </Space>
        }
      >
        <Descriptions size="small" column={3}>
          <Descriptions.Item label="试卷库">{paper.paperBankName || '-'}</Descriptions.Item>
          <Descriptions.Item label="分类">{paper.categoryName || '-'}</Descriptions.Item>
          <Descriptions.Item label="更新时间">
            {dayjs(paper.updatedAt).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label="描述" span={3}>
            {paper.description || '-'}
          </Descriptions.Item>
        </Descriptions>
        <PaperStats
          totals={paper.statistics}
          extra={
            <>
              <Statistic title="使用次数" value={paper.statistics.timesUsed} />
              <Statistic title="考试数" value={paper.statistics.examCount} />
            </>
          }
        />
      </Card>
      <RandomRulesCard paper={paper} />
      <Card size="small">
        {paper.questionCount === 0 ? (
          <PageEmpty
            description={paper.settings.drawPerCandidate ? '试题在考生开考时抽取' : '试卷中还没有试题'}
          />
        ) : (
          <PaperView paper={toView(paper)} showAnswers />
        )}
      </Card>
    </div>
  );
}
