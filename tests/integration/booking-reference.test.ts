import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, test } from "vitest";
import {
  BookingQuerySchema,
  findRegistration,
  listBookings,
  listRegistrations,
  parseListQuery,
  RegistrationQuerySchema,
  registrationExport,
} from "#app/back-office/index.server";
import { registrationSearch } from "#app/back-office/testing.server";
import { findBookingByReference } from "#app/booking/index.server";
import { courseRegistrations as t } from "#app/booking/tables.server";
import { openDatabase } from "#app/database.server";
import {
  type DatabaseHandle,
  db,
  executeRows,
  getDatabaseHandle,
  setDatabase,
} from "#app/platform/db/client.server";
import { book, newRun } from "../helpers/money";
import { adminQuery, uniqueDatabaseName, withDatabase } from "../setup/template";

// Issue 30: one booking, one reference. The visitor is told one reference for all the participants, pays against
// it and quotes it on the phone; every participant shows it, and searching it lists them all.

const query = (search: string) => parseListQuery(RegistrationQuerySchema, new URL(`http://x/?${search}`));

async function exportRows(search: string) {
  const rows: (readonly unknown[])[] = [];
  for await (const row of registrationExport(query(search)).rows) rows.push(row);
  return rows;
}

/** What every screen and the export show of a booking's participants, found by searching its reference. */
async function shownFor(reference: string) {
  const list = await listRegistrations({ ...query(`q=${reference}`), page: 1 });
  const exported = await exportRows(`q=${reference}&sort=name&dir=asc`);
  const details = await Promise.all(list.rows.map((row) => findRegistration(row.id)));
  return {
    list: list.rows.map((row) => [row.name, row.reference]).sort(),
    exported: exported.map((row) => [row[1], row[0]]),
    details: details.map((row) => row?.reference),
  };
}

describe("a group booking's reference", () => {
  test("is every participant's, and searching it lists them all", async () => {
    const { booking } = await book(await newRun(), 3);
    const ref = booking.reference;
    const stored = await db()
      .select({ name: t.name, reference: t.reference })
      .from(t)
      .where(eq(t.bookingId, booking.id))
      .orderBy(asc(t.name));
    const names = stored.map((row) => row.name);
    expect(names).toHaveLength(3);

    expect(await shownFor(ref)).toEqual({
      list: names.map((name) => [name, ref]),
      exported: names.map((name) => [name, ref]),
      details: [ref, ref, ref],
    });
    // typed by hand, as a caller reads it out: any case
    expect((await listRegistrations({ ...query(`q=${ref.toLowerCase()}`), page: 1 })).total).toBe(3);
    // the other participants hold no reference of their own that anyone could be told
    expect(stored.map((row) => row.reference)).toEqual([ref, null, null]);
    expect(await findBookingByReference(db(), ref)).toEqual(expect.any(String));
  });

  test("a reference read out on the phone finds the booking and its participants, as M-PESA matching does", async () => {
    const { booking } = await book(await newRun(), 2);
    const ref = booking.reference;
    const code = ref.slice(3);
    const bookingsFor = (typed: string) =>
      listBookings(
        parseListQuery(BookingQuerySchema, new URL(`http://x/?${new URLSearchParams({ q: typed })}`)),
      );
    for (const typed of [
      `mf ${code.toLowerCase()}`,
      `MF${code}`,
      ` Mf-${code.slice(0, 4)} ${code.slice(4)} `,
    ]) {
      expect(await findBookingByReference(db(), typed)).toBe(booking.id);
      expect((await bookingsFor(typed)).rows.map((row) => row.reference)).toEqual([ref]);
      const participants = await listRegistrations({
        ...query(new URLSearchParams({ q: typed }).toString()),
        page: 1,
      });
      expect(participants.total).toBe(2);
    }
  });

  test("the search stays on the trigram index of what the screens show", async () => {
    const plan = await db().transaction(async (tx) => {
      // a handful of rows would be read whole: make the planner show which index it can use
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await executeRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select ${t.id} from ${t} where ${registrationSearch("MF-7K2Q")}`,
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("course_registrations_search_trgm_idx");
  });
});

/**
 * A database as it was before migration 0015, holding a group booked then: each participant after the first
 * with a reference of its own (which a payer may have quoted), then migrated to today.
 */
async function legacyDatabase() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-migrations-"));
  const all = path.join(process.cwd(), "drizzle");
  const journal = JSON.parse(fs.readFileSync(path.join(all, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const before = journal.entries.filter((entry) => entry.tag < "0015");
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: before }));
  for (const { tag } of before)
    fs.copyFileSync(path.join(all, `${tag}.sql`), path.join(folder, `${tag}.sql`));

  const url = process.env.DATABASE_URL;
  const name = uniqueDatabaseName("mafunzo_legacy");
  if (url) await adminQuery(url, `create database ${name}`);
  const handle = url
    ? await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: "", skipMigrate: true })
    : await openDatabase({ dataDir: "", inMemory: true, skipMigrate: true });
  const migrate = (migrationsFolder: string) =>
    handle.kind === "pglite"
      ? migratePglite(handle.db as never, { migrationsFolder })
      : migratePg(handle.db as never, { migrationsFolder });
  await migrate(folder);
  await handle.db.execute(sql`
    with booking as (
      insert into bookings (reference, contact_name, contact_email, participants, status)
      values ('MF-LEGACY22', 'Wanjiru Kamau', 'wanjiru@treasury.example', 3, 'confirmed') returning id
    )
    insert into course_registrations (reference, name, email, course_name, booking_id, status)
    select ref, person, lower(person) || '@treasury.example', 'Strategic Planning', booking.id, 'confirmed'
    from booking, (values ('MF-LEGACY22', 'Legacy One'), ('MF-OWNREF22', 'Legacy Two'), ('MF-OWNREF33', 'Legacy Three'))
      as people(ref, person)`);
  await migrate(all);
  fs.rmSync(folder, { recursive: true, force: true });
  return {
    handle,
    close: async () => {
      await handle.close();
      if (url) await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

describe("an existing database's group participants (migration 0015)", () => {
  let legacy: Awaited<ReturnType<typeof legacyDatabase>> | undefined;
  let testDatabase: DatabaseHandle | undefined;
  afterAll(async () => {
    if (testDatabase) setDatabase(testDatabase);
    await legacy?.close();
  });

  test("show and are found by the booking's reference; their own still finds the booking for a payment", async () => {
    legacy = await legacyDatabase();
    testDatabase = getDatabaseHandle();
    setDatabase(legacy.handle);
    expect(await shownFor("MF-LEGACY22")).toEqual({
      list: [
        ["Legacy One", "MF-LEGACY22"],
        ["Legacy Three", "MF-LEGACY22"],
        ["Legacy Two", "MF-LEGACY22"],
      ],
      exported: [
        ["Legacy One", "MF-LEGACY22"],
        ["Legacy Three", "MF-LEGACY22"],
        ["Legacy Two", "MF-LEGACY22"],
      ],
      details: ["MF-LEGACY22", "MF-LEGACY22", "MF-LEGACY22"],
    });
    const booking = await findBookingByReference(db(), "MF-LEGACY22");
    expect(booking).toEqual(expect.any(String));
    for (const own of ["MF-OWNREF22", "mf ownref33"]) {
      expect(await findBookingByReference(db(), own), own).toBe(booking);
    }
  });
});
