import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Image, Row, Space, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { formatScore } from '@kaopei/shared';
import { LinkButton } from '../../../app/link-button';
import type { ExamRow } from '../api';
import { RELEASE_OPTIONS } from '../exam-rules';
import { ExamFrame, examWindowText } from '../components/exam-frame';
import { ExamQrModal } from '../components/exam-qr-modal';

const releaseLabel = (value: string) =>
  RELEASE_OPTIONS.find((option) => option.value === value)?.label ?? value;
const yesNo = (value: boolean) => (value ? '是' : '否');

function audienceText(exam: ExamRow): string {
  const a = exam.audience;
  if (a.mode === 'open') {
    return `开放链接${a.registrationFields.length ? `（报名字段：${a.registrationFields.join('、')}）` : ''}`;
  }
  const parts = [
    a.departmentIds.length
      ? `${a.departmentIds.length} 个部门${a.includeSubDepartments ? '（含下级）' : ''}`
      : '',
    a.userIds.length ? `${a.userIds.length} 名员工` : '',
    a.tagIds.length ? `${a.tagIds.length} 个标签` : '',
  ].filter(Boolean);
  return parts.length ? `指定考生：${parts.join('、')}` : '尚未选择考生';
}

/** 考生, 已开考, 已交卷 and 试卷 counts. */
function ExamCounts({ exam }: { exam: ExamRow }): ReactNode {
  return (
    <Row gutter={12}>
      {(
        [
          ['考生', exam.candidateCount],
          ['已开考', exam.startedCount],
          ['已交卷', exam.submittedCount],
          ['试卷', exam.papers.length],
        ] as const
      ).map(([title, value]) => (
        <Col key={title} xs={12} md={6}>
          <Card size="small">
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The exam's settings, audience, papers and dates. */
function ExamFacts({ exam }: { exam: ExamRow }): ReactNode {
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
      <Descriptions.Item label="考试名称">{exam.name}</Descriptions.Item>
      <Descriptions.Item label="状态">{exam.stateLabel}</Descriptions.Item>
      <Descriptions.Item label="考试时间">{examWindowText(exam)}</Descriptions.Item>
      <Descriptions.Item label="时长">{exam.durationText}</Descriptions.Item>
      <Descriptions.Item label="考试次数">{exam.attemptsAllowed}</Descriptions.Item>
      <Descriptions.Item label="及格分">{formatScore(exam.passScore)}</Descriptions.Item>
      <Descriptions.Item label="迟到限制">
        {exam.lateEntryMinutes === null ? '不限' : `开考 ${exam.lateEntryMinutes} 分钟后不能进入`}
      </Descriptions.Item>
      <Descriptions.Item label="成绩公布">{releaseLabel(exam.settings.showScore)}</Descriptions.Item>
      <Descriptions.Item label="答案公布">{releaseLabel(exam.settings.showAnswers)}</Descriptions.Item>
      <Descriptions.Item label="显示解析">{yesNo(exam.settings.showAnalysis)}</Descriptions.Item>
      <Descriptions.Item label="题目乱序">{yesNo(exam.settings.shuffleQuestions)}</Descriptions.Item>
      <Descriptions.Item label="选项乱序">{yesNo(exam.settings.shuffleOptions)}</Descriptions.Item>
      <Descriptions.Item label="多选题少选得分">{yesNo(exam.settings.partialCredit)}</Descriptions.Item>
      <Descriptions.Item label="匿名阅卷">{yesNo(exam.settings.blindMarking)}</Descriptions.Item>
      <Descriptions.Item label="通知考生">{yesNo(exam.notify)}</Descriptions.Item>
      <Descriptions.Item label="考生范围" span={2}>
        {audienceText(exam)}
      </Descriptions.Item>
      <Descriptions.Item label="试卷" span={3}>
        <Space wrap>
          {exam.papers.map((paper) => (
            <Tag key={paper.paperId}>
              {paper.name}（{paper.questionCount} 题，{formatScore(paper.totalScore)} 分）
            </Tag>
          ))}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label="创建时间">
        {dayjs(exam.createdAt).format('YYYY-MM-DD HH:mm')}
      </Descriptions.Item>
      <Descriptions.Item label="发布时间">
        {exam.publishedAt === null ? '未发布' : dayjs(exam.publishedAt).format('YYYY-MM-DD HH:mm')}
      </Descriptions.Item>
      {exam.coverUrl ? (
        <Descriptions.Item label="封面">
          <Image src={exam.coverUrl} alt="考试封面" width={120} />
        </Descriptions.Item>
      ) : null}
      {exam.description ? (
        <Descriptions.Item label="考试说明" span={3}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{exam.description}</span>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function Overview({ exam }: { exam: ExamRow }): ReactNode {
  const [qr, setQr] = useState(false);
  const q = `?examId=${exam.examId}`;
  return (
    <>
      <ExamCounts exam={exam} />
      <Card
        size="small"
        title="基本信息"
        extra={
          <Space wrap>
            <LinkButton size="small" to={`/manage/exam/editor${q}`}>
              编辑
            </LinkButton>
            <Button size="small" onClick={() => setQr(true)}>
              二维码
            </Button>
          </Space>
        }
      >
        <ExamFacts exam={exam} />
      </Card>
      <ExamQrModal exam={qr ? exam : null} onClose={() => setQr(false)} />
    </>
  );
}

/** /manage/exam/newExamDetail?examId=: one exam at a glance, with links to its other pages. */
export default function ExamOverviewPage(): ReactNode {
  return <ExamFrame path="/manage/exam/newExamDetail">{(exam) => <Overview exam={exam} />}</ExamFrame>;
}
