import { z } from 'zod';
import { permissionMaskFromIndices } from '@kaopei/shared';
import { idParam } from '../../core/http';

// The request schemas of the role routes live in packages/shared/src/contracts/role.ts. The three id
// and keyword helpers below are still imported by modules that have not moved to contracts yet; new code
// uses idList / idListInQuery / keyword from packages/shared/src/contracts/common.ts.

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

/**
 * The permission of a role may be sent as the mask (`permission`) or as indices (`permissions`; the
 * contract checks that both together agree). Resolves to the mask, or undefined when neither was sent.
 */
export function resolvePermission(input: {
  permission?: number | undefined;
  permissions?: number[] | undefined;
}): number | undefined {
  if (input.permissions !== undefined) return permissionMaskFromIndices(input.permissions);
  return input.permission;
}
