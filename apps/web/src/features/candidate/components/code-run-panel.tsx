import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Tag, Typography } from 'antd';
import { fetchCodeRun, isRunFinished, startCodeRun, type CodeRun } from '../code-run-api';

/** How often a queued run is polled. */
export const RUN_POLL_MS = 500;

export interface CodeRunPanelProps {
  attemptId: number;
  questionId: number;
  language: string;
  code: string;
  disabled?: boolean;
}

/** 运行示例: runs the candidate's code against the question's sample cases and shows each outcome. */
export function CodeRunPanel({
  attemptId,
  questionId,
  language,
  code,
  disabled,
}: CodeRunPanelProps): ReactNode {
  const [run, setRun] = useState<CodeRun | null>(null);
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const poll = (jobId: number) => {
    timer.current = window.setTimeout(() => {
      fetchCodeRun(jobId)
        .then((next) => {
          setRun(next);
          if (!isRunFinished(next)) poll(jobId);
        })
        .catch(() => setFailed('获取运行结果失败，请重试'));
    }, RUN_POLL_MS);
  };

  const start = async () => {
    window.clearTimeout(timer.current);
    setFailed(null);
    setStarting(true);
    try {
      const { jobId } = await startCodeRun(attemptId, { questionId, language, code });
      setRun({
        jobId,
        status: 'queued',
        statusLabel: '排队中',
        verdict: null,
        verdictLabel: '',
        passed: null,
        total: null,
        compileOutput: null,
        error: null,
        cases: [],
      });
      poll(jobId);
    } catch {
      // The request layer has shown the server's message (e.g. too many runs).
      setRun(null);
    } finally {
      setStarting(false);
    }
  };

  const running = starting || (run !== null && !isRunFinished(run));
  return (
    <div className="kp-m-run" data-testid="code-run">
      <Button onClick={start} loading={running} disabled={disabled || !code.trim()}>
        运行示例
      </Button>
      {run && !isRunFinished(run) ? (
        <Typography.Text type="secondary" className="kp-m-run__status">
          {run.statusLabel}…
        </Typography.Text>
      ) : null}
      {failed ? <Alert type="error" showIcon message={failed} /> : null}
      {run?.status === 'failed' ? (
        <Alert type="error" showIcon message="判题失败，请稍后重试" description={run.error ?? undefined} />
      ) : null}
      {run?.status === 'done' ? (
        <div className="kp-m-run__result" aria-live="polite">
          <Typography.Text strong>
            {run.verdictLabel}
            {run.total ? `（通过 ${run.passed ?? 0}/${run.total}）` : ''}
          </Typography.Text>
          {run.compileOutput ? <pre className="kp-m-run__output">{run.compileOutput}</pre> : null}
          {run.cases.map((item, index) => (
            <div key={index} className="kp-m-run__case">
              <div>
                样例 {index + 1}{' '}
                {item.verdict === 'accepted' ? (
                  <Tag color="success">通过</Tag>
                ) : (
                  <Tag color="error">未通过 · {item.verdictLabel}</Tag>
                )}
                <Typography.Text type="secondary">{item.timeMs} ms</Typography.Text>
              </div>
              <div>预期输出</div>
              <pre className="kp-m-run__output">{item.expected}</pre>
              <div>实际输出</div>
              <pre className="kp-m-run__output">{item.stdout || '（无）'}</pre>
              {item.stderr ? (
                <>
                  <div>错误信息</div>
                  <pre className="kp-m-run__output">{item.stderr}</pre>
                </>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
