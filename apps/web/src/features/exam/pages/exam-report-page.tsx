import { useMemo, type ReactNode } from 'react';
import { Card, Col, Row, Statistic, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatScore } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { examKeys, fetchExamReport, type ExamReport, type ExamRow } from '../api';
import { plainText } from '../exam-rules';
import { ExamFrame } from '../components/exam-frame';
import { ExamChart } from '../components/exam-chart';
import { barOption } from '../components/report-view';

function ReportBody({ report }: { report: ExamReport }): ReactNode {
  const distribution = useMemo(
    () =>
      barOption(
        report.distribution.map((band) => band.label),
        report.distribution.map((band) => band.count),
        '人数',
      ),
    [report.distribution],
  );
  return (
    <>
      <Card size="small">
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6} lg={3}>
            <Statistic title="考生" value={report.candidateCount} />
          </Col>
          <Col xs={12} md={6} lg={3}>
            <Statistic title="已交卷" value={report.submittedCount} />
          </Col>
          <Col xs={12} md={6} lg={3}>
            <Statistic title="已评分" value={report.gradedCount} />
          </Col>
          <Col xs={12} md={6} lg={3}>
            <Statistic title="及格" value={report.passCount} />
          </Col>
          <Col xs={12} md={6} lg={3}>
            <Statistic
              title="及格率"
              value={report.passRate === null ? '-' : `${report.passRate.toFixed(1)}%`}
            />
          </Col>
          <Col xs={12} md={6} lg={3}>
            <Statistic title="平均分" value={formatScore(report.averageScore)} />
          </Col>
          <Col xs={12} md={6} lg={3}>
            <Statistic title="最高分" value={formatScore(report.maxScore)} />
          </Col>
          <Col xs={12} md={6} lg={3}>
            <Statistic title="最低分" value={formatScore(report.minScore)} />
          </Col>
        </Row>
      </Card>
      <Card size="small" title="成绩分布">
        {report.gradedCount === 0 ? (
          <PageEmpty description="还没有评完分的答卷" />
        ) : (
          <ExamChart
            option={distribution}
            summary={report.distribution.map((band) => `${band.label} 分 ${band.count} 人`).join('，')}
          />
        )}
      </Card>
      <Card size="small" title="最难的题（平均得分率最低）">
        <Table
          rowKey="questionId"
          size="small"
          pagination={false}
          dataSource={report.hardestQuestions}
          locale={{ emptyText: '暂无数据' }}
          columns={[
            { title: '序号', key: 'index', width: 60, render: (_v, _row, index) => index + 1 },
            { title: '题型', dataIndex: 'typeLabel', width: 90 },
            { title: '题干', dataIndex: 'stem', render: (stem: string) => plainText(stem) },
            { title: '作答数', dataIndex: 'answered', width: 80 },
            {
              title: '平均得分率',
              dataIndex: 'averageRatio',
              width: 110,
              render: (ratio: number) => `${ratio.toFixed(1)}%`,
            },
          ]}
        />
      </Card>
    </>
  );
}

function Report({ exam }: { exam: ExamRow }): ReactNode {
  const report = useQuery({
    queryKey: examKeys.report(exam.examId),
    queryFn: () => fetchExamReport(exam.examId),
  });
  if (report.isPending) return <PageLoading />;
  if (report.isError)
    return <PageError description="考试报告加载失败，请稍后重试。" onRetry={() => void report.refetch()} />;
  return <ReportBody report={report.data} />;
}

/** /manage/exam/ExamReport?examId=: the whole exam — distribution, pass rate, averages, hardest questions. */
export default function ExamReportPage(): ReactNode {
  return <ExamFrame path="/manage/exam/ExamReport">{(exam) => <Report exam={exam} />}</ExamFrame>;
}
