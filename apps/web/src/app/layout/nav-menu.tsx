import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FormOutlined,
  IdcardOutlined,
  NodeIndexOutlined,
  ProfileOutlined,
  ReadOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Mode } from '@kaopei/shared';
import type { MenuNode } from '../../lib/storage';
import { isRoutableUrl } from '../manage-routes';
import { deepestHandle } from '../route-handle';
import { buildNavEntries, findEntryPath, menuForMode, normalizeMenuUrl, type NavEntry } from './menu-model';

export const DISABLED_ENTRY_TITLE = '该功能暂未开通';

/** Icons for the top-level groups (the server's icon names belong to the old front end). */
const GROUP_ICONS: Readonly<Record<string, ReactNode>> = {
  控制台: <DashboardOutlined />,
  考试管理: <FormOutlined />,
  岗位管理: <SolutionOutlined />,
  试卷管理: <FileTextOutlined />,
  题库管理: <DatabaseOutlined />,
  知识图谱: <NodeIndexOutlined />,
  数据分析: <BarChartOutlined />,
  系统管理: <SettingOutlined />,
  学习管理: <ReadOutlined />,
  运营管理: <ShopOutlined />,
  招聘管理: <TeamOutlined />,
  心理测评: <BookOutlined />,
  组织架构: <ApartmentOutlined />,
};

/** The server's icon names (antd icon component names) that the menu knows how to draw. */
const SERVER_ICONS: Readonly<Record<string, ReactNode>> = {
  DashboardOutlined: <DashboardOutlined />,
  FileDoneOutlined: <FileDoneOutlined />,
  IdcardOutlined: <IdcardOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  ClusterOutlined: <ClusterOutlined />,
  ReadOutlined: <ReadOutlined />,
  ShopOutlined: <ShopOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  SolutionOutlined: <SolutionOutlined />,
  SettingOutlined: <SettingOutlined />,
  TeamOutlined: <TeamOutlined />,
};

function groupIcon(entry: NavEntry): ReactNode {
  return (entry.icon && SERVER_ICONS[entry.icon]) || GROUP_ICONS[entry.label] || <AppstoreOutlined />;
}

type MenuItem = Required<MenuProps>['items'][number];

function toMenuItems(entries: readonly NavEntry[], depth = 0): MenuItem[] {
  return entries.map((entry): MenuItem => {
    const icon = depth === 0 ? groupIcon(entry) : undefined;
    const disabledLabel = (
      <span title={DISABLED_ENTRY_TITLE} data-disabled-entry="true">
        {entry.label}
      </span>
    );
    if (entry.children.length > 0) {
      const children = toMenuItems(entry.children, depth + 1);
      // A group with nothing to open looks and behaves like a disabled entry: greyed, opens no popup.
      if (!entry.enabled) return { key: entry.key, icon, disabled: true, label: disabledLabel, children };
      return { key: entry.key, icon, label: entry.label, children };
    }
    if (entry.enabled && entry.url) {
      return { key: entry.key, icon, label: <Link to={entry.url}>{entry.label}</Link> };
    }
    return { key: entry.key, icon, disabled: true, label: disabledLabel };
  });
}

/** The horizontal, hover-opened navigation of the current mode, built from the server's menu. */
export function NavMenu({ menu, mode }: { menu: readonly MenuNode[]; mode: Mode | null }): ReactNode {
  const location = useLocation();
  const handle = deepestHandle(useMatches());
  const entries = useMemo(() => buildNavEntries(menuForMode(menu, mode), isRoutableUrl), [menu, mode]);
  const items = useMemo(() => toMenuItems(entries), [entries]);
  const activeUrl = normalizeMenuUrl(handle?.menuUrl) ?? normalizeMenuUrl(location.pathname);
  const selectedKeys = findEntryPath(entries, activeUrl);

  if (entries.length === 0) {
    return <div className="kp-nav__empty">当前模式下暂无可用菜单</div>;
  }
  return (
    <Menu
      mode="horizontal"
      triggerSubMenuAction="hover"
      items={items}
      selectedKeys={selectedKeys}
      className="kp-nav__menu"
      aria-label="主导航"
    />
  );
}
