import { useState, type ReactNode } from 'react';
import { Card, Descriptions, List, Pagination, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatScore } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import {
  examKeys,
  fetchAnswersToMark,
  fetchMarkingAttempt,
  fetchMarkingOverview,
  type ExamRow,
  type MarkingAnswer,
  type MarkingQuestion,
  type MarkingQuestionKey,
} from '../api';
import {
  MARKED_TYPES,
  collectMarkingAttempts,
  keyText,
  markingProgress,
  outcome,
  plainText,
  responseText,
} from '../exam-rules';
import { ExamFrame } from '../components/exam-frame';
import { MarkControls } from '../components/mark-controls';
import { ReportView } from '../components/report-view';

const ANSWERS_PAGE_SIZE = 10;

/** After a mark: progress, lists and results change. */
function useRefreshMarking(examId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['exam', 'check'] });
    void queryClient.invalidateQueries({ queryKey: ['exam', 'results', examId] });
    void queryClient.invalidateQueries({ queryKey: ['exam', 'examinees', examId] });
    void queryClient.invalidateQueries({ queryKey: examKeys.report(examId) });
  };
}

/** 题干, 参考答案 and 解析 of the question being marked. */
function QuestionKeyFacts({ question }: { question: MarkingQuestionKey }): ReactNode {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 12 }}
      styles={{ label: { width: 96 } }}
    >
      <Descriptions.Item label="题干">
        <div
          className="kp-exam-stem"
          // Stems are sanitised by the server on every write.
          dangerouslySetInnerHTML={{ __html: question.stem }}
        />
      </Descriptions.Item>
      <Descriptions.Item label="参考答案">
        {keyText({ type: question.type, options: null, key: question.key })}
      </Descriptions.Item>
      {question.analysis ? <Descriptions.Item label="解析">{question.analysis}</Descriptions.Item> : null}
    </Descriptions>
  );
}

/** One candidate's answer to the question, with its outcome and the marking controls. */
function AnswerToMark(props: { answer: MarkingAnswer; type: number; onSaved: () => void }): ReactNode {
  const { answer, type, onSaved } = props;
  const result = outcome(answer.score, answer.points);
  return (
    <List.Item data-testid={`mark-answer-${answer.attemptId}`}>
      <div style={{ width: '100%' }}>
        <Space style={{ marginBottom: 6 }}>
          <Typography.Text strong>{answer.candidate}</Typography.Text>
          <Tag color={result.color}>{result.label}</Tag>
          {answer.score !== null ? <span>得分 {formatScore(answer.score)}</span> : null}
        </Space>
        <pre className="kp-exam-answer">{responseText({ type, options: null, answer: answer.answer })}</pre>
        <div style={{ marginTop: 8 }}>
          <MarkControls
            attemptId={answer.attemptId}
            questionId={answer.questionId}
            points={answer.points}
            score={answer.score}
            comment={answer.markComment}
            label={answer.candidate}
            onSaved={onSaved}
          />
        </div>
      </div>
    </List.Item>
  );
}

