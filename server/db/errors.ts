/** SQLSTATE of a unique-key violation in PostgreSQL (and PGlite). */
const uniqueViolation = '23505';

/**
 * Whether a failed query broke the named unique constraint. Drizzle wraps the driver's error in a
 * DrizzleQueryError (whose message carries the SQL and its parameters) and keeps the driver's own
 * error as `cause`: pg's DatabaseError on PostgreSQL, PGlite's on the embedded database. Both carry
 * `code` and `constraint`, so the chain of causes is walked rather than one shape assumed.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    const { code, constraint: violated, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === uniqueViolation) return violated === constraint;
    current = cause;
  }
  return false;
}
