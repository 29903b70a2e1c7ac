import {
  statisticContracts as statistics,
  type ActivityEntry,
  type ConsoleStats,
  type StaffSum,
} from '@kaopei/shared/contracts/statistic';
import { call } from '../../lib/api';

/** The console's figures (contracts: packages/shared/src/contracts/statistic.ts). */

export type { ConsoleStats, StaffSum };
export type ConsoleActivity = ActivityEntry;

export const consoleKeys = {
  stats: ['console', 'stats'] as const,
  staffSum: ['console', 'staff-sum'] as const,
};

export function fetchConsoleStats(): Promise<ConsoleStats> {
  return call(statistics.console);
}

export function fetchStaffSum(): Promise<StaffSum> {
  return call(statistics.staffSum);
}

/** Epoch milliseconds of an activity time, or null when it cannot be read. */
export function activityTime(value: string | number): number | null {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** Chinese names of the activity codes the server records; unknown codes are shown as they are. */
const ACTIVITY_LABELS: Readonly<Record<string, string>> = {
  login: '登录',
  logout: '退出',
  setup: '初始化',
  create: '新建',
  update: '修改',
  delete: '删除',
  import: '导入',
  export: '导出',
  publish: '发布',
  message: '消息',
};

export function activityLabel(action: string): string {
  return ACTIVITY_LABELS[action] ?? action;
}