function ByQuestion({
  exam,
  questions,
  questionId,
  onQuestion,
}: {
  exam: ExamRow;
  questions: MarkingQuestion[];
  questionId: number | undefined;
  onQuestion: (questionId: number) => void;
}): ReactNode {
  const [page, setPage] = useState(1);
  const refresh = useRefreshMarking(exam.examId);
  const current = questionId ?? questions.find((q) => q.pending > 0)?.questionId ?? questions[0]?.questionId;
  const answers = useQuery({
    queryKey: examKeys.answers(exam.examId, current ?? 0, page),
    queryFn: () => fetchAnswersToMark(exam.examId, current as number, page - 1, ANSWERS_PAGE_SIZE),
    enabled: current !== undefined,
  });
  if (current === undefined) return <PageEmpty description="没有需要阅卷的试题" />;
  const question = answers.data?.question;
  return (
    <Card
      size="small"
      title={
        <Select
          value={current}
          onChange={(id: number) => {
            setPage(1);
            onQuestion(id);
          }}
          aria-label="选择试题"
          style={{ width: '100%', maxWidth: 560 }}
          options={questions.map((q, index) => ({
            value: q.questionId,
            label: `第 ${index + 1} 题 · ${q.typeLabel} · 待阅 ${q.pending}/${q.answerCount} · ${plainText(q.stem).slice(0, 30)}`,
          }))}
        />
      }
    >
      {answers.isPending ? (
        <PageLoading />
      ) : answers.isError ? (
        <PageError description="作答加载失败，请稍后重试。" onRetry={() => void answers.refetch()} />
      ) : (
        <>
          {question ? <QuestionKeyFacts question={question} /> : null}
          <List
            dataSource={answers.data.data}
            locale={{ emptyText: '还没有考生作答这道题' }}
            renderItem={(answer) => (
              <AnswerToMark
                key={answer.attemptId}
                answer={answer}
                type={question?.type ?? 4}
                onSaved={refresh}
              />
            )}
          />
          {answers.data.total > ANSWERS_PAGE_SIZE ? (
            <Pagination
              current={page}
              pageSize={ANSWERS_PAGE_SIZE}
              total={answers.data.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}

function ByCandidate({ exam, questions }: { exam: ExamRow; questions: MarkingQuestion[] }): ReactNode {
  const refresh = useRefreshMarking(exam.examId);
  const [attemptId, setAttemptId] = useState<number | undefined>();
  // The attempts come from the answers to the marked questions, which the server names blind when asked.
  const attempts = useQuery({
    queryKey: examKeys.markAttempts(exam.examId),
    queryFn: async () => {
      const pages = await Promise.all(
        questions.map((q) => fetchAnswersToMark(exam.examId, q.questionId, 0, 1000)),
      );
      return collectMarkingAttempts(pages.flatMap((p) => p.data));
    },
  });
  const current = attemptId ?? attempts.data?.[0]?.attemptId;
  const attempt = useQuery({
    queryKey: examKeys.markAttempt(current ?? 0),
    queryFn: () => fetchMarkingAttempt(current as number),
    enabled: current !== undefined,
  });
  if (attempts.isPending) return <PageLoading />;
  if (attempts.isError)
    return <PageError description="答卷加载失败，请稍后重试。" onRetry={() => void attempts.refetch()} />;
  if (attempts.data.length === 0) return <PageEmpty description="没有需要阅卷的答卷" />;
  return (
    <div className="kp-exam-split">
      <Card size="small" title="答卷">
        <List
          size="small"
          dataSource={attempts.data}
          renderItem={(item) => (
            <List.Item
              key={item.attemptId}
              onClick={() => setAttemptId(item.attemptId)}
              style={{
                cursor: 'pointer',
                background: item.attemptId === current ? 'rgba(22, 119, 255, 0.08)' : undefined,
                paddingInline: 8,
              }}
              aria-current={item.attemptId === current}
            >
              <Typography.Link>{item.candidate}</Typography.Link>
              {item.pending > 0 ? (
                <Tag color="orange">待阅 {item.pending}</Tag>
              ) : (
                <Tag color="green">已阅</Tag>
              )}
            </List.Item>
          )}
        />
      </Card>
      <div>
        {current === undefined || attempt.isPending ? (
          <PageLoading />
        ) : attempt.isError ? (
          <PageError description="答卷加载失败，请稍后重试。" onRetry={() => void attempt.refetch()} />
        ) : (
          <ReportView
            report={attempt.data}
            marking={(question) =>
              MARKED_TYPES.includes(question.type) ? (
                <div style={{ marginTop: 8 }}>
                  <MarkControls
                    key={`${attempt.data.attemptId}-${question.questionId}-${question.score ?? 'x'}`}
                    attemptId={attempt.data.attemptId}
                    questionId={question.questionId}
                    points={question.points}
                    score={question.score}
                    comment={question.markComment}
                    label={`第 ${question.number} 题`}
                    onSaved={refresh}
                  />
                </div>
              ) : null
            }
          />
        )}
      </div>
    </div>
  );
}

function Marking({ exam }: { exam: ExamRow }): ReactNode {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = searchParams.get('mode') === 'candidate' ? 'candidate' : 'question';
  const questionId = Number(searchParams.get('questionId')) || undefined;
  const overview = useQuery({
    queryKey: examKeys.overview(exam.examId),
    queryFn: () => fetchMarkingOverview(exam.examId),
  });
  const setParam = (changes: Record<string, string | undefined>) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  if (overview.isPending) return <PageLoading />;
  if (overview.isError)
    return <PageError description="阅卷进度加载失败，请稍后重试。" onRetry={() => void overview.refetch()} />;
  const { questions, pendingAttempts } = overview.data;
  return (
    <>
      <Card size="small">
        <Space wrap size="large">
          <Segmented
            value={mode}
            onChange={(value) => setParam({ mode: String(value) })}
            options={[
              { value: 'question', label: '按题阅卷' },
              { value: 'candidate', label: '按人阅卷' },
            ]}
            aria-label="阅卷方式"
          />
          <span data-testid="marking-progress">
            阅卷进度 {markingProgress(questions)}%，待阅答卷 {pendingAttempts} 份
          </span>
          {exam.settings.blindMarking ? <Tag color="purple">匿名阅卷</Tag> : null}
        </Space>
      </Card>
      {questions.length === 0 ? (
        <PageEmpty description="还没有需要人工阅卷的作答" />
      ) : mode === 'question' ? (
        <ByQuestion
          exam={exam}
          questions={questions}
          questionId={questionId}
          onQuestion={(id) => setParam({ questionId: String(id) })}
        />
      ) : (
        <ByCandidate exam={exam} questions={questions} />
      )}
    </>
  );
}

/** /manage/exam/check/detail?examId=: marking question by question across candidates, or candidate by candidate. */
export default function CheckDetailPage(): ReactNode {
  return <ExamFrame path="/manage/exam/check/detail">{(exam) => <Marking exam={exam} />}</ExamFrame>;
}
