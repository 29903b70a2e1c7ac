import { get } from '../../lib/http';

export interface ConsoleActivity {
  id: number | string;
  action: string;
  actorName?: string | null;
  detail?: string | null;
  /** ISO date-time or epoch milliseconds. */
  createdAt: string | number;
}

/** `GET /user/api/v1/statistic/console`. */
export interface ConsoleStats {
  staffCount: number;
  departmentCount: number;
  questionBankCount: number;
  paperCount: number;
  examCount: number;
  recentActivity: ConsoleActivity[];
}

/** `GET /user/api/v1/statistic/staff/sum`. */
export interface StaffSum {
  total: number;
  active: number;
  left: number;
}

export const consoleKeys = {
  stats: ['console', 'stats'] as const,
  staffSum: ['console', 'staff-sum'] as const,
};

export function fetchConsoleStats(): Promise<ConsoleStats> {
  return get<ConsoleStats>('/user/api/v1/statistic/console');
}

export function fetchStaffSum(): Promise<StaffSum> {
  return get<StaffSum>('/user/api/v1/statistic/staff/sum');
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
