import type { MonitorEvent, MonitorRow, MonitorUpdate } from './monitor-api';

/** Pure rules of the live-monitoring pages (kept apart from the components so they are unit-tested). */

/** Chinese labels of the attempt event kinds (docs/monitor-api.md). */
export const EVENT_LABELS: Record<string, string> = {
  start: '开始作答',
  submit: '交卷',
  auto_submit: '系统自动交卷',
  tab_switch: '切换页面',
  fullscreen_exit: '退出全屏',
  copy_blocked: '复制被阻止',
  paste_blocked: '粘贴被阻止',
  webcam_granted: '允许摄像头',
  webcam_denied: '拒绝摄像头',
  snapshot: '摄像头抓拍',
  warning: '监考警告',
  extend: '延长时间',
  force_submit: '强制交卷',
  online: '上线',
  offline: '离线',
};

/** Kinds an invigilator should notice (shown in red in the log). */
const ALERT_KINDS = new Set([
  'tab_switch',
  'fullscreen_exit',
  'copy_blocked',
  'paste_blocked',
  'webcam_denied',
]);

export function eventLabel(kind: string): string {
  return EVENT_LABELS[kind] ?? `其他事件（${kind}）`;
}

export function isAlertEvent(kind: string): boolean {
  return ALERT_KINDS.has(kind);
}

export const SUBMIT_REASON_LABELS: Record<string, string> = {
  manual: '考生交卷',
  timeout: '到时自动交卷',
  forced: '强制交卷',
  cheating: '切屏超限交卷',
};

export function submitReasonLabel(reason: string | null | undefined): string {
  if (!reason) return '-';
  return SUBMIT_REASON_LABELS[reason] ?? reason;
}

/** The log line of an event: its label and what its detail says (warning text, minutes, reason). */
export function eventText(event: Pick<MonitorEvent, 'kind' | 'detail'>): string {
  const label = eventLabel(event.kind);
  const detail = event.detail ?? {};
  switch (event.kind) {
    case 'warning':
      return typeof detail.message === 'string' ? `${label}：${detail.message}` : label;
    case 'extend':
      return typeof detail.minutes === 'number' ? `${label} ${detail.minutes} 分钟` : label;
    case 'auto_submit':
    case 'submit':
      return typeof detail.reason === 'string' ? `${label}（${submitReasonLabel(detail.reason)}）` : label;
    default:
      return label;
  }
}

/** Ready-made warnings for the warn dialog. */
export const WARNING_PRESETS: readonly string[] = [
  '请勿切换页面或离开考试界面，否则可能被判定为作弊。',
  '请保持面部在摄像头画面内。',
  '考试期间请勿与他人交流。',
  '请勿复制、粘贴或外传试题内容。',
  '请注意剩余时间，及时检查并交卷。',
];

export const WARNING_MAX_LENGTH = 200;

/** Times the candidate left the exam: tab switches plus full-screen exits. */
export function leaveCount(row: Pick<MonitorRow, 'tabSwitches' | 'fullscreenExits'>): number {
  return row.tabSwitches + row.fullscreenExits;
}

/** From this many leaves a row is highlighted even when the exam sets no limit. */
export const HIGH_LEAVES = 3;

/**
 * How alarming a leave count is: 'high' at the exam's limit (or HIGH_LEAVES when it has none), 'some'
 * for any leave, 'none' otherwise.
 */
export function leaveLevel(count: number, leaveLimit = 0): 'none' | 'some' | 'high' {
  if (count <= 0) return 'none';
  const high = leaveLimit > 0 ? Math.min(leaveLimit, HIGH_LEAVES) : HIGH_LEAVES;
  return count >= high ? 'high' : 'some';
}

/** Percent of the paper answered (0 without questions). */
export function progressPercent(row: Pick<MonitorRow, 'answered' | 'total'>): number {
  if (row.total <= 0) return 0;
  return Math.min(100, Math.round((row.answered / row.total) * 100));
}

/**
 * Merges a stream update into the rows of the page shown. The update names the attempt; a row without
 * that attempt but of the same candidate (they just started, or started again) takes it. `known` is false
 * when no row of this page is concerned (another page, or a filter that hides it); `fresh` when the row had
 * another attempt or none, so fields the update does not carry (progress, start) are stale. The caller
 * decides whether to refetch.
 */
export function mergeUpdate(
  rows: readonly MonitorRow[],
  update: MonitorUpdate,
): { rows: MonitorRow[]; known: boolean; fresh: boolean } {
  let index = rows.findIndex((row) => row.attemptId === update.attemptId);
  const fresh = index < 0;
  if (index < 0) index = rows.findIndex((row) => row.userId === update.userId);
  if (index < 0) return { rows: [...rows], known: false, fresh: false };
  const next = [...rows];
  const current = rows[index] as MonitorRow;
  const merged: MonitorRow = { ...current };
  for (const [key, value] of Object.entries(update) as [keyof MonitorRow, unknown][]) {
    if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
  }
  next[index] = merged;
  return { rows: next, known: true, fresh };
}

/** Whether an update may move the row out of (or into) a state filter: the page must be refetched. */
export function changesState(row: MonitorRow | undefined, update: MonitorUpdate): boolean {
  return update.state !== undefined && row?.state !== update.state;
}

/**
 * Server clock minus this browser's, estimated from a row the server answered with: the server computed
 * `remainingSeconds` from the same deadline at about `receivedAt`. null without an open attempt.
 */
export function offsetFromRow(
  row: Pick<MonitorRow, 'deadlineAt' | 'remainingSeconds'>,
  receivedAt: number,
): number | null {
  if (row.deadlineAt === null || row.remainingSeconds === null || row.remainingSeconds <= 0) return null;
  return row.deadlineAt - row.remainingSeconds * 1000 - receivedAt;
}

/** Milliseconds left of an open attempt, counted locally from its deadline (null when not answering). */
export function remainingOf(
  row: Pick<MonitorRow, 'state' | 'deadlineAt'>,
  offset: number,
  now: number,
): number | null {
  if (row.state !== 'in_progress' || row.deadlineAt === null) return null;
  return Math.max(0, row.deadlineAt - (now + offset));
}

/**
 * Calls `run` at most once per `wait` ms however often it is asked; a call asked for during the wait
 * happens at its end (so the last change is never lost).
 */
export function throttle(run: () => void, wait: number): { call: () => void; cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = Date.now();
    run();
  };
  return {
    call() {
      if (timer !== null) return;
      const due = last + wait - Date.now();
      if (due <= 0) fire();
      else timer = setTimeout(fire, due);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
