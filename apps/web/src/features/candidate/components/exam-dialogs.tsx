import type { ReactNode } from 'react';
import { Button, Modal, Spin } from 'antd';
import type { AttemptView } from '../api';
import type { SyncStatus } from '../answer-sync';
import type { ExamGuards } from '../use-exam-guards';
import type { FinishReason } from '../use-exam-session';

export function SubmitDialog({
  open,
  unanswered,
  flagged,
  submitting,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  unanswered: number;
  flagged: number;
  submitting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}): ReactNode {
  return (
    <Modal
      open={open}
      title="确认交卷"
      okText="确认交卷"
      cancelText="继续答题"
      confirmLoading={submitting}
      onOk={onConfirm}
      onCancel={onCancel}
      width={360}
      centered
    >
      <div data-testid="submit-summary">
        {unanswered > 0 ? (
          <p>
            还有 <strong>{unanswered}</strong> 道题未作答。
          </p>
        ) : (
          <p>所有题目都已作答。</p>
        )}
        {flagged > 0 ? (
          <p>
            有 <strong>{flagged}</strong> 道题标记了待检查。
          </p>
        ) : null}
        <p>交卷后不能再修改答案。</p>
      </div>
    </Modal>
  );
}

function FullscreenGate({ onEnter }: { onEnter: () => void }): ReactNode {
  return (
    <div className="kp-m-fullscreen-gate" role="dialog" aria-label="全屏作答">
      <p>本场考试要求全屏作答，退出全屏将被记录为离开考试页面。</p>
      <Button type="primary" size="large" onClick={onEnter}>
        进入全屏
      </Button>
    </div>
  );
}

function WebcamConsentDialog({
  open,
  intervalSeconds,
  onAccept,
  onDecline,
}: {
  open: boolean;
  intervalSeconds: number;
  onAccept: () => void;
  onDecline: () => void;
}): ReactNode {
  return (
    <Modal
      open={open}
      title="摄像头监考"
      okText="同意并开启"
      cancelText="不同意"
      closable={false}
      maskClosable={false}
      centered
      width={360}
      onOk={onAccept}
      onCancel={onDecline}
    >
      <p>本场考试需要开启摄像头，考试期间将每 {intervalSeconds} 秒抓拍一张照片供监考老师查看。</p>
      <p className="kp-m-muted">不同意也可以继续答题，监考老师会看到您未开启摄像头。</p>
    </Modal>
  );
}

/** A notice the candidate must acknowledge with its one button: no close, no mask or Esc dismissal. */
function BlockingNotice({
  open,
  title,
  action,
  onAction,
  children,
}: {
  open: boolean;
  title: string;
  action: string;
  onAction: () => void;
  children: ReactNode;
}): ReactNode {
  return (
    <Modal
      open={open}
      title={title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      centered
      width={340}
      footer={
        <Button type="primary" onClick={onAction}>
          {action}
        </Button>
      }
    >
      {children}
    </Modal>
  );
}

function InvigilatorWarningDialog({
  open,
  text,
  onAcknowledge,
}: {
  open: boolean;
  text: string | undefined;
  onAcknowledge: () => void;
}): ReactNode {
  return (
    <BlockingNotice open={open} title="监考老师提醒" action="我知道了" onAction={onAcknowledge}>
      <p className="kp-m-warning-text" role="alert">
        监考老师提醒：{text}
      </p>
    </BlockingNotice>
  );
}

function CheatingNoticeDialog({
  open,
  leaveLimit,
  onResult,
}: {
  open: boolean;
  leaveLimit: number;
  onResult: () => void;
}): ReactNode {
  return (
    <BlockingNotice open={open} title="已自动交卷" action="查看结果" onAction={onResult}>
      <p role="alert" data-testid="cheating-notice">
        您离开考试页面的次数超过了限制（{leaveLimit} 次），系统已自动交卷。
      </p>
    </BlockingNotice>
  );
}

/**
 * What the guards put in front of the question: the full-screen gate, the webcam consent, the
 * invigilators' warnings and the notice of an automatic submit for cheating.
 */
export function ExamGuardDialogs({
  guards: { answering, cheated, antiCheat, webcam, warning, acknowledge },
  settings,
  onResult,
}: {
  guards: ExamGuards;
  settings: AttemptView['antiCheat'];
  onResult: () => void;
}): ReactNode {
  return (
    <>
      {antiCheat.needsFullscreen && answering ? (
        <FullscreenGate onEnter={() => void antiCheat.enterFullscreen()} />
      ) : null}
      <WebcamConsentDialog
        open={webcam.state === 'asking' && answering}
        intervalSeconds={settings.snapshotIntervalSeconds}
        onAccept={() => void webcam.accept()}
        onDecline={webcam.decline}
      />
      <InvigilatorWarningDialog
        open={warning !== undefined && !cheated}
        text={warning?.message}
        onAcknowledge={acknowledge}
      />
      <CheatingNoticeDialog open={cheated} leaveLimit={settings.leaveLimit} onResult={onResult} />
    </>
  );
}

/** Time is up or the attempt was closed elsewhere: submitting, then the result. */
export function FinishingDialog({
  open,
  reason,
  saveStatus,
}: {
  open: boolean;
  reason: FinishReason;
  saveStatus: SyncStatus;
}): ReactNode {
  return (
    <Modal open={open} closable={false} footer={null} centered width={320} maskClosable={false}>
      <div className="kp-m-finishing" role="alert">
        <Spin />
        <p>{reason === 'timeup' ? '考试时间已到，正在交卷…' : '答卷已提交，正在打开成绩…'}</p>
        {saveStatus === 'offline' ? <p className="kp-m-muted">网络未连接，恢复后自动交卷。</p> : null}
      </div>
    </Modal>
  );
}
