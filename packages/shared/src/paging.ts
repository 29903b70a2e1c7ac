/** Paging contracts (design.md §2): `page`+`size` are zero-based, `pageNumber`+`pageSize` one-based. */
import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/** An integer coerced from a query string, with one Chinese message naming the field for every failure. */
function pagingInt(field: string, min: number, fallback: number, max?: number) {
  const message =
    max === undefined
      ? `${field} 必须是大于等于 ${min} 的整数`
      : `${field} 必须是 ${min} 到 ${max} 之间的整数`;
  const bounded = z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message });
  return (max === undefined ? bounded : bounded.max(max, { error: message })).default(fallback);
}

export const zeroBasedPaging = z.object({
  page: pagingInt('page', 0, DEFAULT_PAGE),
  size: pagingInt('size', 1, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
});
export type ZeroBasedPaging = z.output<typeof zeroBasedPaging>;

export const oneBasedPaging = z.object({
  pageNumber: pagingInt('pageNumber', 1, 1),
  pageSize: pagingInt('pageSize', 1, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
});
export type OneBasedPaging = z.output<typeof oneBasedPaging>;

export interface LimitOffset {
  limit: number;
  offset: number;
}

/** SQL limit/offset for zero-based paging. */
export function toOffset({ page, size }: ZeroBasedPaging): LimitOffset {
  return { limit: size, offset: Math.max(0, page) * size };
}

/** SQL limit/offset for one-based paging. */
export function toOffsetFromOneBased({ pageNumber, pageSize }: OneBasedPaging): LimitOffset {
  return { limit: pageSize, offset: Math.max(0, pageNumber - 1) * pageSize };
}
