import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { EXAM_SOURCE_WEIGHT } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { usePortrayalShareLink, PORTRAYAL_DEFAULT_HOURS } from '../../post-public/api';
import { fetchMatchDetail, postMatchKeys, type MatchDetail, type MatchDetailAbility } from '../api';
import { MatchChart } from '../components/match-chart';
import { RatingDialog } from '../components/rating-dialog';
import type { EChartsCoreOption } from '../components/echarts-setup';
import { bandColor, formatDate, levelText, numberParam } from '../match-format';
import '../post-match.css';

const EXAM_PERCENT = Math.round(EXAM_SOURCE_WEIGHT * 100);

function radarOption(detail: MatchDetail): EChartsCoreOption {
  return {
    tooltip: {},
    legend: { data: ['岗位要求', '当前等级'], bottom: 0 },
    radar: {
      indicator: detail.abilities.map((a) => ({ name: a.name, max: 5 })),
      radius: '62%',
    },
    series: [
      {
        type: 'radar',
        data: [
          { name: '岗位要求', value: detail.abilities.map((a) => a.requiredLevel) },
          { name: '当前等级', value: detail.abilities.map((a) => a.level ?? 0), areaStyle: { opacity: 0.2 } },
        ],
      },
    ],
  };
}

function SourceCell({ ability }: { ability: MatchDetailAbility }): ReactNode {
  const { exam, rating } = ability;
  if (!exam && !rating) return <Typography.Text type="secondary">未测评（计 0）</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {exam ? (
        <span>
          考试 {exam.level} 级{exam.scoreRate !== null ? `（得分率 ${exam.scoreRate}%）` : ''}
          {exam.examName ? `，${exam.examName}` : ''}，{formatDate(exam.at)}
        </span>
      ) : null}
      {rating ? (
        <span>
          评定 {rating.level} 级，{rating.raterName ?? '—'}，{formatDate(rating.at)}
          {rating.comment ? `：${rating.comment}` : ''}
        </span>
      ) : null}
    </Space>
  );
}

function ExplainCard({ detail: d }: { detail: MatchDetail }): ReactNode {
  return (
    <Card size="small" title="匹配度如何计算">
      <Typography.Paragraph>
        每项能力的<strong>有效等级</strong>：考试等级与经理评定都有时 = 考试 × {EXAM_PERCENT}% + 评定 ×{' '}
        {100 - EXAM_PERCENT}%（保留一位小数）；只有其一时取该等级；都没有为“未测评”，按 0 计。
      </Typography.Paragraph>
      <Typography.Paragraph>
        每项能力的<strong>满足度</strong> = min(有效等级 ÷ 要求等级, 1)，超出要求不额外加分；
        <strong>贡献</strong> = 权重 × 满足度。<strong>匹配度</strong> = 各项贡献之和（权重合计 100%），
        保留一位小数。90% 及以上为“胜任”，70%–90% 为“基本胜任”，其余为“待提升”。
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {d.person.realName}：{d.abilities.map((a) => `${a.name} ${a.weight}% × ${a.fit}`).join(' + ')} ={' '}
        {d.matchRate}%。
      </Typography.Paragraph>
    </Card>
  );
}

