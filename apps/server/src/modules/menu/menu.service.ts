import {
  hasPermission,
  MODE_GROUPS,
  MODES,
  permissionIndicesFromMask,
  permissionLabel,
  type Mode,
} from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { MENU_TREE, SENSITIVE_MENU_IDS, type MenuSeed } from './menu.data';
import type { FlatMenuEntry, GrantMenuNode, MenuNode, ModeMenuGroup } from '@kaopei/shared/contracts/menu';
import { findMenuIds, listMenus, listRoleGrantsOfUser, upsertMenu, type MenuRow } from './menu.repo';

export type { FlatMenuEntry, GrantMenuNode, MenuNode, ModeMenuGroup } from '@kaopei/shared/contracts/menu';

type FlatMenu = MenuRow;

function flatten(nodes: MenuSeed[], parentId: number | null, out: FlatMenu[] = []): FlatMenu[] {
  nodes.forEach((node, index) => {
    out.push({
      id: node.id,
      parentId,
      name: node.name,
      icon: node.icon ?? null,
      url: node.url ?? null,
      modes: node.modes?.join(',') ?? null,
      permissionIndex: node.permissionIndex ?? null,
      sort: index,
    });
    if (node.children) flatten(node.children, node.id, out);
  });
  return out;
}

/** Writes the menu tree of menu.data.ts into the database (reference data, on every start). */
export async function syncMenus(db: DbOrTx): Promise<void> {
  const rows = flatten(MENU_TREE, null);
  for (const row of rows) await upsertMenu(db, row);
}

/** What a caller's roles grant: menu ids directly, and permission bits granting whole groups. */
export interface Grants {
  all: boolean;
  menuIds: Set<number>;
  permission: number;
}

export class MenuService {
  private cache?: Promise<FlatMenu[]>;

  constructor(private readonly db: Db) {}

  private load(): Promise<FlatMenu[]> {
    this.cache ??= listMenus(this.db);
    return this.cache;
  }

  async grants(ctx: Pick<RequestContext, 'userId' | 'isAdmin'>): Promise<Grants> {
    if (ctx.isAdmin) return { all: true, menuIds: new Set(), permission: 0 };
    const rows = await listRoleGrantsOfUser(this.db, ctx.userId);
    const menuIds = new Set<number>();
    let permission = 0;
    for (const row of rows) {
      permission |= row.permission;
      if (row.menuId != null) menuIds.add(row.menuId);
    }
    return { all: false, menuIds, permission };
  }

  /** Ids of menu nodes the grants give access to: granted nodes and everything below them. */
  private async accessible(grants: Grants): Promise<Set<number>> {
    const all = await this.load();
    if (grants.all) return new Set(all.map((m) => m.id));
    const byId = new Map(all.map((m) => [m.id, m]));
    const isGranted = (m: FlatMenu) =>
      grants.menuIds.has(m.id) ||
      (m.permissionIndex != null && hasPermission(grants.permission, m.permissionIndex));
    const result = new Set<number>();
    for (const menu of all) {
      if (SENSITIVE_MENU_IDS.has(menu.id)) {
        if (grants.menuIds.has(menu.id)) result.add(menu.id);
        continue;
      }
      for (
        let node: FlatMenu | undefined = menu;
        node;
        node = node.parentId ? byId.get(node.parentId) : undefined
      ) {
        if (isGranted(node)) {
          result.add(menu.id);
          break;
        }
      }
    }
    return result;
  }

  async grantedUrls(ctx: Pick<RequestContext, 'userId' | 'isAdmin'>): Promise<Set<string>> {
    const all = await this.load();
    const ids = await this.accessible(await this.grants(ctx));
    return new Set(all.filter((m) => ids.has(m.id) && m.url).map((m) => m.url as string));
  }

  /** The tree the caller may see: accessible nodes plus the ancestors that hold them. */
  async treeFor(ctx: Pick<RequestContext, 'userId' | 'isAdmin'>): Promise<MenuNode[]> {
    const all = await this.load();
    const ids = await this.accessible(await this.grants(ctx));
    const byId = new Map(all.map((m) => [m.id, m]));
    const visible = new Set<number>();
    for (const id of ids) {
      for (
        let node = byId.get(id);
        node && !visible.has(node.id);
        node = node.parentId ? byId.get(node.parentId) : undefined
      ) {
        visible.add(node.id);
      }
    }
    const build = (parentId: number | null): MenuNode[] =>
      all
        .filter((m) => m.parentId === parentId && visible.has(m.id))
        .map((m) => ({
          id: m.id,
          name: m.name,
          icon: m.icon,
          url: m.url,
          modes: (m.modes ? m.modes.split(',') : []) as Mode[],
          children: build(m.id),
        }));
    return build(null);
  }

