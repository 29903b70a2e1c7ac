import { useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Space, Typography } from 'antd';
import { giveConsent, uploadRecording } from '../api';
import { recordingMime } from '../interview-rules';

/** The applicant is asked, in the room, whether the interview may be recorded. */
export function ConsentBanner({
  ticket,
  consentAt,
}: {
  ticket: string;
  consentAt: number | null;
}): ReactNode {
  const [busy, setBusy] = useState(false);
  if (consentAt)
    return <Alert type="info" showIcon title="您已同意录制本次面试，录像仅供本次招聘评估使用。" />;
  return (
    <Alert
      type="warning"
      showIcon
      title="面试官希望录制本次面试（音视频），录像仅供本次招聘评估使用。是否同意？"
      action={
        <Button
          size="small"
          type="primary"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void giveConsent(ticket)
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }}
        >
          同意录制
        </Button>
      }
    />
  );
}

/**
 * The interviewer records the applicant's audio and video (MediaRecorder) once they consented, and
 * uploads the file through the server's storage when recording stops.
 */
export function Recorder({
  ticket,
  consentAt,
  stream,
}: {
  ticket: string;
  consentAt: number | null;
  stream: MediaStream | null;
}): ReactNode {
  const { message } = App.useApp();
  const recorder = useRef<MediaRecorder | null>(null);
  const [recording, setRecording] = useState(false);
  const [uploading, setUploading] = useState(false);

  const start = () => {
    if (!stream || stream.getTracks().length === 0) return;
    const mimeType = recordingMime((type) => MediaRecorder.isTypeSupported(type));
    const chunks: Blob[] = [];
    const next = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      setUploading(true);
      void uploadRecording(ticket, new Blob(chunks, { type: next.mimeType || 'video/webm' }))
        .then(() => message.success('录像已上传，可在面试详情中回放'))
        .catch(() => undefined)
        .finally(() => setUploading(false));
    };
    next.start(1000);
    recorder.current = next;
    setRecording(true);
  };
  const stop = () => {
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
  };

  return (
    <Space>
      <Typography.Text>{consentAt ? '应聘者已同意录制' : '等待应聘者同意录制'}</Typography.Text>
      {recording ? (
        <Button danger onClick={stop}>
          停止录制并上传
        </Button>
      ) : (
        <Button disabled={!consentAt || !stream} loading={uploading} onClick={start}>
          开始录制
        </Button>
      )}
    </Space>
  );
}
