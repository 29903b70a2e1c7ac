import { MODE_GROUPS, type Mode } from '@kaopei/shared';
import type { MenuNode } from '../../lib/storage';

/**
 * Pure menu rules: the server's menu tree (permission-driven, spec §6) becomes the navigation of one
 * function mode. Kept free of React so the guard and tests can use it.
 */

/** Canonical form of a menu or route URL: leading '/', no trailing '/', no query or fragment. */
export function normalizeMenuUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  let path = url.trim();
  if (path === '') return null;
  // Absolute URLs (legacy data) only contribute their path.
  path = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  // Legacy hash-mode entries such as '#/manage/console'.
  path = path.replace(/^#/, '');
  path = path.split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path;
}

/** Every node of the tree, depth first, in server order. */
export function flattenMenu(tree: readonly MenuNode[] | null | undefined): MenuNode[] {
  const out: MenuNode[] = [];
  const visit = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      out.push(node);
      if (node.children?.length) visit(node.children);
    }
  };
  visit(tree ?? []);
  return out;
}

/** Normalised URLs of every node that has one. */
export function flattenMenuUrls(tree: readonly MenuNode[] | null | undefined): string[] {
  const urls: string[] = [];
  for (const node of flattenMenu(tree)) {
    const url = normalizeMenuUrl(node.url);
    if (url) urls.push(url);
  }
  return urls;
}

export function flattenMenuNames(tree: readonly MenuNode[] | null | undefined): string[] {
  return flattenMenu(tree).map((node) => node.name);
}

/**
 * The top-level groups shown in a mode: those named in MODE_GROUPS[mode], in server order.
 * A null mode (no mode switch for this user or edition) keeps the whole tree.
 */
export function menuForMode(tree: readonly MenuNode[] | null | undefined, mode: Mode | null): MenuNode[] {
  if (mode === null) return [...(tree ?? [])];
  const groups = MODE_GROUPS[mode];
  return (tree ?? []).filter((node) => groups.includes(node.name.trim()));
}

/** One navigation entry: a link when its page exists in this build, otherwise shown disabled. */
export interface NavEntry {
  key: string;
  label: string;
  icon: string | null;
  url: string | null;
  /** False when the page is not built in this version ('该功能暂未开通'). */
  enabled: boolean;
  children: NavEntry[];
}

export function buildNavEntries(
  nodes: readonly MenuNode[],
  isRoutable: (url: string) => boolean,
  parentKey = 'menu',
): NavEntry[] {
  return nodes.map((node, index) => {
    const key = `${parentKey}-${String(node.id ?? index)}`;
    const url = normalizeMenuUrl(node.url);
    const children = node.children?.length ? buildNavEntries(node.children, isRoutable, key) : [];
    const enabled =
      children.length > 0 ? children.some((child) => child.enabled) : url !== null && isRoutable(url);
    return { key, label: node.name, icon: node.icon ?? null, url, enabled, children };
  });
}

/** First URL, depth first, whose page exists in this build. */
export function firstRoutableUrl(
  tree: readonly MenuNode[] | null | undefined,
  isRoutable: (url: string) => boolean,
): string | null {
  for (const url of flattenMenuUrls(tree)) {
    if (isRoutable(url)) return url;
  }
  return null;
}

/** Key of the leaf entry for a URL, plus the keys of its ancestors (to highlight the open path). */
export function findEntryPath(entries: readonly NavEntry[], url: string | null): string[] {
  if (!url) return [];
  for (const entry of entries) {
    if (entry.children.length === 0) {
      if (entry.url === url) return [entry.key];
    } else {
      const inner = findEntryPath(entry.children, url);
      if (inner.length > 0) return [entry.key, ...inner];
    }
  }
  return [];
}
