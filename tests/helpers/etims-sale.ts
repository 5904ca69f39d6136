import { asc, eq } from "drizzle-orm";
import { beforeEach, expect } from "vitest";
import { openProforma, saveEtimsDevice } from "#app/money/index.server";
import { taxInvoices } from "#app/money/tables.server";
import { readyDevice } from "#app/money/testing.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { courses } from "#app/site/tables.server";
import { startEtimsServer } from "./etims";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET, SLUG } from "./money";
import { standInForFile } from "./stand-in-env";

/*
 * What the eTIMS integration tests share: KRA's stand-in for the file, the firm's device, a VAT-registered
 * firm whose prices include VAT, and a confirmed booking to pay by M-PESA. Every test ends with KRA's ledger
 * checked: a doubled declaration or a credit note for nothing fails it.
 */

export const DEVICE = {
  intent: "etims-device" as const,
  tin: "P051111111Q",
  branchId: "00",
  deviceSerial: "MAFUNZO-OSCU-01",
  environment: "sandbox" as const,
  sendOn: "paid" as const,
};
export const CLASS_CODE = "8611160100";

/** Starts KRA's stand-in for the file and sets the firm up before each test; returns the stand-in. */
export function etimsForFile() {
  const kra = standInForFile(startEtimsServer, (standIn) => ({
    ETIMS_BASE_URL: standIn.url,
    ETIMS_TIMEOUT_SECONDS: "1",
  }));
  beforeEach(async () => {
    kra().setMode({ kind: "ok" });
    await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
    await setSettingValue(db(), "vat_registered", true, null);
    await setSettingValue(db(), "vat_rate", 16, null);
    await setSettingValue(db(), "prices_include_vat", true, null);
    await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
    await db()
      .update(courses)
      .set({ etimsItemClassCode: CLASS_CODE, etimsTaxType: "B" })
      .where(eq(courses.slug, SLUG));
    if (!(await readyDevice())) expect((await saveEtimsDevice(ACTOR, DEVICE)).ok).toBe(true);
    return () => kra().expectCleanLedger();
  });
  return kra;
}

let transId = 0;

/**
 * A confirmed booking of `size`, and a function that pays it in full by M-PESA. Without an LPO number unless
 * given one: an LPO booking's sale is declared on confirmation (decision 0755).
 */
export async function confirmedBooking(
  size = 2,
  costOverride?: string | null,
  { lpoNumber = null }: { lpoNumber?: string | null } = {},
) {
  const runId = await newRun(costOverride);
  const { booking, participants } = await book(runId, size, undefined, undefined, { lpoNumber });
  await confirmAll(runId, participants);
  const proforma = await moneyTransaction((tx) => openProforma(tx, booking.id));
  if (!proforma) throw new Error("no proforma");
  const pay = async (amountCents = proforma.totalCents) => {
    transId += 1;
    const code = `ETM${String(transId).padStart(7, "0")}`;
    const paid = await callback(
      "confirmation",
      c2b({
        TransID: code,
        TransAmount: (amountCents / 100).toFixed(2),
        BillRefNumber: booking.reference,
      }),
    );
    expect(paid.body.ResultCode).toBe("0");
  };
  return { runId, booking, participants, proforma, pay };
}

export const invoicesOf = (bookingId: string) =>
  db()
    .select()
    .from(taxInvoices)
    .where(eq(taxInvoices.bookingId, bookingId))
    .orderBy(asc(taxInvoices.invoiceNo));

/** Lets every waiting invoice be due now, as if the backoff had passed. */
export const dueNow = () =>
  db()
    .update(taxInvoices)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(taxInvoices.state, "waiting"));
