import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chineseErrors } from './zod-chinese';

z.config(chineseErrors);

function messageOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]?.message ?? '';
}

describe('zod messages in Chinese', () => {
  it('says what is missing or of the wrong kind without type names', () => {
    const cases: [z.ZodType, unknown][] = [
      [z.object({ name: z.string() }), {}],
      [z.string(), 5],
      [z.number(), 'x'],
      [z.coerce.number(), 'abc'],
      [z.array(z.number()), 'x'],
      [z.boolean(), 'yes'],
      [z.object({}), null],
    ];
    for (const [schema, input] of cases) {
      const message = messageOf(schema, input);
      expect(message).not.toMatch(/[A-Za-z]/);
    }
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('不能为空');
    expect(messageOf(z.string(), 5)).toBe('应为文本');
    expect(messageOf(z.coerce.number(), 'abc')).toBe('应为数字');
  });

  it('gives bounds in words', () => {
    expect(messageOf(z.string().max(3), 'abcd')).toBe('不能超过 3 个字符');
    expect(messageOf(z.string().min(1), '')).toBe('不能为空');
    expect(messageOf(z.array(z.number()).max(2), [1, 2, 3])).toBe('最多 2 项');
    expect(messageOf(z.number().min(0), -1)).toBe('不能小于 0');
    expect(messageOf(z.number().lt(5), 5)).toBe('必须小于 5');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('只能是 a、b');
  });

  it('keeps the messages a schema gives', () => {
    expect(messageOf(z.string({ error: '姓名必须是文本' }), 1)).toBe('姓名必须是文本');
  });
});
