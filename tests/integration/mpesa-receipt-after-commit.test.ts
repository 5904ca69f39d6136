import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, inject, test } from "vitest";
import { openDatabase } from "#app/database.server";
import { issueDueReceipts, reversePayment } from "#app/money/index.server";
import { financeDocuments, payments, receiptJobs } from "#app/money/tables.server";
import { type DatabaseHandle, db, getDatabaseHandle, setDatabase } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET } from "../helpers/money";
import { extractPdfText } from "../helpers/pdf-text";
import { adminQuery, uniqueDatabaseName, withDatabase } from "../setup/template";

// The M-PESA confirmation records the payment and answers; the receipt a full payment makes due is issued after
// the commit (decision 0652), once, also when the process is killed between the answer and the receipt.

const receiptsOf = (bookingId: string) =>
  db()
    .select()
    .from(financeDocuments)
    .where(and(eq(financeDocuments.bookingId, bookingId), eq(financeDocuments.kind, "receipt")));
const receiptMailsTo = (address: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "finance_receipt"), eq(emailOutbox.toAddress, address)));
const pendingJobsOf = (bookingId: string) =>
  db()
    .select()
    .from(receiptJobs)
    .where(and(eq(receiptJobs.bookingId, bookingId), isNull(receiptJobs.doneAt)));

async function prepareSettings() {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
}

/** A confirmed booking of one at KES 10,000 with its proforma issued. */
async function unpaidBooking(contact: string) {
  const runId = await newRun("10000.00");
  const { booking, participants } = await book(runId, 1, contact);
  await confirmAll(runId, participants);
  const [proforma] = await db()
    .select({ totalCents: financeDocuments.totalCents })
    .from(financeDocuments)
    .where(and(eq(financeDocuments.bookingId, booking.id), eq(financeDocuments.kind, "proforma")));
  expect(proforma).toBeDefined();
  return { booking, amount: ((proforma?.totalCents ?? 0) / 100).toFixed(2) };
}

describe("in one process", () => {
  beforeEach(prepareSettings);

  test("the callback answers with the payment committed and no receipt; the pass issues it once", async () => {
    const { booking, amount } = await unpaidBooking("Afterwards");
    const paid = c2b({ TransID: "TKA0000001", TransAmount: amount, BillRefNumber: booking.reference });
    expect(await callback("confirmation", paid)).toEqual({
      status: 200,
      body: { ResultCode: "0", ResultDesc: "Accepted" },
    });
    expect(await db().$count(payments, eq(payments.transactionCode, "TKA0000001"))).toBe(1);
    expect(await receiptsOf(booking.id)).toEqual([]);
    expect(await receiptMailsTo(booking.contactEmail)).toEqual([]);
    expect(await pendingJobsOf(booking.id)).toHaveLength(1);

    expect(await issueDueReceipts()).toEqual({ claimed: 1, issued: 1 });
    const [receipt, ...more] = await receiptsOf(booking.id);
    expect(more).toEqual([]);
    const pdf = fs.readFileSync(path.join(env().DATA_DIR, "uploads", receipt?.storageKey as string));
    expect(extractPdfText(pdf)).toContain("TKA0000001");
    expect(await receiptMailsTo(booking.contactEmail)).toHaveLength(1);
    expect(await pendingJobsOf(booking.id)).toEqual([]);

    // Safaricom's retry of the same confirmation, and later passes, change nothing
    expect((await callback("confirmation", paid)).body.ResultCode).toBe("0");
    expect(await issueDueReceipts()).toEqual({ claimed: 0, issued: 0 });
    expect(await receiptsOf(booking.id)).toHaveLength(1);
    expect(await receiptMailsTo(booking.contactEmail)).toHaveLength(1);
  });

  test("two passes at once (two processes) issue the receipt once", async () => {
    const { booking, amount } = await unpaidBooking("Twopasses");
    await callback(
      "confirmation",
      c2b({ TransID: "TKA0000002", TransAmount: amount, BillRefNumber: booking.reference }),
    );
    const passes = await Promise.all([issueDueReceipts(), issueDueReceipts(), issueDueReceipts()]);
    expect(passes.reduce((sum, pass) => sum + pass.issued, 0)).toBe(1);
    expect(await receiptsOf(booking.id)).toHaveLength(1);
    expect(await receiptMailsTo(booking.contactEmail)).toHaveLength(1);
  });

  test("a payment reversed before the pass leaves no receipt due", async () => {
    const { booking, amount } = await unpaidBooking("Reversed");
    await callback(
      "confirmation",
      c2b({ TransID: "TKA0000003", TransAmount: amount, BillRefNumber: booking.reference }),
    );
    const [payment] = await db().select().from(payments).where(eq(payments.transactionCode, "TKA0000003"));
    expect(await reversePayment(ACTOR, payment?.id as string, "Sent to the wrong paybill")).toMatchObject({
      ok: true,
    });
    expect(await issueDueReceipts()).toEqual({ claimed: 1, issued: 0 });
    expect(await receiptsOf(booking.id)).toEqual([]);
    expect(await pendingJobsOf(booking.id)).toEqual([]);
  });
});

