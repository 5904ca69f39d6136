// The hostile probe of issue 45, finding 14, made re-runnable: each case answered as the routes answer it,
// on PGlite and (with DATABASE_URL) on PostgreSQL. None may answer 5xx; none may be accepted that should not.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestSignInLink } from "#app/bookings/index.server";
import { clientSignInLinks } from "#app/bookings/tables.server";
import { createImport, findImport, previewImport } from "#app/money/index.server";
import { paymentReviews } from "#app/money/tables.server";
import { MAX_STATEMENT_LINES } from "#app/money/testing.server";
import { db, getDatabaseHandle } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { UploadError } from "#app/platform/files/upload.server";
import { STATEMENT_MAX_BYTES } from "#app/platform/forms/body-limits";
import { afterAnswerSettled } from "#app/platform/jobs/after-answer.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as importsRoute from "#app/routes/money/finance-imports";
import { saveDocumentImage } from "#app/site/index.server";
import { storeImage, withPicture } from "#app/site/testing.server";
import { today } from "#app/utils/dates";
import { multipartRequest, useTempDiskStorage } from "../helpers/admin-actions";

// the helper is a plain function despite its name: it points storage at a fresh temporary folder
const startTempDiskStorage = useTempDiskStorage;

import { answer, requestContext, signedInAdmin } from "../helpers/admin-session";
import { pngWithBrokenPixels } from "../helpers/hostile";
import { ACTOR, book, callback, newRun, SECRET } from "../helpers/money";
import { MPESA_HEADER as HEADER, portalExport } from "../helpers/statements";

const mpesaLine = (code: string, account: string, details = "Pay Bill") =>
  [
    code,
    `${today()} 09:30:00`,
    `${today()} 09:30:00`,
    details,
    "Completed",
    '"1,000.00"',
    "",
    "0",
    "true",
    "Pay Bill Online",
    "PAYER",
    "",
    account,
  ].join(",");

