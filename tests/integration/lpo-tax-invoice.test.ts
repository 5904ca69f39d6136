import { asc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { bounceCheque, clearCheque, recordCheque, sendDueTaxInvoices } from "#app/money/index.server";
import { cheques, etimsDevice, lpoDocuments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { today } from "#app/utils/dates";
import { multipartRequest } from "../helpers/admin-actions";
import { answer as answerOf, outcome, signedInAdmin } from "../helpers/admin-session";
import { confirmedBooking, etimsForFile, invoicesOf } from "../helpers/etims-sale";
import { ACTOR } from "../helpers/money";

// Decision 0755: an LPO booking's sale is declared to KRA when it is confirmed, whatever the "send on" setting,
// since the county's IFMIS pays only against the eTIMS tax invoice. KRA's stand-in checks every declaration.

const kra = etimsForFile();

describe("an LPO booking's tax invoice", () => {
  test("is queued on confirmation and sent before any payment, while the firm sends others on full payment", async () => {
    const [device] = await db().select({ sendOn: etimsDevice.sendOn }).from(etimsDevice);
    expect(device?.sendOn).toBe("paid");

    const plain = await confirmedBooking(1);
    expect(await invoicesOf(plain.booking.id)).toEqual([]);

    const county = await confirmedBooking(3, undefined, { lpoNumber: "LPO/KSM/2026/0417" });
    const [queued, ...more] = await invoicesOf(county.booking.id);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({
      receiptType: "S",
      state: "waiting",
      proformaId: county.proforma.id,
      totalCents: county.proforma.totalCents,
    });

    await sendDueTaxInvoices();
    const [sent] = await invoicesOf(county.booking.id);
    expect(sent).toMatchObject({ state: "sent", resultCode: "000" });
    expect(kra().sales.get(sent?.invoiceNo as number)?.body).toMatchObject({
      custTin: "P051234567X",
      totAmt: county.proforma.totalCents / 100,
    });
    expect(await invoicesOf(plain.booking.id)).toEqual([]);

    // paid in full, then short again by a returned cheque: the sale stands, no credit note
    const number = `${Date.now() % 1_000_000}`.padStart(6, "0");
    expect(
      await recordCheque(ACTOR, {
        reference: county.booking.reference,
        number,
        bank: "Kenya Commercial Bank",
        chequeDate: today(),
        receivedOn: today(),
        clearsOn: today(),
        amountCents: county.proforma.totalCents,
        payer: "County Government of Kisumu",
      }),
    ).toMatchObject({ ok: true });
    const [cheque] = await db().select().from(cheques).where(eq(cheques.number, number));
    expect(await clearCheque(ACTOR, cheque?.id as string, today())).toMatchObject({ ok: true });
    expect(
      await bounceCheque(ACTOR, cheque?.id as string, {
        bouncedOn: today(),
        reason: "Payment stopped by drawer",
        bankChargeCents: null,
      }),
    ).toMatchObject({ ok: true });
    await sendDueTaxInvoices();
    expect((await invoicesOf(county.booking.id)).map((i) => [i.receiptType, i.state])).toEqual([
      ["S", "sent"],
    ]);

    // the other booking is declared once it is paid, as before
    await plain.pay();
    await sendDueTaxInvoices();
    expect((await invoicesOf(plain.booking.id)).map((i) => [i.receiptType, i.state])).toEqual([
      ["S", "sent"],
    ]);
  });
});

describe("the LPO document kept with the booking", () => {
  test("finance uploads the buyer's LPO; a new one replaces it and both are kept; a non-document is refused", async () => {
    const lpoRoute = await import("#app/routes/money/booking-lpo");
    const county = await confirmedBooking(1, undefined, { lpoNumber: "LPO/NRB/2026/0991" });
    const finance = await signedInAdmin({ roles: ["finance"] });
    const path = `/admin/bookings/${county.booking.reference}/lpo`;
    const params = { reference: county.booking.reference };
    const upload = (name: string, type: string, bytes: Buffer, who = finance) =>
      lpoRoute.action(
        who.args(
          multipartRequest(
            `http://localhost${path}`,
            who.cookie,
            { intent: "upload-lpo" },
            { name, type, bytes },
          ),
          {},
          params,
        ) as never,
      );
    const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
    const kept = () =>
      db()
        .select()
        .from(lpoDocuments)
        .where(eq(lpoDocuments.bookingId, county.booking.id))
        .orderBy(asc(lpoDocuments.createdAt));

    const first = outcome(await upload("lpo-0991.pdf", "application/pdf", pdf("first")));
    expect(first).toMatchObject({ status: 302, location: `/admin/bookings/${county.booking.reference}` });
    const second = outcome(await upload("lpo-0991-amended.pdf", "application/pdf", pdf("amended")));
    expect(second.status).toBe(302);
    const rows = await kept();
    expect(rows.map((r) => [r.fileName, r.replacedAt === null])).toEqual([
      ["lpo-0991.pdf", false],
      ["lpo-0991-amended.pdf", true],
    ]);

    const served = (await lpoRoute.loader(finance.args(path, {}, params) as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await served.arrayBuffer()).toString()).toContain("amended");

    // a page of HTML named .pdf is not an LPO (refused, back on the booking page); a viewer may not upload
    expect(
      outcome(await upload("lpo.pdf", "application/pdf", Buffer.from("<html><script>x</script>"))).status,
    ).toBe(302);
    const viewer = await signedInAdmin({ roles: ["viewer"] });
    const refused = await answerOf(() => upload("lpo.pdf", "application/pdf", pdf("x"), viewer));
    expect(refused.status).toBe(403);
    expect(await kept()).toHaveLength(2);
    await expect(
      db()
        .delete(lpoDocuments)
        .where(eq(lpoDocuments.id, rows[0]?.id as string)),
    ).rejects.toThrow();
  });
});
