import type { ReactNode } from 'react';
import { Alert, Card, Col, Progress, Row, Statistic, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '../../../app/link-button';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { examKeys, fetchMarkingOverview, type ExamRow, type MarkingQuestion } from '../api';
import { markingProgress, plainText } from '../exam-rules';
import { ExamFrame } from '../components/exam-frame';

/** 已交答卷, 待阅答卷 and the marking progress, with what happens when marking is done. */
function MarkingProgressCard(props: {
  submitted: number;
  pending: number;
  percent: number;
  blind: boolean;
}): ReactNode {
  const { submitted, pending, percent, blind } = props;
  return (
    <Card size="small">
      <Row gutter={16} align="middle">
        <Col xs={12} md={6}>
          <Statistic title="已交答卷" value={submitted} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="待阅答卷" value={pending} />
        </Col>
        <Col xs={24} md={12}>
          <div>阅卷进度</div>
          <Progress percent={percent} aria-label="阅卷进度" />
        </Col>
      </Row>
      <Alert
        style={{ marginTop: 12 }}
        type={pending === 0 ? 'success' : 'info'}
        showIcon
        message={
          pending === 0
            ? '没有待阅的答卷：成绩已计算，并按考试设置向考生公布。'
            : '一份答卷的全部主观题阅完后，系统自动计算成绩，并按考试设置向考生公布。'
        }
      />
      {blind ? (
        <Tag color="purple" style={{ marginTop: 12 }}>
          匿名阅卷：阅卷时不显示考生姓名
        </Tag>
      ) : null}
    </Card>
  );
}

function Overview({ exam }: { exam: ExamRow }): ReactNode {
  const overview = useQuery({
    queryKey: examKeys.overview(exam.examId),
    queryFn: () => fetchMarkingOverview(exam.examId),
  });
  if (overview.isPending) return <PageLoading />;
  if (overview.isError)
    return <PageError description="阅卷进度加载失败，请稍后重试。" onRetry={() => void overview.refetch()} />;
  const { questions, pendingAttempts, submittedAttempts } = overview.data;
  const detail = `/manage/exam/check/detail?examId=${exam.examId}`;
  return (
    <>
      <MarkingProgressCard
        submitted={submittedAttempts}
        pending={pendingAttempts}
        percent={markingProgress(questions)}
        blind={exam.settings.blindMarking}
      />
      <Card
        size="small"
        title="待阅试题"
        extra={
          <LinkButton
            type="primary"
            size="small"
            to={`${detail}&mode=candidate`}
            disabled={questions.length === 0}
          >
            按人阅卷
          </LinkButton>
        }
      >
        {questions.length === 0 ? (
          <PageEmpty description="还没有需要人工阅卷的作答（简答、编程与填空题的答卷交卷后出现在这里）" />
        ) : (
          <Table<MarkingQuestion>
            rowKey="questionId"
            size="small"
            pagination={false}
            dataSource={questions}
            columns={[
              { title: '题型', dataIndex: 'typeLabel', width: 90 },
              { title: '题干', dataIndex: 'stem', render: (stem: string) => plainText(stem) },
              { title: '作答数', dataIndex: 'answerCount', width: 80 },
              {
                title: '待阅',
                dataIndex: 'pending',
                width: 80,
                render: (pending: number) =>
                  pending > 0 ? <Tag color="orange">{pending}</Tag> : <Tag color="green">0</Tag>,
              },
              {
                title: '操作',
                key: 'actions',
                width: 100,
                render: (_v, row) => (
                  <LinkButton
                    type="link"
                    size="small"
                    to={`${detail}&mode=question&questionId=${row.questionId}`}
                  >
                    按题阅卷
                  </LinkButton>
                ),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}

/** /manage/exam/check?examId=: marking progress and the questions waiting for a marker. */
export default function CheckPage(): ReactNode {
  return <ExamFrame path="/manage/exam/check">{(exam) => <Overview exam={exam} />}</ExamFrame>;
}
