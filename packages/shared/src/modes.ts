/** The three function modes of the top bar and their menu groups (spec §1, §6). */

export type Mode = 'evaluation' | 'study' | 'recruit';

export const MODES: readonly { readonly key: Mode; readonly label: string }[] = [
  { key: 'evaluation', label: '人才测评' },
  { key: 'study', label: '任务学习' },
  { key: 'recruit', label: '招聘管理' },
];

export const DEFAULT_MODE: Mode = 'evaluation';

/** Top-level menu groups shown in each mode, in menu order. */
export const MODE_GROUPS: Readonly<Record<Mode, readonly string[]>> = {
  evaluation: ['控制台', '考试管理', '岗位管理', '试卷管理', '题库管理', '知识图谱', '数据分析', '系统管理'],
  study: ['学习管理', '岗位管理', '知识图谱', '运营管理', '数据分析', '系统管理'],
  recruit: ['招聘管理', '系统管理'],
};

export function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && MODES.some((mode) => mode.key === value);
}

/** Label of a mode; '' for an unknown key. */
export function modeLabel(mode: string): string {
  return MODES.find((entry) => entry.key === mode)?.label ?? '';
}

/** Whether a top-level menu group (by exact name) belongs to the given mode. */
export function isMenuInMode(mode: Mode, menuName: string): boolean {
  return MODE_GROUPS[mode].includes(menuName.trim());
}

/** Menu names that unlock the mode switch for non-admins. */
const MODE_SWITCH_MENU_KEYWORDS: readonly string[] = ['学习管理', '招聘管理'];

/** The mode switch shows for admins, or when some menu name contains 学习管理 or 招聘管理. */
export function canSwitchMode(isAdmin: boolean, menuNames: readonly string[]): boolean {
  return (
    isAdmin || menuNames.some((name) => MODE_SWITCH_MENU_KEYWORDS.some((keyword) => name.includes(keyword)))
  );
}
