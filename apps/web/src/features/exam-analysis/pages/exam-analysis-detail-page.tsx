import { useMemo, type ReactNode } from 'react';
import { App, Button, Card, Col, Row, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import { analysisKeys, exportExamAnalysis, refreshExamAnalysis, type ExamAnalysis } from '../api';
import { bandLabels, coef, percent, score1, TIPS } from '../../../components/analysis/analysis-rules';
import { AnalysisChart, barOption } from '../../../components/analysis/analysis-chart';
import { GroupTable } from '../../../components/analysis/group-table';
import { Metric } from '../../../components/analysis/metric';
import { analysisPaths, useExamAnalysis } from '../components/use-exam-analysis';
import '../../../components/analysis/exam-analysis.css';

function Headline({ a }: { a: ExamAnalysis }): ReactNode {
  const s = a.summary;
  return (
    <div className="kp-analysis-metrics" aria-label="考试概况">
      <Metric label="参考人数" tip={TIPS.n} value={`${s.n} / ${a.candidateCount}`} testId="metric-n" />
      <Metric label="平均分" tip={TIPS.mean} value={score1(s.mean)} testId="metric-mean" />
      <Metric label="中位数" tip={TIPS.median} value={score1(s.median)} />
      <Metric label="标准差" tip={TIPS.sd} value={score1(s.sd)} />
      <Metric label="及格率" tip={TIPS.passRate} value={percent(s.passRate)} testId="metric-pass-rate" />
      <Metric label="平均用时（分）" tip={TIPS.minutes} value={score1(a.minutes.mean)} />
      <Metric
        label={`信度（${a.reliability?.method === 'alpha' ? 'α' : 'KR-20'}）`}
        tip={TIPS.reliability}
        value={coef(a.reliability?.value)}
        testId="metric-reliability"
      />
      <Metric label="测量标准误" tip={TIPS.sem} value={score1(a.sem)} />
    </div>
  );
}

function Body({ a }: { a: ExamAnalysis }): ReactNode {
  const { message } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const refresh = useMutation({
    mutationFn: () => refreshExamAnalysis(a.examId),
    onSuccess: (fresh) => {
      client.setQueryData(analysisKeys.exam(a.examId), fresh);
      message.success('已重新计算');
    },
  });
  const labels = bandLabels(a.histogram);
  const chart = useMemo(
    () =>
      barOption(
        labels,
        a.histogram.map((b) => b.count),
        '人数',
      ),
    [labels, a.histogram],
  );
  const flagged = a.items.filter((i) => i.flags.length > 0).length;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <div className="kp-analysis-toolbar">
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {a.name}
            </Typography.Title>
            <Typography.Text type="secondary">
              满分 {score1(a.fullScore)}，及格线 {score1(a.passScore)}；统计于 {formatDateTime(a.computedAt)}
            </Typography.Text>
          </div>
          <Space wrap>
            <Button type="primary" onClick={() => void navigate(analysisPaths.questions(a.examId))}>
              试题分析{flagged > 0 ? `（${flagged} 题需复核）` : ''}
            </Button>
            <Button loading={refresh.isPending} onClick={() => refresh.mutate()}>
              重新计算
            </Button>
            <Button onClick={() => void exportExamAnalysis(a.examId, a.name)}>导出 Excel</Button>
          </Space>
        </div>
        <Headline a={a} />
      </Card>
      <Card size="small" title="分数分布">
        {a.summary.n === 0 ? (
          <PageEmpty description="还没有评完分的答卷" />
        ) : (
          <AnalysisChart
            option={chart}
            testId="score-histogram"
            summary={a.histogram.map((b, i) => `${labels[i]} 分 ${b.count} 人`).join('，')}
          />
        )}
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title="按部门">
            <GroupTable title="部门" rows={a.byDepartment} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="按岗位">
            <GroupTable title="岗位" rows={a.byPost} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

/** /manage/analysis/exam/detail?examId=: one exam's distribution, groups, time and reliability. */
export default function ExamAnalysisDetailPage(): ReactNode {
  const { examId, query } = useExamAnalysis();
  if (!examId) return <PageEmpty description="请从考试分析列表选择一场考试" />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageError description="考试分析加载失败" onRetry={() => void query.refetch()} />;
  return <Body a={query.data} />;
}
