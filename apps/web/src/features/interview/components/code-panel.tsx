import { useEffect, useState, type ReactNode } from 'react';
import { Button, Input, Select, Space, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { CODE_LANGUAGES, isCodeLanguage, type CodeLanguage } from '@kaopei/shared';
import { fetchRun, startRun, type CodeRunView } from '../api';
import { CollabPad } from './collab-pad';
import type { CodeSync } from './code-sync';

const POLL_MS = 1000;

function useSharedLanguage(sync: CodeSync): [CodeLanguage, (language: CodeLanguage) => void] {
  const read = () => {
    const value = sync.meta.get('language');
    return isCodeLanguage(value) ? value : 'python';
  };
  const [language, setLanguage] = useState<CodeLanguage>(read);
  useEffect(() => {
    const observe = () => setLanguage(read());
    sync.meta.observe(observe);
    return () => sync.meta.unobserve(observe);
    // read() only reads sync.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sync]);
  return [language, (next) => sync.meta.set('language', next)];
}

async function pollRun(ticket: string, id: number, onView: (view: CodeRunView) => void): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    const view = await fetchRun(ticket, id);
    onView(view);
    if (view.status === 'done' || view.status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function RunOutput({ run }: { run: CodeRunView | null }): ReactNode {
  if (!run)
    return (
      <Typography.Text type="secondary">点击“运行”用判题服务执行代码，双方都能看到输出。</Typography.Text>
    );
  const text = [run.compileOutput, run.stdout, run.stderr, run.error].filter(Boolean).join('\n');
  return (
    <div>
      <Typography.Text strong data-testid="run-status">
        {run.status === 'done' ? run.verdictLabel || run.statusLabel : run.statusLabel}
        {run.timeMs !== null ? `（${run.timeMs} ms）` : ''}
      </Typography.Text>
      <pre className="kp-interview-output" data-testid="run-output">
        {text}
      </pre>
    </div>
  );
}

/** The shared code pad with its language, the program's input and the judge's output. */
export function CodePanel({
  ticket,
  sync,
  lastRun,
  onRun,
}: {
  ticket: string;
  sync: CodeSync;
  lastRun: CodeRunView | null;
  onRun: (view: CodeRunView) => void;
}): ReactNode {
  const [language, setLanguage] = useSharedLanguage(sync);
  const [stdin, setStdin] = useState('');
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const { id } = await startRun({ ticket, language, code: sync.text.toString(), stdin });
      await pollRun(ticket, id, onRun);
    } catch {
      // The error was shown by the API client.
    } finally {
      setRunning(false);
    }
  };

  return (
    <section className="kp-interview-code" aria-label="代码板">
      <Space wrap style={{ marginBottom: 8 }}>
        <label htmlFor="kp-interview-language">语言</label>
        <Select
          id="kp-interview-language"
          value={language}
          onChange={setLanguage}
          style={{ width: 140 }}
          options={CODE_LANGUAGES.map((l) => ({ value: l.id, label: l.label }))}
        />
        <Button type="primary" icon={<PlayCircleOutlined />} loading={running} onClick={() => void run()}>
          运行
        </Button>
      </Space>
      <CollabPad text={sync.text} language={language} height={280} />
      <label htmlFor="kp-interview-stdin" className="kp-interview-label">
        程序输入（stdin）
      </label>
      <Input.TextArea
        id="kp-interview-stdin"
        rows={2}
        value={stdin}
        onChange={(e) => setStdin(e.target.value)}
      />
      <div className="kp-interview-run">
        <RunOutput run={lastRun} />
      </div>
    </section>
  );
}
