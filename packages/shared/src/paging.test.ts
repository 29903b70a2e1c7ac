import { describe, expect, it } from 'vitest';
import { oneBasedPaging, toOffset, toOffsetFromOneBased, zeroBasedPaging } from './paging';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? '';
}

describe('zeroBasedPaging', () => {
  it('defaults to page 0 and size 10', () => {
    expect(zeroBasedPaging.parse({})).toEqual({ page: 0, size: 10 });
  });

  it('coerces query strings', () => {
    expect(zeroBasedPaging.parse({ page: '3', size: '20' })).toEqual({ page: 3, size: 20 });
  });

  it('accepts the bounds', () => {
    expect(zeroBasedPaging.parse({ page: 0, size: 1 })).toEqual({ page: 0, size: 1 });
    expect(zeroBasedPaging.parse({ page: 0, size: 1000 })).toEqual({ page: 0, size: 1000 });
  });

  it.each([
    [{ page: -1 }, 'page 必须是大于等于 0 的整数'],
    [{ page: '1.5' }, 'page 必须是大于等于 0 的整数'],
    [{ page: 'abc' }, 'page 必须是大于等于 0 的整数'],
    [{ size: 0 }, 'size 必须是 1 到 1000 之间的整数'],
    [{ size: '1001' }, 'size 必须是 1 到 1000 之间的整数'],
    [{ size: 'ten' }, 'size 必须是 1 到 1000 之间的整数'],
  ])('rejects %j with a Chinese message naming the field', (input, message) => {
    const result = zeroBasedPaging.safeParse(input);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(message);
  });
});

describe('oneBasedPaging', () => {
  it('defaults to page 1 and size 10', () => {
    expect(oneBasedPaging.parse({})).toEqual({ pageNumber: 1, pageSize: 10 });
  });

  it('coerces strings', () => {
    expect(oneBasedPaging.parse({ pageNumber: '2', pageSize: '50' })).toEqual({
      pageNumber: 2,
      pageSize: 50,
    });
  });

  it.each([
    [{ pageNumber: 0 }, 'pageNumber 必须是大于等于 1 的整数'],
    [{ pageNumber: 2.5 }, 'pageNumber 必须是大于等于 1 的整数'],
    [{ pageSize: 0 }, 'pageSize 必须是 1 到 1000 之间的整数'],
    [{ pageSize: 1001 }, 'pageSize 必须是 1 到 1000 之间的整数'],
  ])('rejects %j with a Chinese message naming the field', (input, message) => {
    const result = oneBasedPaging.safeParse(input);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(message);
  });
});

describe('offsets', () => {
  it('turns zero-based paging into limit and offset', () => {
    expect(toOffset({ page: 0, size: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(toOffset({ page: 3, size: 20 })).toEqual({ limit: 20, offset: 60 });
  });

  it('turns one-based paging into limit and offset', () => {
    expect(toOffsetFromOneBased({ pageNumber: 1, pageSize: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(toOffsetFromOneBased({ pageNumber: 4, pageSize: 25 })).toEqual({ limit: 25, offset: 75 });
  });

  it('never gives a negative offset', () => {
    expect(toOffsetFromOneBased({ pageNumber: 0, pageSize: 10 }).offset).toBe(0);
    expect(toOffset({ page: -2, size: 10 }).offset).toBe(0);
  });
});
