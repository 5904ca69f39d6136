import crypto from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { centsToDecimal } from "#app/utils/cents";
import type { Executor, Tx } from "../db/client.server";
import type { KeptRecord, Subject } from "./subject";

// A feature's part of a data request (decision 0715). The data request tool (back-office) finds, copies and erases
// a person's data by asking each feature that owns tables for its part, in the feature order: a feature finds its
// own rows, says what an erasure of them would do and keep, does it, and writes its rows into the person's copy.
// What one feature's part needs from another's (the booking ids whose invoices money finds, the retention date a
// booking's invoices set) the tool passes explicitly, so no feature reads another's tables.

/** The `Links` of a part that needs nothing from the parts before it. */
export type NoLinks = undefined;

/** What a feature's plan says about an erasure of its rows, before anything is done. */
export type ErasurePart<Plan> = {
  /** what the erasure would change, read back by the feature's `erase` */
  plan: Plan;
  /** what stays, and why, in the order the screen lists it */
  kept: KeptRecord[];
  /** the records whose audit rows have their personal values replaced */
  redactAuditOf: string[];
};

/**
 * One feature's part of a data request. `Links` is what it needs from the parts found before it (ids), `Context`
 * what its erasure rules need (today, the retention period, what another part found still running).
 */
export type PersonalDataContributor<Found, Links, Context, Plan> = {
  find(subject: Subject, links: Links, executor: Executor): Promise<Found>;
  plan(found: Found, context: Context): ErasurePart<Plan>;
  /** applies the plan inside the erasure's transaction; the counts are what the request's record keeps */
  erase(tx: Tx, plan: Plan, at: Date): Promise<Record<string, number>>;
  /** the person's copy of the rows found, section by section (a part may read what the copy opens, such as ID numbers) */
  copy(found: Found, executor: Executor): Record<string, unknown[]> | Promise<Record<string, unknown[]>>;
};

export const ERASED_NAME = { participant: "Erased participant", contact: "Erased contact" } as const;

/** An address no mail can reach (RFC 2606 .invalid), unique per row so no two erased rows look alike. */
export const erasedAddress = (id: string) => `erased-${id}@erased.invalid`;

/** `erasedAddress` of each row an update touches, written in SQL from its id column. */
export const erasedAddressSql = (idColumn: AnyPgColumn) =>
  sql<string>`'erased-' || ${idColumn}::text || '@erased.invalid'`;

/** An empty answer for a part that has nothing to look for. */
export const none = <T>(): Promise<T[]> => Promise.resolve([]);

/** A time in the person's copy. */
export const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An amount in the person's copy: integer cents beside the amount in KES. */
export const copiedAmount = (cents: number | null) =>
  cents === null ? null : { cents, kes: centsToDecimal(cents) };

export const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/**
 * A stored phone number in international digits, as `internationalDigits` (app/utils/phone.ts) writes it: "+"
 * keeps the digits, "00" drops, a leading "0" becomes Kenya's 254. A test keeps the two in step.
 */
export function internationalDigitsSql(column: AnyPgColumn | SQL): SQL {
  const digits = sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;
  return sql`(case
    when btrim(${column}) like '+%' then ${digits}
    when ${digits} like '00%' then substr(${digits}, 3)
    when ${digits} like '0%' then '254' || substr(${digits}, 2)
    else ${digits} end)`;
}

/** The stored value is the subject: the address in any case, or the number in any spelling M-PESA or a person uses. */
export function matchesSubject(subject: Subject, column: AnyPgColumn): SQL {
  if (subject.kind === "email") return sql`lower(${column}) = ${subject.value}`;
  const same = sql`${internationalDigitsSql(column)} = ${subject.digits}`;
  // mpesa_msisdn_sha256 (migration 0013) reads 0712…, 712…, 254712… and +254 712… as one number
  return subject.msisdn ? sql`(${same} or mpesa_msisdn_sha256(${column}) = ${sha256(subject.msisdn)})` : same;
}

/** A contact's address or number (whichever the subject is) is the subject's. */
export const matchesContact = (subject: Subject, columns: { email: AnyPgColumn; phone: AnyPgColumn }) =>
  matchesSubject(subject, subject.kind === "email" ? columns.email : columns.phone);
