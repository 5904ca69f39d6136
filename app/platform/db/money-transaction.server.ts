import { setTimeout as sleep } from "node:timers/promises";
import { db, type Tx } from "#app/platform/db/client.server";
import { isRetryableConflict } from "./db-errors.server";

const ATTEMPTS = 6;

/**
 * A transaction that moves money. Money is never lost to a race: when PostgreSQL picks this transaction as the
 * loser of a deadlock or a serialisation failure, nothing of it was written and it runs again, after a short
 * random wait so that the two racers do not meet again. `work` must take its locks in the house order (the
 * booking row first, then its payments and documents) and must not have side effects outside `tx`.
 */
export async function moneyTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db().transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw error;
      await sleep(5 * attempt + Math.random() * 20 * attempt);
    }
  }
}