describe("a process killed between the answer and the receipt", () => {
  const ownDirs: string[] = [];
  const dropDatabases: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const dir of ownDirs) fs.rmSync(dir, { recursive: true, force: true });
    for (const drop of dropDatabases) await drop();
  });

  /** A database of this test's own that a second process can open: a PostgreSQL copy or a PGlite directory. */
  async function ownDatabase() {
    const url = process.env.DATABASE_URL;
    if (url) {
      const name = uniqueDatabaseName();
      await adminQuery(url, `create database ${name} template ${inject("templateDatabase")}`);
      dropDatabases.push(() => adminQuery(url, `drop database if exists ${name} with (force)`));
      const databaseUrl = withDatabase(url, name);
      return {
        childEnv: { DATABASE_URL: databaseUrl },
        open: () => openDatabase({ databaseUrl, dataDir: "", skipMigrate: true }),
      };
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-receipt-kill-"));
    ownDirs.push(dataDir);
    const dump = new Blob([fs.readFileSync(inject("templateDump"))]);
    let loaded = false;
    return {
      childEnv: { DATA_DIR: dataDir, DATABASE_URL: "" },
      open: async () => {
        const handle = await openDatabase({
          dataDir,
          loadDataDir: loaded ? undefined : dump,
          skipMigrate: true,
        });
        loaded = true;
        return handle;
      },
    };
  }

  async function using<T>(handle: DatabaseHandle, work: () => Promise<T>) {
    const shared = getDatabaseHandle();
    setDatabase(handle);
    try {
      return await work();
    } finally {
      setDatabase(shared);
    }
  }

  test("the receipt goes out once, from the next pass after the kill", async () => {
    const own = await ownDatabase();
    const before = await own.open();
    const { booking, amount } = await using(before, async () => {
      await prepareSettings();
      return unpaidBooking("Killed");
    });
    await before.close();

    const body = c2b({ TransID: "TKK0000001", TransAmount: amount, BillRefNumber: booking.reference });
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "tests/setup/mpesa-confirm-then-die.ts", JSON.stringify(body)],
      {
        env: { ...process.env, ...own.childEnv, LOG_LEVEL: "warn" },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(child.signal, child.stderr).toBe("SIGKILL");
    expect(JSON.parse(child.stdout.trim())).toEqual({ status: 200 });

    const after = await own.open();
    try {
      await using(after, async () => {
        // answered and committed, killed before the receipt: the payment and its job are there, nothing else
        expect(await db().$count(payments, eq(payments.transactionCode, "TKK0000001"))).toBe(1);
        expect(await receiptsOf(booking.id)).toEqual([]);
        expect(await receiptMailsTo(booking.contactEmail)).toEqual([]);
        expect(await pendingJobsOf(booking.id)).toHaveLength(1);

        // the restarted server's pass at start
        expect(await issueDueReceipts()).toEqual({ claimed: 1, issued: 1 });
        expect(await issueDueReceipts()).toEqual({ claimed: 0, issued: 0 });
        expect(await receiptsOf(booking.id)).toHaveLength(1);
        expect(await receiptMailsTo(booking.contactEmail)).toHaveLength(1);
      });
    } finally {
      await after.close();
    }
  });
});
