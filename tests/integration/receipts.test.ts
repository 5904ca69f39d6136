import fs from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { issueDueReceipts } from "#app/money/index.server";
import { financeDocuments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { book, c2b, callback, confirmAll, newRun, SECRET } from "../helpers/money";
import { extractPdfText } from "../helpers/pdf-text";

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});

const receiptsOf = (bookingId: string) =>
  db()
    .select()
    .from(financeDocuments)
    .where(and(eq(financeDocuments.bookingId, bookingId), eq(financeDocuments.kind, "receipt")))
    .orderBy(asc(financeDocuments.number));
const pdfText = (key: string) => extractPdfText(fs.readFileSync(path.join(env().DATA_DIR, "uploads", key)));

test("an overpayment's receipt says so and how the difference comes back", async () => {
  const runId = await newRun("10000.00");
  const { booking, participants } = await book(runId, 1, "Overpayer");
  await confirmAll(runId, participants);
  await callback(
    "confirmation",
    c2b({ TransID: "TKO0000001", TransAmount: "12500", BillRefNumber: booking.reference }),
  );
  // the callback is answered first; the receipt follows the commit (decision 0652)
  await issueDueReceipts();
  const [receipt] = await receiptsOf(booking.id);
  expect(receipt).toMatchObject({ paidCents: 1_250_000, balanceAfterCents: -250_000 });
  const text = pdfText(receipt?.storageKey as string);
  expect(text).toContain("Overpaid by KES 2,500.00.");
  expect(text).toContain("refund the difference to the M-PESA number or bank account it came from");
  const [mail] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "finance_receipt"), eq(emailOutbox.toAddress, booking.contactEmail)));
  expect(mail?.textBody).toContain("Overpaid by KES 2,500.00.");
  expect(mail?.textBody).toContain("M-PESA TKO0000001");
});

test("a payment made before the invoice gets its receipt, with its balance, once the invoice is issued", async () => {
  const runId = await newRun("10000.00");
  const { booking, participants } = await book(runId, 1, "Early");
  await callback(
    "confirmation",
    c2b({ TransID: "TKE0000001", TransAmount: "4000", BillRefNumber: booking.reference }),
  );
  expect(await receiptsOf(booking.id)).toHaveLength(0);
  await confirmAll(runId, participants);
  const receipts = await receiptsOf(booking.id);
  expect(receipts.map((r) => [r.paidCents, r.balanceAfterCents])).toEqual([[400_000, 600_000]]);
  expect(pdfText(receipts[0]?.storageKey as string)).toContain("Balance still to pay: KES 6,000.00.");
});