describe("statements: size, odd files (finding 14)", () => {
  const store = useTempDiskStorageOnce();
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    admin = await signedInAdmin();
  });

  it("accepts a real 20,000-line portal export with Details and Other Party Info filled (3.8 MB)", async () => {
    const bytes = portalExport(MAX_STATEMENT_LINES, today());
    expect(bytes.byteLength).toBeGreaterThan(3.5 * 1024 * 1024);
    const request = multipartRequest(
      "http://localhost/admin/finance/imports",
      admin.cookie,
      { kind: "mpesa" },
      {
        name: "mpesa-statement.csv",
        type: "text/csv",
        bytes,
      },
    );
    const answered = await answer(() => importsRoute.action(admin.args(request) as never));
    expect(answered.data?.error).toBeUndefined();
    expect(answered.status).toBe(302);
    const id = answered.location?.split("/").pop() as string;
    const item = await findImport(id);
    const preview = await previewImport(item as NonNullable<typeof item>);
    expect(preview).toHaveLength(MAX_STATEMENT_LINES);
    expect(preview.filter((line) => line.refusal)).toEqual([]);
  }, 120_000);

  it("bounds a statement by bytes and by lines", async () => {
    expect(STATEMENT_MAX_BYTES).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    const tooMany = portalExport(MAX_STATEMENT_LINES + 100, today());
    const refused = await createImport(ACTOR, "mpesa", "long.csv", tooMany);
    expect(refused).toEqual({
      ok: false,
      message: "The statement has more than 20,000 lines. Import a shorter period.",
    });
    const request = multipartRequest(
      "http://localhost/admin/finance/imports",
      admin.cookie,
      { kind: "mpesa" },
      {
        name: "huge.csv",
        type: "text/csv",
        bytes: Buffer.alloc(STATEMENT_MAX_BYTES + 1, "a"),
      },
    );
    const answered = await answer(() => importsRoute.action(admin.args(request) as never));
    expect(answered.status).toBe(413);
    expect(answered.data?.error).toMatch(/^The statement is too large: at most \d+(\.\d)? MB\./);
  }, 120_000);

  const oneCell = "x".repeat(70 * 1024);
  const oddFiles: [string, "mpesa" | "bank", Buffer][] = [
    ["M-PESA, a 70 KB cell", "mpesa", Buffer.from(`${HEADER}\r\n${mpesaLine("TKA0000001", oneCell)}\r\n`)],
    [
      "bank, a 70 KB cell",
      "bank",
      Buffer.from(`Date,Credit,Ref,Narrative,Remitter\r\n${today()},100,R1,${oneCell},X\r\n`),
    ],
    [
      "M-PESA, LF lines under a CRLF header",
      "mpesa",
      Buffer.from(
        `${HEADER}\r\n${Array.from({ length: 2000 }, (_, i) => mpesaLine(`TKB${String(i).padStart(7, "0")}`, "MF12345678")).join("\n")}\n`,
      ),
    ],
    [
      "bank, LF lines under a CRLF header",
      "bank",
      Buffer.from(
        `Date,Credit,Ref,Narrative,Remitter\r\n${Array.from({ length: 2000 }, (_, i) => `${today()},100,R${i},MF12345678,PAYER`).join("\n")}\n`,
      ),
    ],
  ];
  for (const [name, kind, bytes] of oddFiles) {
    it(`answers ${name} without a server error: read, or refused with a reason`, async () => {
      const outcome = await createImport(ACTOR, kind, "odd.csv", bytes);
      if (name.includes("70 KB")) {
        expect(outcome).toEqual({
          ok: false,
          message:
            "Line 2 is longer than 64 KB: the file is not a statement as the bank or the portal exports it.",
        });
        return;
      }
      // LF lines are lines: each is read on its own, not run together into one
      expect(outcome.ok).toBe(true);
      if (outcome.ok && kind === "mpesa") {
        const item = await findImport(outcome.id);
        expect(await previewImport(item as NonNullable<typeof item>)).toHaveLength(2000);
      }
    });
  }

  it("refuses an M-PESA statement with a lone quote, naming the line", async () => {
    const bytes = Buffer.from(
      `${HEADER}\r\n${mpesaLine("TKC0000001", "MF12345678")}\r\n${mpesaLine("TKC0000002", "MF12345678", 'Pay Bill "Online')}\r\n${mpesaLine("TKC0000003", "MF12345678")}\r\n`,
    );
    const outcome = await createImport(ACTOR, "mpesa", "quote.csv", bytes);
    expect(outcome).toEqual({ ok: false, message: expect.stringMatching(/quote/i) });
    expect(outcome.ok ? "" : outcome.message).toMatch(/^Line 3 has a quote/);
  });

  afterAll(() => store.remove());
});

describe("images: a sound header over broken pixels (finding 14)", () => {
  const store = useTempDiskStorageOnce();
  let file: { path: string; size: number; name: string };
  beforeAll(async () => {
    const bytes = await pngWithBrokenPixels();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-broken-"));
    file = { path: path.join(dir, "broken.png"), size: bytes.byteLength, name: "broken.png" };
    fs.writeFileSync(file.path, bytes);
  });

  const refusal = async (run: () => Promise<unknown>) => {
    try {
      await run();
      return "accepted";
    } catch (error) {
      return error;
    }
  };

  it("is refused as not an image (415) by every screen's reader, and nothing is left stored", async () => {
    for (const run of [
      () => storeImage(file), // Images, Gallery
      () => withPicture(file, async () => "saved"), // Clients, Facilitators
      () => saveDocumentImage(ACTOR, "logo", file), // letterhead logo
      () => saveDocumentImage(ACTOR, "signature", file), // letterhead signature
    ]) {
      const error = await refusal(run);
      expect(error).toBeInstanceOf(UploadError);
      expect(error).toMatchObject({
        status: 415,
        message: expect.stringMatching(/^This file is not an image/),
      });
    }
    expect(store.keys()).toEqual([]);
  });
});

