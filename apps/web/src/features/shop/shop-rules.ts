import { learnPaths } from '@kaopei/shared/contracts/learn';
import {
  fenToYuan,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type ProductKind,
} from '@kaopei/shared/contracts/shop';

/** Where a bought item opens on the phone: the course, the exam, or the task in 我的任务. */
export function itemLink(kind: ProductKind, refId: number): string {
  if (kind === 'course') return learnPaths.course(refId);
  return kind === 'exam' ? `/m/exams/${refId}` : `/m/tasks/${refId}`;
}

/** ¥19.90 */
export function priceText(fen: number): string {
  return `¥${fenToYuan(fen)}`;
}

/** 永久有效 / 购买后 30 天有效 */
export function validityText(days: number | null): string {
  return days === null ? '永久有效' : `购买后 ${days} 天有效`;
}

/** China time as people read it: 2026-11-25 19:05. */
export function timeText(ms: number | null): string {
  return ms === null ? '—' : new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The status as a word (never a colour alone). */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'gold',
  paid: 'green',
  refunded: 'default',
  closed: 'default',
};
export const statusText = (status: OrderStatus): string => ORDER_STATUS_LABELS[status];

/** 有效期至 2026-12-29 19:05 / 永久有效, for an owned product. */
export function ownedText(until: number | null): string {
  return until === null ? '已购买 · 永久有效' : `已购买 · 有效期至 ${timeText(until)}`;
}
