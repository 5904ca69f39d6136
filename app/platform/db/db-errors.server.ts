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

// Said by pg of a connection that ended, or of a client whose connection ended, mid-request.
const CONNECTION_LOST =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;
// The socket's own failures: the database restarting, unreachable, or the connection reset.
const SOCKET_CODES = ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"];

/**
 * True when a query failed because the database could not be reached or its connection was cut (a failover,
 * a restart, an administrator's `pg_terminate_backend`, a pooler's timeout): SQLSTATE class 08 or 57P01-57P03,
 * or the driver's own words for a lost connection. The request is answered 503, not 500 (decision 0705): the
 * same request succeeds once the pool has connected again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object") {
      const code = "code" in current ? String(current.code) : "";
      if (code.startsWith("08") || ["57P01", "57P02", "57P03"].includes(code) || SOCKET_CODES.includes(code))
        return true;
      if (current instanceof Error && CONNECTION_LOST.test(current.message)) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The status of a request a form caught failing: 503 when the database could not answer it, else 500. */
export const failedRequestStatus = (error: unknown) => (isDatabaseUnavailable(error) ? 503 : 500);
