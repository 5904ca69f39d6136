import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { bounceCheque, clearCheque, recordCheque, sendDueTaxInvoices } from "#app/money/index.server";
import { cheques, etimsDevice } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { today } from "#app/utils/dates";
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
    expect((await invoicesOf(county.booking.id)).map((i) => [i.receiptType, i.state])).toEqual([["S", "sent"]]);

    // the other booking is declared once it is paid, as before
    await plain.pay();
    await sendDueTaxInvoices();
    expect((await invoicesOf(plain.booking.id)).map((i) => [i.receiptType, i.state])).toEqual([["S", "sent"]]);
  });
});
