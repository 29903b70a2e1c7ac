import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_RULES, formatBytes, type UploadPurpose } from '@kaopei/shared';
import type { UploadedFile } from '@kaopei/shared/contracts/course-content';
import { ResumableUpload, UploadCancelled, type UploadProgress } from '../../lib/resumable-upload';
import { courseUploadTransport } from './upload-transport';

type Phase = 'idle' | 'uploading' | 'failed' | 'done';

/**
 * Picks a file and uploads it in resumable chunks with a progress bar (percentage, speed), 继续上传 after
 * a failure (from where the server stands) and 取消. Calls `onUploaded` with the stored file.
 */
export function ResumableUploadField({
  purpose,
  label,
  onUploaded,
  uploaded,
}: {
  purpose: UploadPurpose;
  /** The picker button's text (e.g. 选择视频). */
  label: string;
  onUploaded: (file: UploadedFile) => void;
  /** The file already chosen (shown by name). */
  uploaded?: { name: string; size?: number | null } | null;
}): ReactNode {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const job = useRef<ResumableUpload | null>(null);
  const rule = UPLOAD_RULES[purpose];

  useEffect(() => () => void job.current?.cancel(), []);

  const run = async (picked: File) => {
    setError(null);
    setPhase('uploading');
    const upload = new ResumableUpload(picked, purpose, courseUploadTransport, { onProgress: setProgress });
    job.current = upload;
    try {
      const stored = await upload.run();
      setPhase('done');
      onUploaded(stored);
    } catch (e) {
      if (e instanceof UploadCancelled) return;
      setPhase('failed');
      setError(e instanceof Error ? e.message : '上传失败');
    }
  };

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    setProgress(null);
    void run(picked);
  };

  const cancel = async () => {
    await job.current?.cancel();
    job.current = null;
    setPhase('idle');
    setProgress(null);
    if (input.current) input.current.value = '';
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={rule.extensions.join(',')}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
          aria-label={label}
          onChange={(event) => pick(event.target.files?.[0])}
          disabled={phase === 'uploading'}
          data-testid={`upload-input-${purpose}`}
        />
        <Button
          icon={<UploadOutlined />}
          disabled={phase === 'uploading'}
          onClick={() => input.current?.click()}
          aria-controls={inputId}
        >
          {label}
        </Button>
        <Typography.Text type="secondary">
          支持 {rule.extensions.join('、')}，不超过 {formatBytes(rule.maxBytes)}
        </Typography.Text>
      </Space>
      {file || uploaded ? (
        <Typography.Text>
          {(file ?? uploaded)!.name}
          {file ? `（${formatBytes(file.size)}）` : uploaded?.size ? `（${formatBytes(uploaded.size)}）` : ''}
        </Typography.Text>
      ) : null}
      {progress && phase !== 'idle' ? (
        <div>
          <Progress
            percent={progress.percent}
            status={phase === 'failed' ? 'exception' : phase === 'done' ? 'success' : 'active'}
            aria-label="上传进度"
          />
          <Typography.Text type="secondary" aria-live="polite">
            {formatBytes(progress.loaded)} / {formatBytes(progress.total)}
            {phase === 'uploading' && progress.bytesPerSecond > 0
              ? `，${formatBytes(Math.round(progress.bytesPerSecond))}/秒`
              : ''}
            {phase === 'done' ? '，上传完成' : ''}
          </Typography.Text>
        </div>
      ) : null}
      {phase === 'failed' && error ? <Alert type="error" showIcon message={error} /> : null}
      <Space>
        {phase === 'failed' && file ? (
          <Button onClick={() => void run(file)} type="primary" ghost>
            继续上传
          </Button>
        ) : null}
        {phase === 'uploading' || phase === 'failed' ? (
          <Button onClick={() => void cancel()}>取消上传</Button>
        ) : null}
      </Space>
    </Space>
  );
}
