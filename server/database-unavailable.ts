import type { NextFunction, Request, Response } from "express";
import { isDatabaseUnavailable } from "#app/platform/db/db-errors.server";
import { logger } from "#app/platform/logger.server";

/** What a client is told to wait before trying again: the pool connects anew on the next request. */
export const DATABASE_RETRY_SECONDS = 5;

/**
 * A request that failed because the database could not be reached (a cut connection, a failover) is answered
 * 503 with Retry-After, not 500 (decision 0705): nothing is wrong with the request, and the same request
 * succeeds once the pool has connected again. The page's error handler marks the response
 * (`databaseUnavailable` in the request context); the status it would have sent as 500 is sent as 503.
 */
export function answerDatabaseUnavailable(_req: Request, res: Response, next: NextFunction) {
  const status = res.status;
  res.status = function (this: Response, code: number) {
    if (code === 500 && res.locals.databaseUnavailable) {
      this.setHeader("Retry-After", String(DATABASE_RETRY_SECONDS));
      this.setHeader("Cache-Control", "no-store");
      return status.call(this, 503);
    }
    return status.call(this, code);
  } as typeof status;
  next();
}

/** Marks the response as failed by the database, for `answerDatabaseUnavailable`. */
export const markDatabaseUnavailable = (res: Response) => () => {
  res.locals.databaseUnavailable = true;
};

/** The last error handler: an Express middleware that failed on the database answers 503 too. */
export function databaseErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction) {
  if (!isDatabaseUnavailable(error) || res.headersSent) return next(error);
  logger.warn({ err: error }, "database unavailable for a request");
  res
    .status(503)
    .set({ "Retry-After": String(DATABASE_RETRY_SECONDS), "Cache-Control": "no-store" })
    .type("text/plain")
    .send("The service is briefly unavailable. Please try again in a few seconds.");
}
