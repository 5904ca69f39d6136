/** Whether a failed query carries one of these PostgreSQL SQLSTATEs, however the driver wrapped it. */
function hasSqlState(error: unknown, ...states: string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && states.includes(current.code as string))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when a query failed on a unique constraint (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, "23505");
}

/**
 * True when PostgreSQL chose this transaction as the loser of a race: a deadlock (40P01) or a serialisation
 * failure (40001). Nothing of it was written, and the same work run again succeeds.
 */
export function isRetryableConflict(error: unknown): boolean {
  return hasSqlState(error, "40P01", "40001");
}

/** True when a query named a row that does not exist through a foreign key (PostgreSQL 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, "23503");
}
