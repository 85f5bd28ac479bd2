/** The PostgreSQL error under whatever the driver or drizzle wrapped it in (both drivers set `code`). */
function databaseError(error: unknown): { code?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return current as { code?: string; constraint?: string };
    }
    current = candidate.cause;
  }
  return null;
}

/** True when the error is a unique violation (23505) of the named index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const found = databaseError(error);
  // PGlite and pg both report the violated index's name in `constraint`.
  return found?.code === '23505' && found.constraint === constraint;
}