function AbilityTable({
  abilities,
  onRate,
}: {
  abilities: MatchDetailAbility[];
  onRate: (abilityId: number) => void;
}): ReactNode {
  return (
    <Card size="small" title="逐项能力">
      <Table<MatchDetailAbility>
        rowKey="abilityId"
        size="small"
        pagination={false}
        dataSource={abilities}
        scroll={{ x: 1100 }}
        locale={{ emptyText: '该岗位还没有能力模型' }}
        columns={[
          {
            title: '能力',
            dataIndex: 'name',
            width: 120,
            render: (v: string, a) => `${a.dimensionName} / ${v}`,
          },
          { title: '权重', dataIndex: 'weight', width: 64, render: (w: number) => `${w}%` },
          {
            title: '要求等级',
            width: 200,
            render: (_, a) => (
              <span>
                {a.requiredLevel} 级{a.requiredAnchor ? ` ${a.requiredAnchor.name}` : ''}
                {a.requiredAnchor?.behaviour ? (
                  <Typography.Paragraph type="secondary" className="kp-match__anchor">
                    {a.requiredAnchor.behaviour}
                  </Typography.Paragraph>
                ) : null}
              </span>
            ),
          },
          {
            title: '有效等级',
            width: 200,
            render: (_, a) => (
              <span>
                {levelText(a.level)}
                {a.reachedAnchor ? ` ${a.reachedAnchor.name}` : ''}
                {a.reachedAnchor?.behaviour ? (
                  <Typography.Paragraph type="secondary" className="kp-match__anchor">
                    {a.reachedAnchor.behaviour}
                  </Typography.Paragraph>
                ) : null}
              </span>
            ),
          },
          {
            title: '差距',
            dataIndex: 'gap',
            width: 70,
            render: (gap: number) =>
              gap > 0 ? <Tag color="red">-{gap}</Tag> : <Tag color="green">达标</Tag>,
          },
          { title: '满足度', dataIndex: 'fit', width: 70 },
          { title: '贡献', dataIndex: 'contribution', width: 70, render: (v: number) => `${v}%` },
          { title: '来源', width: 300, render: (_, a) => <SourceCell ability={a} /> },
          {
            title: '操作',
            width: 70,
            fixed: 'right',
            render: (_, a) => (
              <Button type="link" size="small" onClick={() => onRate(a.abilityId)}>
                评定
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** 人岗匹配详情: one person against one post, every number explained. */
export default function MatchDetailPage(): ReactNode {
  const [params] = useSearchParams();
  const postId = numberParam(params.get('postId'));
  const userId = numberParam(params.get('userId'));
  const [ratingAbility, setRatingAbility] = useState<number | null>(null);
  const share = usePortrayalShareLink();
  const detail = useQuery({
    queryKey: postMatchKeys.detail(postId ?? 0, userId ?? 0),
    queryFn: () => fetchMatchDetail(postId!, userId!),
    enabled: postId !== undefined && userId !== undefined,
  });
  const option = useMemo(() => (detail.data ? radarOption(detail.data) : null), [detail.data]);

  if (postId === undefined || userId === undefined)
    return <PageEmpty description="请从人岗匹配排名中选择一位员工" />;
  if (detail.isLoading) return <PageLoading />;
  if (detail.isError || !detail.data) return <PageError onRetry={() => void detail.refetch()} />;
  const d = detail.data;

  return (
    <div className="kp-match">
      <Card size="small">
        <Row gutter={16} align="middle">
          <Col xs={24} md={14}>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
              <Descriptions.Item label="员工">{d.person.realName}</Descriptions.Item>
              <Descriptions.Item label="工号">{d.person.jobNumber ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="部门">{d.person.departmentName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="现岗位">{d.person.postName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="目标岗位">{d.post.name}</Descriptions.Item>
            </Descriptions>
          </Col>
          <Col xs={24} md={10}>
            <Space size="large" wrap>
              <Statistic title="匹配度" value={d.matchRate} suffix="%" />
              <Tag color={bandColor(d.band)}>{d.band}</Tag>
              <Statistic title="达标能力" value={d.metCount} suffix={`/ ${d.abilities.length}`} />
            </Space>
          </Col>
        </Row>
        <Space wrap style={{ marginTop: 8 }}>
          <Button onClick={() => setRatingAbility(0)}>评定能力</Button>
          <Button
            loading={share.isPending}
            onClick={() => share.mutate({ userId, expiresInHours: PORTRAYAL_DEFAULT_HOURS })}
          >
            生成画像分享链接
          </Button>
          <Link to={`/manage/post/match?postId=${postId}`}>返回排名</Link>
        </Space>
        {share.data ? (
          <Alert
            style={{ marginTop: 8 }}
            type="success"
            showIcon
            message={
              <Typography.Text copyable={{ text: share.data.url }}>
                画像链接（{new Date(share.data.expiresAt).toLocaleString('zh-CN')} 前有效）：{share.data.url}
              </Typography.Text>
            }
          />
        ) : null}
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card size="small" title="能力雷达（要求 vs 当前）">
            {option ? (
              <MatchChart
                option={option}
                testId="match-radar"
                summary={`能力雷达：${d.abilities
                  .map((a) => `${a.name} 要求 ${a.requiredLevel} 级，当前 ${levelText(a.level)}`)
                  .join('；')}`}
              />
            ) : null}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <ExplainCard detail={d} />
        </Col>
      </Row>
      <AbilityTable abilities={d.abilities} onRate={setRatingAbility} />
      {ratingAbility !== null ? (
        <RatingDialog
          userId={userId}
          realName={d.person.realName}
          abilityId={ratingAbility || undefined}
          open
          onClose={() => setRatingAbility(null)}
        />
      ) : null}
    </div>
  );
}
