import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { bookings } from "#app/booking/tables.server";
import { issueDueReceipts } from "#app/money/index.server";
import { financeDocuments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { book, c2b, callback, confirmAll, newRun, SECRET } from "../helpers/money";
import { extractPdfText } from "../helpers/pdf-text";

// A receipt job draws each receipt before the transaction that numbers it (decision 0668): while the PDF is
// drawn, the booking is not locked and (on PGlite) the one connection is free, so a payment arriving then is not
// kept waiting for the render.

/** What each urgent render found: could another transaction lock the booking meanwhile? */
const probes = vi.hoisted(() => ({ bookingId: "", found: [] as ("free" | "held")[] }));

vi.mock("#app/platform/pdf/render-pool.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("#app/platform/pdf/render-pool.server")>();
  return {
    ...original,
    renderUrgent: (async (...args: Parameters<typeof original.renderUrgent>) => {
      if (probes.bookingId) probes.found.push(await bookingLockable(probes.bookingId));
      return original.renderUrgent(...args);
    }) as typeof original.renderUrgent,
  };
});

/**
 * Whether a transaction of its own can lock the booking at once: on PostgreSQL NOWAIT fails when the row is
 * locked; on PGlite the transaction cannot even start while another holds the connection.
 */
async function bookingLockable(bookingId: string) {
  const attempt = db()
    .transaction(async (tx) => {
      await tx.execute(sql`select id from ${bookings} where id = ${bookingId} for update nowait`);
      return "free" as const;
    })
    .catch(() => "held" as const);
  return Promise.race([attempt, sleep(2_000).then(() => "held" as const)]);
}

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});

describe("a receipt job", () => {
  test("draws each receipt with the booking unlocked, then issues it with that PDF, one per payment", async () => {
    const runId = await newRun("10000.00");
    const { booking, participants } = await book(runId, 1, "Drawn First");
    await confirmAll(runId, participants);
    // two part payments: two receipts, each with the balance after it
    for (const [code, amount] of [
      ["TKD0000001", "4000.00"],
      ["TKD0000002", "7600.00"],
    ] as const) {
      const answer = await callback(
        "confirmation",
        c2b({ TransID: code, TransAmount: amount, BillRefNumber: booking.reference }),
      );
      expect(answer.status).toBe(200);
    }
    probes.bookingId = booking.id;
    probes.found = [];
    try {
      expect(await issueDueReceipts()).toEqual({ claimed: 1, issued: 2 });
    } finally {
      probes.bookingId = "";
    }
    // each receipt drawn once, before its transaction: none drawn again with the booking locked
    expect(probes.found).toEqual(["free", "free"]);
    const receipts = await db()
      .select()
      .from(financeDocuments)
      .where(and(eq(financeDocuments.bookingId, booking.id), eq(financeDocuments.kind, "receipt")))
      .orderBy(financeDocuments.number);
    expect(receipts).toHaveLength(2);
    const { storage } = await import("#app/platform/files/storage.server");
    for (const [i, receipt] of receipts.entries()) {
      const object = await storage().get(receipt.storageKey);
      const chunks: Buffer[] = [];
      for await (const chunk of object?.body ?? []) chunks.push(Buffer.from(chunk));
      const text = extractPdfText(Buffer.concat(chunks));
      // the PDF drawn first is the document issued: its number and its payment
      expect(text).toContain(receipt.number);
      expect(text).toContain(i === 0 ? "TKD0000001" : "TKD0000002");
    }
  }, 60_000);
});
