/**
 * The menu tree (spec §6, §7 "Permissions and roles"): what a signed-in user may see, and the shapes of
 * the whole tree that roles are granted from (the grant endpoints live in role.ts).
 */
import { z } from 'zod';
import type { Mode } from '../modes';
import { endpoint, envelopeOf } from './common';

const MODE_KEYS = ['evaluation', 'study', 'recruit'] as const satisfies readonly Mode[];
/** A function mode of the top bar. */
export const modeSchema = z.enum(MODE_KEYS);

const ENDPOINT_MESSAGE = '接口必须是 1 到 9 之间的整数';

/** Menu tree endpoints accept the spec's `endpoint` (1 = the web console, the only one there is). */
export const endpointQuery = z.object({
  endpoint: z.coerce
    .number<number | string>({ error: '接口必须是数字' })
    .int('接口必须是整数')
    .min(1, ENDPOINT_MESSAGE)
    .max(9, ENDPOINT_MESSAGE)
    .default(1),
});

/** A node of the menu tree the signed-in user may see. */
export interface MenuNode {
  id: number;
  name: string;
  icon: string | null;
  url: string | null;
  modes: Mode[];
  children: MenuNode[];
}
export const menuNode: z.ZodType<MenuNode> = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.string().nullable(),
  url: z.string().nullable(),
  modes: z.array(modeSchema),
  get children() {
    return z.array(menuNode);
  },
});

/** A node of the full tree offered when granting menus to a role. */
export interface GrantMenuNode {
  id: number;
  parentId: number | null;
  name: string;
  icon: string | null;
  url: string | null;
  modes: Mode[];
  /** Permission index (1..4) whose bit also grants this node's subtree, or null. */
  permissionIndex: number | null;
  children: GrantMenuNode[];
}
const grantMenuFields = {
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  icon: z.string().nullable(),
  url: z.string().nullable(),
  modes: z.array(modeSchema),
  permissionIndex: z.number().nullable(),
};
export const grantMenuNode: z.ZodType<GrantMenuNode> = z.object({
  ...grantMenuFields,
  get children() {
    return z.array(grantMenuNode);
  },
});

/** One entry of the flat menu list: the tree's nodes in menu order, each naming its parent. */
export const flatMenuEntry = z.object({ ...grantMenuFields, sort: z.number() });
export type FlatMenuEntry = z.infer<typeof flatMenuEntry>;

/** The grant tree split per function mode (a group shared by modes appears under each). */
export const modeMenuGroup = z.object({
  mode: modeSchema,
  label: z.string(),
  children: z.array(grantMenuNode),
});
export type ModeMenuGroup = z.infer<typeof modeMenuGroup>;

export const menuContracts = {
  mine: endpoint({
    method: 'GET',
    path: '/user/api/v2/sys/permission/get/menu',
    tag: '权限',
    summary: '当前用户可见的菜单树',
    access: 'candidate',
    query: endpointQuery,
    response: envelopeOf(z.array(menuNode)),
  }),
};
