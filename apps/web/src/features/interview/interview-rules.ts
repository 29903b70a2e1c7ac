import dayjs from 'dayjs';

const CONNECTION_LABELS: Record<RTCPeerConnectionState, string> = {
  new: '等待连接',
  connecting: '连接中',
  connected: '已连接',
  disconnected: '连接中断',
  failed: '连接失败',
  closed: '已断开',
};

/** RTCPeerConnection's state in words (never by colour alone). */
export function connectionLabel(state: RTCPeerConnectionState): string {
  return CONNECTION_LABELS[state] ?? state;
}

/** 2026-11-29 14:00–15:00 (or the end's date when the interview runs past midnight). */
export function timeRange(startAt: number, endAt: number): string {
  const start = dayjs(startAt);
  const end = dayjs(endAt);
  return `${start.format('YYYY-MM-DD HH:mm')}–${end.format(end.isSame(start, 'day') ? 'HH:mm' : 'YYYY-MM-DD HH:mm')}`;
}

/** The invitation link as the applicant receives it. */
export function inviteUrl(origin: string, invitePath: string): string {
  return `${origin.replace(/\/$/, '')}${invitePath}`;
}

/** The recorder's file type: WebM with VP8/VP9 and Opus where the browser has it. */
export function recordingMime(isSupported: (type: string) => boolean): string {
  for (const type of ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'])
    if (isSupported(type)) return type;
  return '';
}
