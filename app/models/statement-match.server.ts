import { type SQL, sql } from "drizzle-orm";
import { type Executor, executeRows } from "#app/db/client.server";
import type { PAYMENT_METHODS } from "#app/db/schema";

/**
 * What a statement's lines already mean to the ledger, asked in one query each for the whole file, never a
 * query per line: a 20,000-line statement is three queries, not 40,000.
 */

/** A list of texts as one query parameter (a JSON array): one parameter however long the list. */
const textList = (values: Iterable<string>): SQL =>
  sql`(select jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb))`;

/** Of `codes`, those already in the ledger: for `method`, or for any method when it is null. */
export async function recordedCodes(
  executor: Executor,
  method: (typeof PAYMENT_METHODS)[number] | null,
  codes: string[],
): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await executeRows<{ code: string }>(
    executor,
    sql`select transaction_code as code from payments
        where transaction_code in ${textList(codes)} ${method ? sql`and method = ${method}` : sql``}`,
  );
  return new Set(rows.map((row) => row.code));
}

export type BookingMatch = { id: string; reference: string };

/**
 * The booking each reference ("MF-7K2Q9XP4", see `referenceIn`) names: a booking's own reference, or a group
 * participant's, which finds the participant's booking.
 */
export async function bookingsByReference(
  executor: Executor,
  references: string[],
): Promise<Map<string, BookingMatch>> {
  if (references.length === 0) return new Map();
  const rows = await executeRows<{ typed: string; id: string; reference: string }>(
    executor,
    sql`select typed.ref as typed, b.id, b.reference
        from ${textList(references)} as typed(ref)
        join bookings b on b.id = coalesce(
          (select id from bookings where reference = typed.ref),
          (select booking_id from course_registrations where reference = typed.ref))`,
  );
  return new Map(rows.map((row) => [row.typed, { id: row.id, reference: row.reference }]));
}
