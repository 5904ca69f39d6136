import { and, count, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookings } from "#app/booking/tables.server";
import { findDeliveryRun, issueCertificates, markAttendance } from "#app/delivery/index.server";
import type { DeliveryRun } from "#app/delivery/testing.server";
import { getFinanceOverview } from "#app/money/index.server";
import { createOrganisation, updateOrganisation } from "#app/organisations/index.server";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import {
  getOrganisationPage,
  keepOrganisationsApart,
  listDoubtfulPairs,
  matchBookingsToOrganisations,
  mergeOrganisations,
} from "#app/sales/index.server";
import { setClock } from "#app/utils/clock";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET } from "../helpers/money";

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "vat_registered", true, null);
  await setSettingValue(db(), "vat_rate", 16, null);
  await setSettingValue(db(), "prices_include_vat", true, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});
afterEach(() => setClock(null));

/** A booking as older data holds it: the organisation only as typed, with or without a KRA PIN. */
async function bookingNaming(runId: string, organization: string | null, kraPin: string | null) {
  const { booking } = await book(runId, 1);
  await db().update(bookings).set({ organization, kraPin }).where(eq(bookings.id, booking.id));
  return booking.id;
}

const organisationOf = async (bookingId: string) =>
  (await db().select({ id: bookings.organisationId }).from(bookings).where(eq(bookings.id, bookingId)))[0]
    ?.id ?? null;

const nameOf = async (id: string | null) =>
  id
    ? (await db().select({ name: organisations.name }).from(organisations).where(eq(organisations.id, id)))[0]
        ?.name
    : null;

const pairOf = (pairs: Awaited<ReturnType<typeof listDoubtfulPairs>>, a: string, b: string) =>
  pairs.find((p) => [p.first.id, p.second.id].sort().join() === [a, b].sort().join());

describe("matching bookings to organisations", () => {
  test("by KRA PIN, then by name; doubtful pairs are reviewed; merging and keeping both keep every booking", async () => {
    const runId = await newRun();
    const kisumu1 = await bookingNaming(runId, "County Government of Kisumu", "P051234567X");
    // the same PIN under another spelling is the same client: the PIN decides
    const kisumu2 = await bookingNaming(runId, "Kisumu County Govt", "p051234567x");
    const acme1 = await bookingNaming(runId, "Acme Ltd", null);
    const acme2 = await bookingNaming(runId, "  ACME   LTD. ", null);
    const acme3 = await bookingNaming(runId, "Acme Limited", null);
    const power1 = await bookingNaming(runId, "Kenya Power", "P000000001A");
    const power2 = await bookingNaming(runId, "Kenya Power", "P000000002B");
    const person = await bookingNaming(runId, null, null);
    const dash = await bookingNaming(runId, "-", null);
    const [{ n: before } = { n: 0 }] = await db().select({ n: count() }).from(bookings);

    expect(await matchBookingsToOrganisations()).toBeGreaterThanOrEqual(7);
    expect(await matchBookingsToOrganisations()).toBe(0);

    const kisumu = await organisationOf(kisumu1);
    expect(kisumu).not.toBeNull();
    expect(await organisationOf(kisumu2)).toBe(kisumu);
    const [kisumuRow] = await db()
      .select()
      .from(organisations)
      .where(eq(organisations.id, kisumu as string));
    expect(kisumuRow).toMatchObject({ kraPin: "P051234567X", type: "county_government" });

    const acmeLtd = await organisationOf(acme1);
    expect(await organisationOf(acme2)).toBe(acmeLtd);
    const acmeLimited = await organisationOf(acme3);
    expect(acmeLimited).not.toBe(acmeLtd);
    const powerA = await organisationOf(power1);
    const powerB = await organisationOf(power2);
    expect(powerA).not.toBe(powerB);
    expect(await organisationOf(person)).toBeNull();
    expect(await organisationOf(dash)).toBeNull();

    const pairs = await listDoubtfulPairs();
    expect(pairOf(pairs, acmeLtd as string, acmeLimited as string)).toMatchObject({ samePinConflict: false });
    expect(pairOf(pairs, powerA as string, powerB as string)).toMatchObject({ samePinConflict: true });
    expect(pairOf(pairs, kisumu as string, acmeLtd as string)).toBeUndefined();

    // two PINs are two legal entities: the merge is refused and changes nothing
    const refused = await mergeOrganisations(ACTOR, powerA as string, powerB as string);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.message).toContain("different KRA PINs");
    expect(await organisationOf(power2)).toBe(powerB);

    // keep both: the pair is not offered again, and nothing moves
    expect((await keepOrganisationsApart(ACTOR, powerB as string, powerA as string)).ok).toBe(true);
    expect(pairOf(await listDoubtfulPairs(), powerA as string, powerB as string)).toBeUndefined();
    expect(await organisationOf(power1)).toBe(powerA);

    // merge: every booking of the merged one is the kept one's; the merged one is gone; audited
    await updateOrganisation(ACTOR, acmeLimited as string, {
      name: "Acme Limited",
      type: "company",
      kraPin: "P099999999Z",
      nitaLevyNumber: null,
      address: "Enterprise Road, Nairobi",
      contacts: "Jane Wambui, HR",
      notes: null,
    });
    const merged = await mergeOrganisations(ACTOR, acmeLtd as string, acmeLimited as string);
    expect(merged).toEqual({ ok: true, message: "Acme Limited was merged into Acme Ltd; 1 booking moved." });
    for (const id of [acme1, acme2, acme3]) expect(await organisationOf(id)).toBe(acmeLtd);
    expect(await nameOf(acmeLimited)).toBeUndefined();
    const [kept] = await db()
      .select()
      .from(organisations)
      .where(eq(organisations.id, acmeLtd as string));
    expect(kept).toMatchObject({
      kraPin: "P099999999Z",
      address: "Enterprise Road, Nairobi",
      contacts: "Jane Wambui, HR",
    });
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(
        and(eq(adminAuditLogs.action, "Merged organisation"), eq(adminAuditLogs.recordId, acmeLtd as string)),
      );
    expect(JSON.stringify(audit?.newValues)).toContain("bookings_moved");

    // merging again (a second click, another tab) finds the merged one gone
    expect(await mergeOrganisations(ACTOR, acmeLtd as string, acmeLimited as string)).toMatchObject({
      ok: false,
      status: 404,
    });

    const [{ n: after } = { n: 0 }] = await db().select({ n: count() }).from(bookings);
    expect(after).toBe(before);
    const page = await getOrganisationPage(acmeLtd as string);
    expect(page?.bookings.map((b) => b.id).sort()).toEqual([acme1, acme2, acme3].sort());
  });

  test("a KRA PIN belongs to one organisation: adding or saving another with it is refused by name", async () => {
    const first = await createOrganisation(ACTOR, {
      name: "Nakuru Water and Sanitation",
      type: "company",
      kraPin: "P051000001A",
      nitaLevyNumber: null,
      address: null,
      contacts: null,
      notes: null,
    });
    expect(first.ok).toBe(true);
    const second = await createOrganisation(ACTOR, {
      name: "NAWASSCO",
      type: "company",
      kraPin: "P051000001A",
      nitaLevyNumber: null,
      address: null,
      contacts: null,
      notes: null,
    });
    expect(second).toMatchObject({ ok: false, status: 409, field: "kraPin" });
    expect(second.ok ? "" : second.message).toContain("Nakuru Water and Sanitation already has this KRA PIN");
    const [{ n } = { n: 0 }] = await db()
      .select({ n: count() })
      .from(organisations)
      .where(eq(organisations.name, "NAWASSCO"));
    expect(n).toBe(0);
  });
});

