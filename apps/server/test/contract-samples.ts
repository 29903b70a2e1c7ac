/**
 * Requests built from contracts, for tests that walk every endpoint: each field gets a plausible value
 * from its zod schema, and id fields get the ids a test chooses (e.g. another organisation's).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { Endpoint } from '@kaopei/shared/contracts/common';

const contractsDir = path.resolve(import.meta.dirname, '../../../packages/shared/src/contracts');

export interface NamedEndpoint {
  /** `<file>.<name>`, e.g. `tag.list`. */
  name: string;
  endpoint: Endpoint;
}

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value
  );
}

/** Every endpoint declared under packages/shared/src/contracts. */
export async function allEndpoints(): Promise<NamedEndpoint[]> {
  const found: NamedEndpoint[] = [];
  const files = fs
    .readdirSync(contractsDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files.sort()) {
    const module = (await import(path.join(contractsDir, file))) as Record<string, unknown>;
    for (const exported of Object.values(module)) {
      if (typeof exported !== 'object' || exported === null || isEndpoint(exported)) continue;
      for (const [name, value] of Object.entries(exported)) {
        if (isEndpoint(value)) found.push({ name: `${file.replace(/\.ts$/, '')}.${name}`, endpoint: value });
      }
    }
  }
  return found;
}

/** A field that names a row by id: `id`, `…Id` or `…Ids`. */
export function isIdField(key: string): boolean {
  return key === 'id' || key === 'ids' || /[a-z]Ids?$/.test(key);
}

/** Chooses the value of an id field (one id, or a list for `…Ids`); undefined leaves the sample. */
export type IdChooser = (field: string, list: boolean) => number | number[] | undefined;

interface Def {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function minLength(def: Def): number {
  const checks = (def.checks as { _zod: { def: { check: string; minimum?: number } } }[] | undefined) ?? [];
  for (const check of checks) {
    const inner = check._zod.def;
    if (inner.check === 'min_length' && typeof inner.minimum === 'number') return inner.minimum;
  }
  return 0;
}

function minNumber(def: Def): number | undefined {
  const checks = (def.checks as { _zod: { def: { check: string; value?: number } } }[] | undefined) ?? [];
  for (const check of checks) {
    const inner = check._zod.def;
    if (inner.check === 'greater_than' && typeof inner.value === 'number') return inner.value;
  }
  return undefined;
}

let sampled = 0;

/** Values for fields a schema cannot describe well enough (formats, cross-field rules), by name. */
export type FieldHints = Record<string, unknown>;

const now = Date.now();
/** Field values that a schema alone does not produce (formats and cross-field rules), by name. */
export const FIELD_HINTS: FieldHints = {
  color: '#1677ff',
  account: 'walker01',
  password: 'Walker1234',
  phone: '13800000000',
  startDate: '2024-01-01',
  endDate: '2024-12-31',
  startAt: now + 60_000,
  endAt: now + 2 * 3600_000,
  firstStartAt: now + 24 * 3600_000,
  email: 'walker@example.com',
  contactPhone: '13800000000',
  answer: true,
};

/**
 * A plausible value for `schema`; `key` is the field's name (ids are chosen by `ids`, and `hints`
 * give the value of a field by its name).
 */
export function sample(schema: z.ZodType, ids: IdChooser, key = '', hints: FieldHints = {}): unknown {
  if (key in hints && !isIdField(key)) return hints[key];
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return sample(def.innerType as z.ZodType, ids, key, hints);
    case 'pipe': {
      const input = def.in as z.ZodType;
      return sample(defOf(input).type === 'transform' ? (def.out as z.ZodType) : input, ids, key, hints);
    }
    case 'lazy':
      return sample((def.getter as () => z.ZodType)(), ids, key, hints);
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.fromEntries(
        Object.entries(shape).map(([name, field]) => [name, sample(field, ids, name, hints)]),
      );
    }
    case 'array': {
      if (isIdField(key)) {
        const chosen = ids(key, true);
        if (chosen !== undefined) return Array.isArray(chosen) ? chosen : [chosen];
      }
      return [sample(def.element as z.ZodType, ids, key.replace(/s$/, ''), hints)];
    }
    case 'number': {
      if (isIdField(key)) {
        const chosen = ids(key, false);
        if (chosen !== undefined) return Array.isArray(chosen) ? chosen[0] : chosen;
      }
      const min = minNumber(def);
      return min !== undefined && min > 1 ? min : 1;
    }
    case 'string': {
      // Unique, so that names never clash with what an earlier call made.
      sampled += 1;
      return `s${sampled}`.padEnd(Math.max(1, minLength(def)), 'x');
    }
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return sample((def.options as z.ZodType[])[0]!, ids, key, hints);
    case 'intersection':
      return {
        ...(sample(def.left as z.ZodType, ids, key, hints) as object),
        ...(sample(def.right as z.ZodType, ids, key, hints) as object),
      };
    case 'record':
      return {};
    case 'null':
      return null;
    case 'date':
      return new Date().toISOString();
    default:
      return undefined;
  }
}

/** Fills `:name` path segments. */
export function fillPath(pathTemplate: string, params: Record<string, unknown>): string {
  return pathTemplate.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** A query string from a sampled object (lists repeat their key). */
export function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
