import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { openProforma, recordPayment } from "#app/money/index.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as searchRoute from "#app/routes/back-office/search";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";
import { ACTOR, book, confirmAll, newRun } from "../helpers/money";

type Found = { kind: string; hits: { title: string; detail: string; href: string }[] }[];
type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

const digits = () => String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
let owner: Admin;
let reference: string;
let participantPhone: string;
let contactPhone: string;
let mpesaCode: string;
let invoiceNumber: string;
let organisation: string;

async function search(who: Admin, q: string) {
  const found = await answer(() =>
    searchRoute.loader(who.args(`/admin/search?q=${encodeURIComponent(q)}`) as never),
  );
  return found as { status: number; data?: { error: string | null; groups: Found | null } };
}
const hrefs = (groups: Found | null | undefined, kind: string) =>
  (groups ?? []).find((g) => g.kind === kind)?.hits.map((h) => h.href) ?? [];

beforeAll(async () => {
  owner = await signedInAdmin();
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  const runId = await newRun();
  organisation = `Ziwa Water Services ${digits()}`;
  const { booking, participants } = await book(runId, 2, `Search${digits()}`);
  reference = booking.reference;
  contactPhone = `0733${digits()}`;
  participantPhone = `0722${digits()}`;
  await db()
    .update(bookings)
    .set({ contactPhone, organization: organisation })
    .where(eq(bookings.id, booking.id));
  await db()
    .update(courseRegistrations)
    .set({ phone: participantPhone, name: "Wanjiru Kamau Searchable" })
    .where(eq(courseRegistrations.id, participants[0] as string));
  await confirmAll(runId, participants);
  const proforma = await moneyTransaction((tx) => openProforma(tx, booking.id));
  if (!proforma) throw new Error("no proforma issued");
  invoiceNumber = proforma?.number as string;
  mpesaCode = `SK${digits()}XY`;
  await moneyTransaction((tx) =>
    recordPayment(
      tx,
      {
        method: "mpesa",
        amountCents: 100_000,
        receivedOn: "2026-11-20",
        transactionCode: mpesaCode,
        payer: "JANE WANJIRU",
        payerPhone: "254700000001",
        accountReference: reference,
        source: "manual",
      } as never,
      ACTOR,
    ),
  );
});

describe("the admin header's one search", () => {
  it("finds a booking by its reference however typed: with a space, in small letters, without the hyphen", async () => {
    const plain = reference.replace("-", "");
    for (const typed of [
      reference,
      plain,
      plain.toLowerCase(),
      `mf ${plain.slice(2).toLowerCase()}`,
      ` ${reference.toLowerCase()} `,
    ]) {
      const found = await search(owner, typed);
      expect(found.status, typed).toBe(200);
      expect(hrefs(found.data?.groups, "bookings"), typed).toContain(`/admin/bookings/${reference}`);
    }
  });

  it("finds a participant and a booking by phone in any Kenyan form", async () => {
    const local = participantPhone; // 0722xxxxxx
    const national = local.slice(1);
    for (const typed of [
      local,
      `+254${national}`,
      `254${national}`,
      `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`,
      `+254 ${national.slice(0, 3)} ${national.slice(3)}`,
    ]) {
      const found = await search(owner, typed);
      const participants = found.data?.groups?.find((g) => g.kind === "participants")?.hits ?? [];
      expect(
        participants.map((h) => h.title),
        typed,
      ).toContain("Wanjiru Kamau Searchable");
    }
    const byContact = await search(owner, `+254${contactPhone.slice(1)}`);
    expect(hrefs(byContact.data?.groups, "bookings")).toContain(`/admin/bookings/${reference}`);
  });

  it("finds organisations by name, payments by M-PESA code, documents by invoice number, each linking to its record", async () => {
    const byName = await search(owner, organisation.toLowerCase());
    expect(hrefs(byName.data?.groups, "bookings")).toContain(`/admin/bookings/${reference}`);
    const byCode = await search(owner, mpesaCode.toLowerCase());
    expect(hrefs(byCode.data?.groups, "payments")).toEqual([`/admin/bookings/${reference}`]);
    const byNumber = await search(owner, invoiceNumber);
    expect(hrefs(byNumber.data?.groups, "documents")).toContain(`/admin/bookings/${reference}`);
  });

  it("searches only what the role may read: an editor not at all, and text outside the bounds is refused with a message", async () => {
    const editor = await signedInAdmin({ roles: ["editor"] });
    expect((await search(editor, reference)).status).toBe(403);
    const trainer = await signedInAdmin({ roles: ["trainer"] });
    expect((await search(trainer, reference)).status).toBe(403);
    const visitor = await answer(() =>
      searchRoute.loader(routeArgs(`/admin/search?q=${reference}`) as never),
    );
    expect(visitor.status).toBe(302);
    const short = await search(owner, "a");
    expect(short.data).toMatchObject({ groups: null, error: expect.stringContaining("at least 2") });
    const long = await search(owner, "x".repeat(101));
    expect(long.data).toMatchObject({ groups: null, error: "Type at most 100 characters." });
    // wildcards typed are letters, not "everything"
    const percent = await search(owner, "%%");
    expect(percent.data?.groups).toEqual([]);
  });
});
