import { describe, expect, it } from 'vitest';
import {
  CONSOLE_URL,
  PERMISSIONS,
  hasPermission,
  permissionIcon,
  permissionIndicesFromMask,
  permissionLabel,
  permissionMaskFromIndices,
  permissionsFromMask,
  seesOrganisationFigures,
} from './permission';

describe('PERMISSIONS', () => {
  it('lists indices 1..4 with labels and distinct icons', () => {
    expect(PERMISSIONS.map((p) => [p.index, p.label])).toEqual([
      [1, '课程管理'],
      [2, '题库管理'],
      [3, '组织架构管理'],
      [4, '考试管理'],
    ]);
    expect(new Set(PERMISSIONS.map((p) => p.icon)).size).toBe(4);
    for (const permission of PERMISSIONS) {
      expect(permission.icon).toMatch(/^[A-Z][A-Za-z]+Outlined$/);
    }
  });
});

describe('permissionMaskFromIndices', () => {
  it('sets bit 1 << n for each index', () => {
    expect(permissionMaskFromIndices([])).toBe(0);
    expect(permissionMaskFromIndices([1])).toBe(2);
    expect(permissionMaskFromIndices([2])).toBe(4);
    expect(permissionMaskFromIndices([3])).toBe(8);
    expect(permissionMaskFromIndices([4])).toBe(16);
    expect(permissionMaskFromIndices([1, 2, 3, 4])).toBe(30);
  });

  it('ignores order and duplicates', () => {
    expect(permissionMaskFromIndices([4, 1, 4, 1])).toBe(18);
  });

  it.each([0, 5, -1, 1.5, Number.NaN])('rejects index %s', (index) => {
    expect(() => permissionMaskFromIndices([1, index])).toThrow(/权限编号/);
  });
});

describe('permissionIndicesFromMask', () => {
  it('returns sorted indices', () => {
    expect(permissionIndicesFromMask(0)).toEqual([]);
    expect(permissionIndicesFromMask(18)).toEqual([1, 4]);
    expect(permissionIndicesFromMask(30)).toEqual([1, 2, 3, 4]);
  });

  it('ignores bits that are not permissions', () => {
    expect(permissionIndicesFromMask(1)).toEqual([]);
    expect(permissionIndicesFromMask(1 + 4 + 32 + 2 ** 40)).toEqual([2]);
  });

  it.each([-2, 2.5, Number.NaN])('rejects invalid mask %s', (mask) => {
    expect(() => permissionIndicesFromMask(mask)).toThrow(/权限值/);
  });

  it('round-trips every subset of indices', () => {
    for (let subset = 0; subset < 16; subset++) {
      const indices = [1, 2, 3, 4].filter((_, bit) => (subset >> bit) & 1);
      const mask = permissionMaskFromIndices(indices);
      expect(permissionIndicesFromMask(mask)).toEqual(indices);
      expect(permissionMaskFromIndices(permissionIndicesFromMask(mask))).toBe(mask);
    }
  });
});

describe('mask ↔ indices ↔ icon', () => {
  it('maps each index in a mask to its icon and label', () => {
    const mask = permissionMaskFromIndices([2, 3]);
    expect(permissionIndicesFromMask(mask).map(permissionIcon)).toEqual([
      'DatabaseOutlined',
      'ApartmentOutlined',
    ]);
    expect(permissionIndicesFromMask(mask).map(permissionLabel)).toEqual(['题库管理', '组织架构管理']);
    expect(permissionsFromMask(mask)).toEqual([PERMISSIONS[1], PERMISSIONS[2]]);
  });

  it('has an icon and label for every index and none for others', () => {
    expect([1, 2, 3, 4].map(permissionIcon)).toEqual([
      'ReadOutlined',
      'DatabaseOutlined',
      'ApartmentOutlined',
      'FileDoneOutlined',
    ]);
    expect(permissionIcon(0)).toBeUndefined();
    expect(permissionIcon(5)).toBeUndefined();
    expect(permissionLabel(5)).toBe('');
  });
});

describe('hasPermission', () => {
  it('tests a single bit', () => {
    const mask = permissionMaskFromIndices([1, 4]);
    expect(hasPermission(mask, 1)).toBe(true);
    expect(hasPermission(mask, 2)).toBe(false);
    expect(hasPermission(mask, 3)).toBe(false);
    expect(hasPermission(mask, 4)).toBe(true);
  });

  it('is false for unknown indices and invalid masks', () => {
    expect(hasPermission(1, 0)).toBe(false);
    expect(hasPermission(32, 5)).toBe(false);
    expect(hasPermission(-1, 1)).toBe(false);
    expect(hasPermission(2.5, 1)).toBe(false);
  });

  it('reads masks above 2^31', () => {
    expect(hasPermission(2 ** 31 + 16, 4)).toBe(true);
  });
});

describe('seesOrganisationFigures', () => {
  it('is true for administrators whatever their menus', () => {
    expect(seesOrganisationFigures(true, [])).toBe(true);
  });
  it('is false for someone whose only page is the console', () => {
    expect(seesOrganisationFigures(false, [CONSOLE_URL])).toBe(false);
    expect(seesOrganisationFigures(false, [])).toBe(false);
  });
  it('is true as soon as a role opens another page', () => {
    expect(seesOrganisationFigures(false, new Set([CONSOLE_URL, '/manage/exam/list']))).toBe(true);
  });
});
