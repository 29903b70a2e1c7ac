import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../lib/storage';
import {
  buildNavEntries,
  findEntryPath,
  firstRoutableUrl,
  flattenMenuNames,
  flattenMenuUrls,
  menuForMode,
  normalizeMenuUrl,
} from './menu-model';

const tree: MenuNode[] = [
  { id: 1, name: '控制台', url: '/manage/console' },
  {
    id: 2,
    name: '考试管理',
    children: [
      { id: 21, name: '考试列表', url: '/manage/exam/list' },
      { id: 22, name: '阅卷', url: '/manage/exam/check' },
    ],
  },
  { id: 3, name: '学习管理', children: [{ id: 31, name: '学习任务', url: '/manage/study/task' }] },
  {
    id: 4,
    name: '系统管理',
    children: [
      {
        id: 41,
        name: '组织架构',
        children: [{ id: 411, name: '员工管理', url: '/manage/system/staff' }],
      },
      { id: 42, name: '权限管理', url: '/manage/system/permission' },
    ],
  },
  { id: 5, name: '招聘管理', children: [{ id: 51, name: '职位', url: '/manage/recruitment/job' }] },
  { id: 6, name: '运营管理', children: [{ id: 61, name: '商品', url: '/manage/operation/product' }] },
];

const built = new Set(['/manage/console', '/manage/system/staff']);
const isRoutable = (url: string) => built.has(url);

describe('menu filtering per mode', () => {
  it('shows the evaluation groups in server order', () => {
    expect(menuForMode(tree, 'evaluation').map((n) => n.name)).toEqual(['控制台', '考试管理', '系统管理']);
  });

  it('shows the study groups', () => {
    expect(menuForMode(tree, 'study').map((n) => n.name)).toEqual(['学习管理', '系统管理', '运营管理']);
  });

  it('shows the recruitment groups', () => {
    expect(menuForMode(tree, 'recruit').map((n) => n.name)).toEqual(['系统管理', '招聘管理']);
  });

  it('keeps the whole tree when there is no mode switch', () => {
    expect(menuForMode(tree, null)).toHaveLength(tree.length);
  });

  it('copes with no menu', () => {
    expect(menuForMode(null, 'evaluation')).toEqual([]);
  });
});

describe('navigation entries', () => {
  const entries = buildNavEntries(menuForMode(tree, 'evaluation'), isRoutable);

  it('links built pages and disables the others', () => {
    const [console, exams, system] = entries;
    expect(console).toMatchObject({ label: '控制台', url: '/manage/console', enabled: true, children: [] });
    expect(exams?.enabled).toBe(false);
    expect(exams?.children.map((c) => c.enabled)).toEqual([false, false]);
    expect(system?.enabled).toBe(true);
    expect(system?.children[0]?.children[0]).toMatchObject({ label: '员工管理', enabled: true });
    expect(system?.children[1]).toMatchObject({ label: '权限管理', enabled: false });
  });

  it('finds the selected entry and its ancestors (three levels)', () => {
    const path = findEntryPath(entries, '/manage/system/staff');
    expect(path).toHaveLength(3);
    expect(path[0]).toBe(entries[2]?.key);
  });

  it('picks the first built page', () => {
    expect(firstRoutableUrl(tree, isRoutable)).toBe('/manage/console');
    expect(firstRoutableUrl(menuForMode(tree, 'recruit'), isRoutable)).toBe('/manage/system/staff');
    expect(firstRoutableUrl(menuForMode(tree, 'study'), () => false)).toBeNull();
  });
});

describe('flattening', () => {
  it('collects every URL and name depth first', () => {
    expect(flattenMenuUrls(tree)).toContain('/manage/system/staff');
    expect(flattenMenuUrls(tree)[0]).toBe('/manage/console');
    expect(flattenMenuNames(tree)).toContain('招聘管理');
  });

  it('normalises URLs', () => {
    expect(normalizeMenuUrl('manage/console/')).toBe('/manage/console');
    expect(normalizeMenuUrl('#/manage/console')).toBe('/manage/console');
    expect(normalizeMenuUrl('https://old.example.com/manage/console?x=1')).toBe('/manage/console');
    expect(normalizeMenuUrl('')).toBeNull();
    expect(normalizeMenuUrl(null)).toBeNull();
  });
});
