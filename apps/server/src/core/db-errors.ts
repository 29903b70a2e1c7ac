/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505), whichever driver raised
 * it: node-postgres and PGlite put `code` on the error, Drizzle wraps it as the `cause`.
 * Optionally checks the constraint (index) name.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const {
      code,
      constraint: name,
      message,
    } = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
    };
    if (code === '23505') {
      if (!constraint || name === constraint) return true;
      return typeof message === 'string' && message.includes(constraint);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The unique index a database error violated (SQLSTATE 23505), or null for other errors. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return null;
    const { code, constraint, message } = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
    };
    if (code === '23505') {
      if (typeof constraint === 'string') return constraint;
      const match = typeof message === 'string' ? /"([a-z_]+)"/.exec(message) : null;
      return match?.[1] ?? 'unknown';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A LIKE pattern matching `keyword` anywhere, with `%`, `_` and `\` in it taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
