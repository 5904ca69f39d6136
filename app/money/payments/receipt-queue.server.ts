import { receiptJobs } from "#app/money/tables.server";
import type { Executor } from "#app/platform/db/client.server";

/**
 * In the transaction that recorded a booking's payment: its receipt is due once that transaction commits
 * (decision 0652). A job already waiting for the booking stands for this one too.
 */
export async function queueReceipt(tx: Executor, bookingId: string) {
  await tx.insert(receiptJobs).values({ bookingId }).onConflictDoNothing();
}
