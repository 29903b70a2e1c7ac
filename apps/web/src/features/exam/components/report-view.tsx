import { useMemo, type ReactNode } from 'react';
import { Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { QuestionType, formatScore, optionLetter } from '@kaopei/shared';
import type { PersonalReport, ReportQuestion } from '../api';
import { formatSeconds, keyText, outcome, responseText } from '../exam-rules';
import type { EChartsCoreOption } from './echarts-setup';
import { ExamChart } from './exam-chart';

export function PassTag({ passed }: { passed: boolean | null }): ReactNode {
  if (passed === null) return <Tag color="orange">待阅卷</Tag>;
  return passed ? <Tag color="green">及格</Tag> : <Tag color="red">不及格</Tag>;
}

/** Knowledge-point mastery: a radar from three points on, bars below that (a radar needs three axes). */
export function masteryOption(knowledge: PersonalReport['knowledge']): EChartsCoreOption {
  if (knowledge.length >= 3) {
    return {
      tooltip: {},
      radar: {
        indicator: knowledge.map((k) => ({ name: k.name, max: 100 })),
        radius: '65%',
      },
      series: [
        {
          type: 'radar',
          areaStyle: { opacity: 0.2 },
          data: [{ name: '掌握度（%）', value: knowledge.map((k) => k.mastery) }],
        },
      ],
    };
  }
  return barOption(
    knowledge.map((k) => k.name),
    knowledge.map((k) => k.mastery),
    '掌握度（%）',
    100,
  );
}

export function barOption(labels: string[], values: number[], name: string, max?: number): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 48 },
    xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', max, minInterval: 1 },
    series: [{ type: 'bar', name, data: values, barMaxWidth: 40, label: { show: true, position: 'top' } }],
  };
}

function ReportQuestionItem({
  question,
  marking,
}: {
  question: ReportQuestion;
  marking?: ((question: ReportQuestion) => ReactNode) | undefined;
}): ReactNode {
  const result = outcome(question.score, question.points);
  const response = responseText(question);
  const code = question.type === QuestionType.CODE;
  return (
    <div className="kp-exam-report__question" data-testid={`report-question-${question.questionId}`}>
      <Space wrap size={4} style={{ marginBottom: 6 }}>
        <Typography.Text strong>{question.number}.</Typography.Text>
        <Tag>{question.typeLabel}</Tag>
        <Typography.Text type="secondary">{formatScore(question.points)} 分</Typography.Text>
        <Tag color={result.color}>{result.label}</Tag>
        <Typography.Text>得分：{formatScore(question.score)}</Typography.Text>
      </Space>
      <div
        className="kp-exam-stem"
        // Stems are sanitised by the server on every write (question.rules sanitizeStem).
        dangerouslySetInnerHTML={{ __html: question.stem }}
      />
      {question.options ? (
        <ol style={{ listStyle: 'none', paddingLeft: 0, margin: '6px 0' }}>
          {question.options.map((option, index) => (
            <li key={option.key}>
              {optionLetter(index)}. {option.content}{' '}
              {option.correct ? <CheckOutlined style={{ color: '#52c41a' }} aria-label="正确选项" /> : null}
            </li>
          ))}
        </ol>
      ) : null}
      <Descriptions size="small" column={1} style={{ marginTop: 6 }}>
        <Descriptions.Item label="考生答案">
          <pre className={code ? 'kp-exam-answer kp-exam-answer--code' : 'kp-exam-answer'}>{response}</pre>
        </Descriptions.Item>
        <Descriptions.Item label="正确答案">{keyText(question)}</Descriptions.Item>
        {question.markComment ? (
          <Descriptions.Item label="阅卷评语">{question.markComment}</Descriptions.Item>
        ) : null}
        {question.analysis ? <Descriptions.Item label="解析">{question.analysis}</Descriptions.Item> : null}
      </Descriptions>
      {marking ? marking(question) : null}
    </div>
  );
}

/**
 * An individual's report (exam/personal/report, /report, exam/IndividualPapers, marking by candidate):
 * score, rank, per-section and per-knowledge-point mastery, and every answer against the key.
 */
export function ReportView({
  report,
  extra,
  marking,
}: {
  report: PersonalReport;
  extra?: ReactNode;
  /** Marking controls under each question (exam/check/detail). */
  marking?: (question: ReportQuestion) => ReactNode;
}): ReactNode {
  const sectionOption = useMemo(
    () =>
      barOption(
        report.sections.map((s) => s.name),
        report.sections.map((s) => (s.points > 0 ? Math.round((s.score / s.points) * 100) : 0)),
        '得分率（%）',
        100,
      ),
    [report.sections],
  );
  const knowledgeOption = useMemo(() => masteryOption(report.knowledge), [report.knowledge]);
  const sectionSummary = report.sections
    .map((s) => `${s.name} ${formatScore(s.score)}/${formatScore(s.points)} 分`)
    .join('，');
  const knowledgeSummary = report.knowledge.map((k) => `${k.name} ${k.mastery}%`).join('，');

  return (
    <div className="kp-exam-report">
      <Card size="small" title={`${report.examName} · 个人报告`} extra={extra}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="考生">{report.realName}</Descriptions.Item>
          <Descriptions.Item label="部门">{report.departmentName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="状态">{report.statusLabel}</Descriptions.Item>
          <Descriptions.Item label="成绩">
            <span data-testid="report-score">
              {formatScore(report.score)} / {formatScore(report.totalPoints)}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="及格分">{formatScore(report.passScore)}</Descriptions.Item>
          <Descriptions.Item label="是否及格">
            <PassTag passed={report.passed} />
          </Descriptions.Item>
          <Descriptions.Item label="排名">
            <span data-testid="report-rank">
              {report.rank === null ? '阅卷后排名' : `第 ${report.rank} 名 / 共 ${report.rankOf} 人`}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="用时">{formatSeconds(report.timeUsedSeconds)}</Descriptions.Item>
          <Descriptions.Item label="交卷时间">
            {report.submittedAt === null ? '-' : dayjs(report.submittedAt).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          {report.comment ? (
            <Descriptions.Item label="考试评语" span={3}>
              {report.comment}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Card size="small" title="各大题得分率">
            {report.sections.length ? (
              <ExamChart option={sectionOption} summary={sectionSummary} height={240} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无大题" />
            )}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="知识点掌握度">
            {report.knowledge.length ? (
              <ExamChart option={knowledgeOption} summary={knowledgeSummary} height={240} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="试题未关联知识点" />
            )}
          </Card>
        </Col>
      </Row>
      {report.questions.map((section) => (
        <Card key={section.name} size="small" title={section.name}>
          {section.questions.map((question) => (
            <ReportQuestionItem key={question.questionId} question={question} marking={marking} />
          ))}
        </Card>
      ))}
    </div>
  );
}
