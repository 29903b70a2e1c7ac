import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { App, Button, Descriptions, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { candidatePaths, formatExamTime, formatScore } from '@kaopei/shared';
import { PageError, PageLoading } from '../../../app/page-states';
import { ApiError } from '../../../lib/http';
import { candidateKeys, fetchExamIntro, startAttempt, type ExamIntro } from '../api';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { formatDateTime, formatWindow } from '../../../lib/time-format';

const STATE_TAGS: Record<string, { label: string; color: string }> = {
  upcoming: { label: '未开始', color: 'default' },
  ongoing: { label: '进行中', color: 'processing' },
  ended: { label: '已结束', color: 'default' },
  draft: { label: '未发布', color: 'default' },
};

/** What the main button offers, from the exam's state and the candidate's attempts. */
export function startAction(
  exam: Pick<ExamIntro, 'state' | 'openAttemptId' | 'attemptsUsed' | 'attemptsAllowed'>,
): { kind: 'continue' | 'start' | 'none'; label: string } {
  if (exam.openAttemptId !== null) return { kind: 'continue', label: '继续考试' };
  if (exam.state === 'upcoming') return { kind: 'none', label: '考试尚未开始' };
  if (exam.state !== 'ongoing') return { kind: 'none', label: '考试已结束' };
  if (exam.attemptsUsed >= exam.attemptsAllowed) return { kind: 'none', label: '考试次数已用完' };
  return { kind: 'start', label: exam.attemptsUsed > 0 ? '再考一次' : '开始考试' };
}

function ExamFacts({ exam }: { exam: ExamIntro }) {
  const tag = STATE_TAGS[exam.state];
  return (
    <section className="kp-m-card">
      <div className="kp-m-exam__head">
        <h2 className="kp-m-intro__name">{exam.name}</h2>
        {tag ? <Tag color={tag.color}>{tag.label}</Tag> : null}
      </div>
      {exam.description ? <p className="kp-m-intro__description">{exam.description}</p> : null}
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'window', label: '考试时间', children: formatWindow(exam.startAt, exam.endAt) },
          { key: 'duration', label: '考试时长', children: formatExamTime(exam.durationMinutes) },
          { key: 'pass', label: '及格分', children: `${formatScore(exam.passScore)} 分` },
          {
            key: 'attempts',
            label: '考试次数',
            children: `已考 ${exam.attemptsUsed} 次，共 ${exam.attemptsAllowed} 次`,
          },
          ...(exam.lateEntryMinutes !== null
            ? [{ key: 'late', label: '迟到限制', children: `开考 ${exam.lateEntryMinutes} 分钟后不能进入` }]
            : []),
        ]}
      />
    </section>
  );
}

function ExamRules() {
  return (
    <section className="kp-m-card">
      <h3 className="kp-m-card__title">考试须知</h3>
      <ul className="kp-m-rules">
        <li>计时以服务器时间为准，到时自动交卷。</li>
        <li>每道题的答案在作答后自动保存；断网时答案暂存在本机，恢复网络后自动上传。</li>
        <li>可以标记拿不准的题目，交卷前在答题卡中查看。</li>
      </ul>
    </section>
  );
}

function MyAttempts({ attempts }: { attempts: ExamIntro['attempts'] }) {
  if (attempts.length === 0) return null;
  return (
    <section className="kp-m-card">
      <h3 className="kp-m-card__title">我的答卷</h3>
      <ul className="kp-m-attempts">
        {attempts.map((attempt) => (
          <li key={attempt.attemptId}>
            <span>第 {attempt.attemptNo} 次</span>
            <Tag>{attempt.statusLabel}</Tag>
            <span className="kp-m-attempts__score">
              {attempt.score !== null ? `${formatScore(attempt.score)} 分` : ''}
            </span>
            {attempt.status > 0 ? (
              <Link to={candidatePaths.result(attempt.attemptId)}>查看成绩</Link>
            ) : (
              <span className="kp-m-muted">{formatDateTime(attempt.submittedAt)}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The main button: continue the open attempt, or confirm and start a new one. */
function StartButton({ exam, onFailed }: { exam: ExamIntro; onFailed: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const [starting, setStarting] = useState(false);
  const action = startAction(exam);
  const begin = async () => {
    setStarting(true);
    try {
      const attempt = await startAttempt(exam.examId);
      void queryClient.invalidateQueries({ queryKey: candidateKeys.all });
      // The start reply is the attempt the answering page shows: it opens without reading it again.
      queryClient.setQueryData(candidateKeys.attempt(attempt.attemptId), attempt);
      await navigate(candidatePaths.attempt(attempt.attemptId));
    } catch {
      // The HTTP client has shown the server's reason (not started, ended, no attempts left…).
      onFailed();
    } finally {
      setStarting(false);
    }
  };
  const onAction = () => {
    if (action.kind === 'continue' && exam.openAttemptId !== null) {
      void navigate(candidatePaths.attempt(exam.openAttemptId));
    } else if (action.kind === 'start') {
      modal.confirm({
        title: '开始考试',
        content: `开始后计时 ${formatExamTime(exam.durationMinutes)}，中途离开计时不会暂停。确定开始吗？`,
        okText: '确定开始',
        cancelText: '再想想',
        onOk: () => begin(),
      });
    }
  };
  return (
    <div className="kp-m-actions">
      <Button
        type="primary"
        size="large"
        block
        disabled={action.kind === 'none'}
        loading={starting}
        onClick={onAction}
      >
        {action.label}
      </Button>
    </div>
  );
}

/** /m/exams/:examId: the exam's rules and the candidate's attempts; start or continue. */
export default function ExamIntroPage(): ReactNode {
  const examId = Number(useParams().examId);
  const valid = Number.isSafeInteger(examId) && examId > 0;
  const intro = useQuery({
    queryKey: candidateKeys.exam(examId),
    queryFn: () => fetchExamIntro(examId),
    enabled: valid,
    staleTime: 0,
  });

  let content: ReactNode;
  if (!valid) content = <PageError title="考试不存在" description="链接中的考试编号不正确。" />;
  else if (intro.isPending) content = <PageLoading />;
  else if (intro.isError) {
    const message = intro.error instanceof ApiError ? intro.error.message : '考试信息加载失败，请稍后重试。';
    content = <PageError description={message} onRetry={() => void intro.refetch()} />;
  } else {
    content = (
      <>
        <ExamFacts exam={intro.data} />
        <ExamRules />
        <MyAttempts attempts={intro.data.attempts} />
        <StartButton exam={intro.data} onFailed={() => void intro.refetch()} />
      </>
    );
  }

  return (
    <>
      <LearnerHeader title="考试说明" back="/m" />
      <main className="kp-m-main">{content}</main>
    </>
  );
}