  /**
   * What of a grant (menu ids and permission bits) lies beyond the caller's own access, by name; empty
   * for admins. A permission bit is within access when every group it grants is accessible.
   */
  async beyondAccess(
    ctx: Pick<RequestContext, 'userId' | 'isAdmin'>,
    grant: { menuIds?: readonly number[]; permission?: number },
  ): Promise<string[]> {
    return (await this.accessCheck(ctx))(grant);
  }

  /**
   * `beyondAccess` for many grants at once: reads the caller's own access once and returns the check.
   * For whole people, pass what their roles grant together.
   */
  async accessCheck(
    ctx: Pick<RequestContext, 'userId' | 'isAdmin'>,
  ): Promise<(grant: { menuIds?: readonly number[]; permission?: number }) => string[]> {
    if (ctx.isAdmin) return () => [];
    const all = await this.load();
    const own = await this.accessible(await this.grants(ctx));
    return (grant) => {
      const names: string[] = [];
      for (const id of grant.menuIds ?? []) {
        const menu = all.find((m) => m.id === id);
        if (menu && !own.has(id)) names.push(menu.name);
      }
      for (const index of permissionIndicesFromMask(grant.permission ?? 0)) {
        const groups = all.filter((m) => m.permissionIndex === index);
        if (groups.some((m) => !own.has(m.id))) names.push(`${permissionLabel(index)}权限`);
      }
      return names;
    };
  }

  /** Menu ids in the tree, for validating role grants. */
  async existingIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await findMenuIds(this.db, ids);
    return rows.map((r) => r.id);
  }

  /** Every menu node in menu order (depth first), each with its parent id. */
  async flatList(): Promise<FlatMenuEntry[]> {
    const tree = await this.grantTree();
    const out: FlatMenuEntry[] = [];
    const visit = (nodes: GrantMenuNode[]) =>
      nodes.forEach(({ children, ...node }, index) => {
        out.push({ ...node, sort: index });
        visit(children);
      });
    visit(tree);
    return out;
  }

  /** The whole menu tree, for choosing what a role grants. */
  async grantTree(): Promise<GrantMenuNode[]> {
    const all = await this.load();
    const build = (parentId: number | null): GrantMenuNode[] =>
      all
        .filter((m) => m.parentId === parentId)
        .map((m) => ({
          id: m.id,
          parentId: m.parentId,
          name: m.name,
          icon: m.icon,
          url: m.url,
          modes: (m.modes ? m.modes.split(',') : []) as Mode[],
          permissionIndex: m.permissionIndex,
          children: build(m.id),
        }));
    return build(null);
  }

  /** The grant tree per mode; the groups of a mode are those the navigation shows in it (MODE_GROUPS). */
  async grantTreeByMode(): Promise<ModeMenuGroup[]> {
    const tree = await this.grantTree();
    return MODES.map(({ key, label }) => ({
      mode: key,
      label,
      children: tree.filter((node) => MODE_GROUPS[key].includes(node.name)),
    }));
  }

  /**
   * Reduces a set of menu ids to its smallest equivalent grant: an id is dropped when one of its
   * ancestors is in the set too (a granted node grants its subtree). Unknown ids are dropped.
   */
  async compactGrant(ids: Iterable<number>): Promise<number[]> {
    const all = await this.load();
    const byId = new Map(all.map((m) => [m.id, m]));
    const wanted = new Set(ids);
    const result: number[] = [];
    for (const menu of all) {
      if (!wanted.has(menu.id)) continue;
      let covered = false;
      for (let parent = menu.parentId; parent != null; parent = byId.get(parent)?.parentId ?? null) {
        if (wanted.has(parent)) {
          covered = true;
          break;
        }
      }
      if (!covered) result.push(menu.id);
    }
    return result.sort((a, b) => a - b);
  }
}
