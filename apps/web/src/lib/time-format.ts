import dayjs from 'dayjs';

const DATE_TIME = 'YYYY-MM-DD HH:mm';

export function formatDateTime(ms: number | null): string {
  return ms === null ? '-' : dayjs(ms).format(DATE_TIME);
}

/** The exam's window: '2025-03-01 09:00 至 11:00' on one day, full dates otherwise. */
export function formatWindow(startAt: number | null, endAt: number | null): string {
  if (startAt === null && endAt === null) return '不限';
  if (startAt === null) return `${formatDateTime(endAt)} 前`;
  if (endAt === null) return `${formatDateTime(startAt)} 起`;
  const start = dayjs(startAt);
  const end = dayjs(endAt);
  return start.isSame(end, 'day')
    ? `${start.format(DATE_TIME)} 至 ${end.format('HH:mm')}`
    : `${start.format(DATE_TIME)} 至 ${end.format(DATE_TIME)}`;
}
