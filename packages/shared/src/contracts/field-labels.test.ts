import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, fieldMessage } from './field-labels';
import { chineseErrors, isStockMessage } from './zod-chinese';

z.config(chineseErrors);

type Def = { type: string } & Record<string, unknown>;

/** Every field path (names only) a request schema accepts. */
function fieldPaths(schema: unknown, prefix: string[] = [], out: string[][] = [], depth = 0): string[][] {
  const def = (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
  if (!def || depth > 12) return out;
  const inner = (value: unknown) => fieldPaths(value, prefix, out, depth + 1);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        out.push([...prefix, key]);
        fieldPaths(value, [...prefix, key], out, depth + 1);
      }
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      inner(def.innerType);
      break;
    case 'array':
      inner(def.element);
      break;
    case 'record':
      inner(def.valueType);
      break;
    case 'union':
      for (const option of def.options as unknown[]) inner(option);
      break;
    case 'intersection':
      inner(def.left);
      inner(def.right);
      break;
    case 'pipe':
      inner(def.in);
      inner(def.out);
      break;
  }
  return out;
}

async function requestFieldPaths(): Promise<{ where: string; path: string[] }[]> {
  const folder = fileURLToPath(new URL('.', import.meta.url));
  const files = readdirSync(folder).filter((file) => /^[a-z-]+\.ts$/.test(file));
  const found: { where: string; path: string[] }[] = [];
  for (const file of files) {
    const module = (await import(/* @vite-ignore */ pathToFileURL(folder + file).href)) as Record<
      string,
      unknown
    >;
    for (const group of Object.values(module)) {
      if (!group || typeof group !== 'object' || '_zod' in group) continue;
      for (const [name, contract] of Object.entries(group)) {
        if (!contract || typeof contract !== 'object' || !('method' in contract) || !('path' in contract))
          continue;
        for (const part of ['query', 'body', 'params'] as const) {
          for (const path of fieldPaths((contract as Record<string, unknown>)[part]))
            found.push({ where: `${file} ${name} ${part}`, path });
        }
      }
    }
  }
  return found;
}

describe('field labels', () => {
  it('names every field of every request in Chinese', async () => {
    const fields = await requestFieldPaths();
    expect(fields.length).toBeGreaterThan(300);
    const unnamed = fields
      .filter(({ path }) => !fieldLabel(path))
      .map(({ where, path }) => `${where}: ${path.join('.')}`);
    expect(unnamed).toEqual([]);
    for (const { path } of fields) expect(fieldLabel(path)).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('prefers the longer path, and skips array indexes', () => {
    expect(fieldLabel(['members', 0, 'name'])).toBe('成员单位名称');
    expect(fieldLabel(['name'])).toBe('名称');
    expect(fieldLabel(['sectionVOS', '0', 'questionIds', '2'])).toBe('试题');
    expect(fieldLabel(['noSuchField'])).toBeUndefined();
  });

  it("prefixes stock messages with the label and keeps a schema's own message as written", () => {
    expect(fieldMessage(['phone'], '不能为空')).toBe('手机号不能为空');
    expect(fieldMessage(['questionIds', 2], '应为整数')).toBe('试题第 3 项应为整数');
    expect(fieldMessage(['members', 0, 'name'], '不能超过 50 个字符')).toBe('成员单位名称不能超过 50 个字符');
    expect(fieldMessage(['phone'], '手机号格式不正确')).toBe('手机号格式不正确');
    expect(fieldMessage([], '不能为空', '请求体')).toBe('请求体不能为空');
    expect(fieldMessage(['noSuchField'], '应为文本')).toBe('请求参数应为文本');
  });

  it('recognises every stock message zod gives', () => {
    const failures: [z.ZodType, unknown][] = [
      [z.object({ a: z.string() }), {}],
      [z.string(), 5],
      [z.number(), 'x'],
      [z.number().int(), 1.5],
      [z.boolean(), 'yes'],
      [z.array(z.number()), 'x'],
      [z.string().min(1), ''],
      [z.string().min(3), 'a'],
      [z.string().max(2), 'abc'],
      [z.array(z.number()).min(1), []],
      [z.array(z.number()).min(2), [1]],
      [z.array(z.number()).max(1), [1, 2]],
      [z.number().max(5), 6],
      [z.number().lt(5), 5],
      [z.number().min(1), 0],
      [z.number().gt(1), 1],
      [z.enum(['a', 'b']), 'c'],
      [z.email(), 'x'],
      [z.number().multipleOf(5), 3],
      [z.strictObject({}), { x: 1 }],
    ];
    for (const [schema, input] of failures) {
      const result = schema.safeParse(input);
      expect(result.success).toBe(false);
      const message = result.error?.issues[0]?.message ?? '';
      expect(isStockMessage(message), message).toBe(true);
    }
    expect(isStockMessage('手机号格式不正确')).toBe(false);
    expect(isStockMessage('请选择要删除的标签')).toBe(false);
  });

  it('writes no message of a request schema with the API name of its field', () => {
    const folders = ['.', '../question-kinds'].map((folder) =>
      fileURLToPath(new URL(`${folder}/`, import.meta.url)),
    );
    const apiNamed = /(['"`])[a-zA-Z_][\w.]*(（[^）]*）)? ?(必须|只能|不能|应为|不正确|至少|最多)/;
    const found = folders.flatMap((folder) =>
      readdirSync(folder)
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .flatMap((file) =>
          readFileSync(folder + file, 'utf8')
            .split('\n')
            .filter((line) => apiNamed.test(line))
            .map((line) => `${file}: ${line.trim()}`),
        ),
    );
    expect(found).toEqual([]);
  });
});
