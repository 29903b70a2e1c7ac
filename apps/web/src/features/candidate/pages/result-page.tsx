import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert, Result, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { candidatePaths, formatExamTime, formatScore } from '@kaopei/shared';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { ApiError } from '../../../lib/http';
import { AttemptStatus, candidateKeys, fetchResult, type AttemptResult, type ResultQuestion } from '../api';
import { asCodeAnswer, codeSamples, describeAnswer, describeKey, letterOf } from '../answer-format';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { formatDateTime } from '../../../lib/time-format';

function scoreTag(question: ResultQuestion): ReactNode {
  if (question.score === null) return null;
  const full = question.score >= question.points;
  const color = full ? 'success' : question.score > 0 ? 'warning' : 'error';
  return (
    <Tag color={color}>
      {formatScore(question.score)}/{formatScore(question.points)} 分
    </Tag>
  );
}

function ResultQuestionCard({
  question,
  answersReleased,
}: {
  question: ResultQuestion;
  answersReleased: boolean;
}) {
  // Only a code response is {language, code}; only a code key has samples.
  const code = asCodeAnswer(question.answer);
  const key = answersReleased ? describeKey(question) : null;
  const samples = answersReleased ? codeSamples(question.key) : [];
  return (
    <article className="kp-m-card kp-m-result-question" data-testid="result-question">
      <div className="kp-m-question__head">
        <span className="kp-m-question__number">第 {question.number} 题</span>
        <Tag color="blue">{question.typeLabel}</Tag>
        {scoreTag(question)}
      </div>
      <div
        className="kp-m-question__stem"
        // Stems are sanitised by the server on every write (question.rules sanitizeStem).
        dangerouslySetInnerHTML={{ __html: question.stem }}
      />
      {question.options ? (
        <ol className="kp-m-result-options">
          {question.options.map((option) => (
            <li
              key={option.key}
              className={option.correct ? 'kp-m-result-options__correct' : undefined}
              data-correct={option.correct ?? undefined}
            >
              <strong>{letterOf(question.options, option.key)}.</strong> {option.content}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="kp-m-result-answer">
        <span className="kp-m-muted">我的答案：</span>
        {code ? (
          <pre className="kp-m-code-answer">
            {code.language}
            {'\n'}
            {code.code}
          </pre>
        ) : (
          <span data-testid="my-answer">{describeAnswer(question, question.answer)}</span>
        )}
      </div>
      {key ? (
        <div className="kp-m-result-answer" data-testid="answer-key">
          <span className="kp-m-muted">参考答案：</span>
          {key}
        </div>
      ) : null}
      {samples.length > 0 ? (
        <div className="kp-m-result-answer">
          <span className="kp-m-muted">样例：</span>
          {samples.map((sample, index) => (
            <pre key={index} className="kp-m-code-answer">
              输入：{sample.input || '（无）'}
              {'\n'}输出：{sample.output}
            </pre>
          ))}
        </div>
      ) : null}
      {answersReleased && question.analysis ? (
        <div className="kp-m-result-answer" data-testid="analysis">
          <span className="kp-m-muted">解析：</span>
          {question.analysis}
        </div>
      ) : null}
      {question.markComment ? (
        <div className="kp-m-result-answer">
          <span className="kp-m-muted">评语：</span>
          {question.markComment}
        </div>
      ) : null}
    </article>
  );
}

function Summary({ result }: { result: AttemptResult }): ReactNode {
  const pending = result.status === AttemptStatus.MARKING;
  return (
    <section className="kp-m-card kp-m-result-summary" data-testid="result-summary">
      <h2 className="kp-m-intro__name">{result.examName}</h2>
      {result.scoreReleased ? (
        <div className="kp-m-result-score">
          <span className="kp-m-result-score__value" data-testid="result-score">
            {formatScore(result.score)}
          </span>
          <span className="kp-m-muted"> / {formatScore(result.totalPoints)} 分</span>
          {result.passed === true ? <Tag color="success">及格</Tag> : null}
          {result.passed === false ? <Tag color="error">不及格</Tag> : null}
          {result.passed === null && pending ? <Tag color="warning">待阅卷</Tag> : null}
        </div>
      ) : (
        <Alert
          type="info"
          showIcon
          title={pending ? '答卷已提交，等待阅卷' : '答卷已提交'}
          description="成绩暂未公布，公布后可在此查看。"
        />
      )}
      <dl className="kp-m-result-facts">
        <dt>状态</dt>
        <dd>{result.statusLabel}</dd>
        <dt>及格分</dt>
        <dd>{formatScore(result.passScore)} 分</dd>
        <dt>交卷时间</dt>
        <dd>{formatDateTime(result.submittedAt)}</dd>
        <dt>用时</dt>
        <dd>{result.timeUsedSeconds === null ? '-' : formatExamTime(result.timeUsedSeconds / 60)}</dd>
      </dl>
      {result.comment ? <p>评语：{result.comment}</p> : null}
    </section>
  );
}

/** /m/attempts/:attemptId/result: the result, as far as the exam's release settings allow. */
export default function ResultPage(): ReactNode {
  const attemptId = Number(useParams().attemptId);
  const valid = Number.isSafeInteger(attemptId) && attemptId > 0;
  const result = useQuery({
    queryKey: candidateKeys.result(attemptId),
    queryFn: () => fetchResult(attemptId),
    enabled: valid,
    staleTime: 0,
  });

  let content: ReactNode;
  if (!valid) content = <PageError title="答卷不存在" description="链接中的答卷编号不正确。" />;
  else if (result.isPending) content = <PageLoading />;
  else if (result.isError) {
    const error = result.error;
    content =
      error instanceof ApiError && error.status === 409 ? (
        // Not submitted yet: the exam is still running.
        <Result
          status="info"
          title="尚未交卷"
          subTitle="这份答卷还在作答中。"
          extra={
            <LinkButton to={candidatePaths.attempt(attemptId)} type="primary">
              继续答题
            </LinkButton>
          }
        />
      ) : (
        <PageError
          description={error instanceof ApiError ? error.message : '成绩加载失败，请稍后重试。'}
          onRetry={() => void result.refetch()}
        />
      );
  } else {
    const data = result.data;
    const questions = data.sections.flatMap((section) => section.questions);
    content = (
      <>
        <Summary result={data} />
        {questions.map((question) => (
          <ResultQuestionCard
            key={question.questionId}
            question={question}
            answersReleased={data.answersReleased}
          />
        ))}
        <div className="kp-m-actions">
          <LinkButton to={candidatePaths.exam(data.examId)} block size="large">
            返回考试
          </LinkButton>
        </div>
      </>
    );
  }

  return (
    <>
      <LearnerHeader title="考试成绩" back="/m?tab=finished" />
      <main className="kp-m-main">{content}</main>
    </>
  );
}
