import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, executeRows } from "#app/platform/db/client.server";
import type { PAYMENT_METHODS } from "#app/platform/db/enums";

/**
 * What a statement's lines already mean to the ledger, asked for thousands of lines per query, never a query
 * per line: a 20,000-line statement is a handful of queries, not 40,000. The lists go in slices so that no
 * single query holds PGlite (which runs in this thread) for long, with the event loop given back between.
 */

const SLICE = 2_000;

/** A list of texts as one query parameter (a JSON array): one parameter however long the list. */
const textList = (values: string[]): SQL =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** `query` run for each slice of the distinct `values`, its rows together. */
async function inSlices<Row>(values: string[], query: (slice: string[]) => Promise<Row[]>) {
  const distinct = [...new Set(values)];
  const rows: Row[] = [];
  for (let at = 0; at < distinct.length; at += SLICE) {
    if (at > 0) await yieldToEventLoop();
    rows.push(...(await query(distinct.slice(at, at + SLICE))));
  }
  return rows;
}

/** Of `codes`, those already in the ledger: for `method`, or for any method when it is null. */
export async function recordedCodes(
  executor: Executor,
  method: (typeof PAYMENT_METHODS)[number] | null,
  codes: string[],
): Promise<Set<string>> {
  const rows = await inSlices(codes, (slice) =>
    executeRows<{ code: string }>(
      executor,
      sql`select transaction_code as code from payments
          where transaction_code in ${textList(slice)} ${method ? sql`and method = ${method}` : sql``}`,
    ),
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
  const rows = await inSlices(references, (slice) =>
    executeRows<{ typed: string; id: string; reference: string }>(
      executor,
      sql`select typed.ref as typed, b.id, b.reference
          from ${textList(slice)} as typed(ref)
          join bookings b on b.id = coalesce(
            (select id from bookings where reference = typed.ref),
            (select booking_id from course_registrations where reference = typed.ref))`,
    ),
  );
  return new Map(rows.map((row) => [row.typed, { id: row.id, reference: row.reference }]));
}
