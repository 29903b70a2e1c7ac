import { z } from 'zod';
import { isPermissionIndex, PERMISSION_INDICES, permissionMaskFromIndices } from '@kaopei/shared';
import { idParam } from '../../core/http';

/** Every bit a role's permission mask may carry (indices 1..4). */
export const ALL_PERMISSION_BITS = permissionMaskFromIndices(PERMISSION_INDICES);

/**
 * Ids from the query string: repeated (`roleIds=1&roleIds=2`) or comma-separated (`roleIds=1,2`).
 */
export function idListQuery(name: string, emptyMessage: string) {
  return z.preprocess(
    (value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value])
        .flatMap((item) => String(item).split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    z.array(idParam(name)).min(1, emptyMessage).max(1000, `${name} 一次最多 1000 个`),
  );
}

/** Ids in a JSON body. */
export function idListBody(name: string, emptyMessage: string, max = 1000) {
  return z.array(idParam(name)).min(1, emptyMessage).max(max, `${name} 一次最多 ${max} 个`);
}

export const keywordQuery = z
  .string()
  .trim()
  .max(50, '关键字不能超过 50 个字符')
  .optional()
  .transform((value) => value || undefined);

export const roleName = z
  .string({ error: '角色名称必须是文本' })
  .trim()
  .min(1, '角色名称不能为空')
  .max(50, '角色名称不能超过 50 个字符');

export const roleDescription = z
  .string({ error: '角色描述必须是文本' })
  .trim()
  .max(200, '角色描述不能超过 200 个字符')
  .nullish();

export const permissionMask = z
  .number({ error: 'permission 必须是数字' })
  .int('permission 必须是整数')
  .min(0, 'permission 不能为负数')
  .refine((mask) => (mask & ~ALL_PERMISSION_BITS) === 0, 'permission 只能包含权限 1 到 4 的位');

export const permissionList = z
  .array(
    z.number({ error: '权限编号必须是数字' }).refine(isPermissionIndex, '权限编号必须是 1 到 4 之间的整数'),
  )
  .max(4, 'permissions 最多 4 项');

export const menuIdList = z
  .array(idParam('menuIds'))
  .max(500, 'menuIds 最多 500 项')
  .describe('菜单 id；选中一个节点即授予其整棵子树');

/**
 * The permission of a role may be sent as the mask (`permission`) or as indices (`permissions`);
 * both together must agree. Resolves to the mask, or undefined when neither was sent.
 */
export function resolvePermission(input: {
  permission?: number | undefined;
  permissions?: number[] | undefined;
}): number | undefined {
  if (input.permissions !== undefined) return permissionMaskFromIndices(input.permissions);
  return input.permission;
}

export function permissionsAgree(
  input: { permission?: number | undefined; permissions?: number[] | undefined },
  ctx: z.RefinementCtx,
): void {
  if (input.permission === undefined || input.permissions === undefined) return;
  const fromIndices = input.permissions.every(isPermissionIndex)
    ? permissionMaskFromIndices(input.permissions)
    : undefined;
  if (fromIndices !== undefined && fromIndices !== input.permission) {
    ctx.addIssue({
      code: 'custom',
      path: ['permissions'],
      message: 'permissions 与 permission 不一致，请只传其中一个',
    });
  }
}