describe("at the same time", () => {
  test("two matching passes create a new client once; two saves of one KRA PIN keep it on one organisation", async () => {
    const runId = await newRun();
    const ids = await Promise.all(
      ["Turkana Ltd", "TURKANA LTD", "Turkana  Ltd."].map((name) => bookingNaming(runId, name, null)),
    );
    await Promise.all([
      matchBookingsToOrganisations(),
      matchBookingsToOrganisations(),
      matchBookingsToOrganisations(),
    ]);
    const linked = new Set(await Promise.all(ids.map(organisationOf)));
    expect(linked.size).toBe(1);
    expect(
      await db().select({ n: count() }).from(organisations).where(eq(organisations.nameKey, "turkana ltd")),
    ).toEqual([{ n: 1 }]);

    const input = (name: string) => ({
      name,
      type: "company" as const,
      kraPin: "P051888888K",
      nitaLevyNumber: null,
      address: null,
      contacts: null,
      notes: null,
    });
    const outcomes = await Promise.all([
      createOrganisation(ACTOR, input("Samburu One")),
      createOrganisation(ACTOR, input("Samburu Two")),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ status: 409, field: "kraPin" });
  });
});

describe("an organisation's page", () => {
  test("its money equals the finance overview's line for it; trained and certified counts come from records", async () => {
    const runId = await newRun();
    const one = await book(runId, 2, "Wanjiru");
    const two = await book(runId, 1, "Kamau");
    await db()
      .update(bookings)
      .set({ organization: "County Government of Nakuru", kraPin: "P051234500N" })
      .where(inArray(bookings.id, [one.booking.id, two.booking.id]));
    await matchBookingsToOrganisations();
    const organisationId = (await organisationOf(one.booking.id)) as string;
    expect(await organisationOf(two.booking.id)).toBe(organisationId);

    await confirmAll(runId, [...one.participants, ...two.participants]);
    const paid = await callback(
      "confirmation",
      c2b({ TransID: "TKO0000001", TransAmount: "20000", BillRefNumber: one.booking.reference }),
    );
    expect(paid.body.ResultCode).toBe("0");

    const page = await getOrganisationPage(organisationId);
    const overview = await getFinanceOverview();
    const line = overview.organisations.find((o) => o.id === organisationId);
    expect(line).toBeDefined();
    expect(page?.money).toEqual({
      invoicedCents: line?.invoicedCents,
      receivedCents: line?.receivedCents,
      outstandingCents: line?.outstandingCents,
    });
    // 3 participants at KES 45,000, KES 20,000 paid
    expect(page?.money).toEqual({
      invoicedCents: 13_500_000,
      receivedCents: 2_000_000,
      outstandingCents: 11_500_000,
    });
    expect(page?.bookings).toHaveLength(2);
    expect(page?.participantsTrained).toBe(0);

    // one participant attends every day and is certified; the others stay away
    const run = (await findDeliveryRun(runId)) as DeliveryRun;
    setClock(new Date(`${run.days.at(-1)}T17:00:00+03:00`));
    for (const day of run.days) {
      expect(
        (await markAttendance(ACTOR, run, { id: one.participants[0] as string, day, present: true })).ok,
      ).toBe(true);
    }
    expect((await issueCertificates(ACTOR, run)).ok).toBe(true);
    const after = await getOrganisationPage(organisationId);
    expect(after?.participantsTrained).toBe(1);
    expect(after?.certificates).toBe(1);
  });
});
