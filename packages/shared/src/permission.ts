/**
 * Permission bit mask (spec §3, §6): permission index n sets bit (1 << n); indices run from 1 to 4.
 */

export const PERMISSION_INDICES = [1, 2, 3, 4] as const;
export type PermissionIndex = (typeof PERMISSION_INDICES)[number];

export interface Permission {
  readonly index: PermissionIndex;
  readonly label: string;
  /** Name of an @ant-design/icons component. */
  readonly icon: PermissionIconName;
}

export type PermissionIconName =
  'ReadOutlined' | 'DatabaseOutlined' | 'ApartmentOutlined' | 'FileDoneOutlined';

export const PERMISSIONS: readonly Permission[] = [
  { index: 1, label: '课程管理', icon: 'ReadOutlined' },
  { index: 2, label: '题库管理', icon: 'DatabaseOutlined' },
  { index: 3, label: '组织架构管理', icon: 'ApartmentOutlined' },
  { index: 4, label: '考试管理', icon: 'FileDoneOutlined' },
];

export function isPermissionIndex(value: unknown): value is PermissionIndex {
  return typeof value === 'number' && (PERMISSION_INDICES as readonly number[]).includes(value);
}

function isValidMask(mask: number): boolean {
  return Number.isSafeInteger(mask) && mask >= 0;
}

/** ORs the bits of the given indices; duplicates are harmless, an index outside 1..4 is rejected. */
export function permissionMaskFromIndices(indices: readonly number[]): number {
  let mask = 0;
  for (const index of indices) {
    if (!isPermissionIndex(index)) {
      throw new Error(`权限编号必须是 1 到 4 之间的整数，收到：${String(index)}`);
    }
    mask |= 1 << index;
  }
  return mask;
}

/** The known permission indices set in a mask, ascending; unknown bits are ignored. */
export function permissionIndicesFromMask(mask: number): PermissionIndex[] {
  if (!isValidMask(mask)) {
    throw new Error(`权限值必须是非负整数，收到：${String(mask)}`);
  }
  return PERMISSION_INDICES.filter((index) => hasPermission(mask, index));
}

/** The permission entries (index, label, icon) set in a mask, ascending by index. */
export function permissionsFromMask(mask: number): Permission[] {
  const indices = permissionIndicesFromMask(mask);
  return PERMISSIONS.filter((permission) => indices.includes(permission.index));
}

/** Whether the mask grants the permission; false for an invalid mask or index. */
export function hasPermission(mask: number, index: number): boolean {
  if (!isValidMask(mask) || !isPermissionIndex(index)) {
    return false;
  }
  // Arithmetic rather than `&` so masks above 2^31 are read correctly too.
  return Math.floor(mask / 2 ** index) % 2 === 1;
}

/** Icon component name of a permission index; undefined for an unknown index. */
export function permissionIcon(index: number): PermissionIconName | undefined {
  return PERMISSIONS.find((permission) => permission.index === index)?.icon;
}

/** Label of a permission index; '' for an unknown index. */
export function permissionLabel(index: number): string {
  return PERMISSIONS.find((permission) => permission.index === index)?.label ?? '';
}

/** The console's address: every member's home page. */
export const CONSOLE_URL = '/manage/console';

/**
 * Whether a person sees the organisation's figures and everyone's activity on the console: an
 * administrator, or anyone whose roles open a page beyond the console (they manage something). The
 * others — staff who only take exams and courses — see their own home (their exams, results, activity).
 */
export function seesOrganisationFigures(isAdmin: boolean, menuUrls: Iterable<string>): boolean {
  if (isAdmin) return true;
  for (const url of menuUrls) if (url !== CONSOLE_URL) return true;
  return false;
}
