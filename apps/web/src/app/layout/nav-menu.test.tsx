import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../lib/storage';
import { DISABLED_ENTRY_TITLE, NavMenu } from './nav-menu';

const menu: MenuNode[] = [
  { id: 1, name: '控制台', url: '/manage/console' },
  {
    id: 2,
    name: '系统管理',
    children: [
      { id: 21, name: '员工管理', url: '/manage/system/staff' },
      { id: 22, name: '日志管理', url: '/manage/system/log-not-built' },
    ],
  },
  {
    id: 3,
    name: '岗位管理',
    children: [
      { id: 31, name: '岗位列表', url: '/manage/post/not-built' },
      {
        id: 32,
        name: '岗位画像',
        children: [{ id: 321, name: '画像设置', url: '/manage/post/profile-not-built' }],
      },
    ],
  },
];

function renderMenu() {
  const router = createMemoryRouter(
    [{ path: '*', element: <NavMenu menu={menu} mode={null} />, handle: { title: '控制台' } }],
    { initialEntries: ['/manage/console'] },
  );
  return render(<RouterProvider router={router} />);
}

/** The top-level entry (menu item or submenu) whose text is `name`. */
function topEntry(name: string): HTMLElement {
  const entry = screen.getByText(name).closest<HTMLElement>('.ant-menu-submenu, .ant-menu-item');
  if (!entry) throw new Error(`no menu entry ${name}`);
  return entry;
}

describe('NavMenu groups', () => {
  it('shows a group whose pages are all unbuilt as disabled, with the hint', () => {
    renderMenu();
    const unbuilt = topEntry('岗位管理');
    expect(unbuilt).toHaveClass('ant-menu-submenu-disabled');
    expect(unbuilt.querySelector('.ant-menu-submenu-title')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('岗位管理').closest('[title]')).toHaveAttribute('title', DISABLED_ENTRY_TITLE);
  });

  it('keeps a group with at least one built page enabled', () => {
    renderMenu();
    const group = topEntry('系统管理');
    expect(group).not.toHaveClass('ant-menu-submenu-disabled');
    expect(group.querySelector('.ant-menu-submenu-title')).not.toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('系统管理').closest('[title]')).toBeNull();
  });
});