describe("M-PESA Express callbacks with a NUL (finding 14)", () => {
  beforeEach(async () => {
    await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  });

  const success = (fields: Record<string, unknown>, receipt: string) => ({
    Body: {
      stkCallback: {
        MerchantRequestID: "29115-34620561-1",
        CheckoutRequestID: "ws_CO_191220191020363925",
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        CallbackMetadata: {
          Item: [
            { Name: "Amount", Value: 1000 },
            { Name: "MpesaReceiptNumber", Value: receipt },
            { Name: "TransactionDate", Value: Number(`${today().replaceAll("-", "")}101500`) },
            { Name: "PhoneNumber", Value: 254708374149 },
          ],
        },
        ...fields,
      },
    },
  });

  for (const [name, fields] of [
    ["CheckoutRequestID", { CheckoutRequestID: "ws_CO_19122019\u00001020363925" }],
    ["MerchantRequestID", { MerchantRequestID: "29115\u0000-34620561-1" }],
    ["ResultDesc", { ResultDesc: "processed\u0000 successfully" }],
  ] as const) {
    it(`records or holds a success with a NUL in ${name}, never 5xx`, async () => {
      const receipt = `TKN${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
      const answered = await callback("stk", success(fields, receipt));
      expect(answered.status).toBeLessThan(500);
      expect(answered.body.ResultCode).toBe(0);
      const held = await db()
        .select({ reasons: paymentReviews.reasons })
        .from(paymentReviews)
        .where(eq(paymentReviews.transactionCode, receipt));
      // no prompt of ours has such an ID: the money waits for a person, the ID shown readable
      expect(held).toHaveLength(1);
      if (name === "CheckoutRequestID") expect(JSON.stringify(held[0]?.reasons)).toContain("\\\\u0000");
    });
  }

  it("answers a failure with a NUL in its ResultCode or ResultDesc, never 5xx", async () => {
    const failure = {
      Body: {
        stkCallback: {
          MerchantRequestID: "1",
          CheckoutRequestID: "ws_CO_\u0000",
          ResultCode: "1032\u0000",
          ResultDesc: "Request cancelled\u0000 by user",
        },
      },
    };
    expect((await callback("stk", failure)).status).toBeLessThan(500);
  });
});

describe("the portal's sign-in link form (finding 14)", () => {
  let n = 0;
  const ask = (email: string) => requestSignInLink(requestContext(`203.0.113.${(n++ % 200) + 1}`), email);
  const linksOf = (email: string) =>
    db()
      .select({ id: clientSignInLinks.id })
      .from(clientSignInLinks)
      .where(eq(clientSignInLinks.email, email));

  it("answers a known address before any per-address work, then e-mails its link", async () => {
    const run = await newRun();
    const address = (await book(run, 1, "Timing")).booking.contactEmail.toLowerCase();
    const answered = await ask(address);
    expect(answered.ok).toBe(true);
    // nothing of the address's own was done before the answer: its link is made afterwards
    expect(await linksOf(address)).toHaveLength(0);
    await afterAnswerSettled();
    expect(await linksOf(address)).toHaveLength(1);
    const mails = await db()
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, "portal_sign_in")));
    expect(mails).toHaveLength(1);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "answers a known address at once while the links table is locked (PostgreSQL)",
    async () => {
      const run = await newRun();
      const address = (await book(run, 1, "Busy")).booking.contactEmail.toLowerCase();
      // a connection of its own from the test database's pool holds the lock
      const other = await (
        getDatabaseHandle().pool as NonNullable<ReturnType<typeof getDatabaseHandle>["pool"]>
      ).connect();
      try {
        await other.query("begin");
        await other.query("lock table client_sign_in_links in access exclusive mode");
        const started = performance.now();
        expect((await ask(address)).ok).toBe(true);
        expect(performance.now() - started).toBeLessThan(1_000);
        await other.query("commit");
        await afterAnswerSettled();
        expect(await linksOf(address)).toHaveLength(1);
      } finally {
        await other.query("rollback").catch(() => {});
        other.release();
      }
    },
  );
});

/** Files stored on a temporary disk for the describe block, removed after it. */
function useTempDiskStorageOnce() {
  const holder: { store?: ReturnType<typeof useTempDiskStorage> } = {};
  beforeAll(() => {
    holder.store = startTempDiskStorage();
  });
  return {
    keys: () => holder.store?.keys() ?? [],
    remove: () => holder.store?.remove(),
  };
}
