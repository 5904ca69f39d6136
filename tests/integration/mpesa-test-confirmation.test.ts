import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { paymentReviews, payments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { resetEnv } from "#app/platform/env.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as settingsRoute from "#app/routes/back-office/settings";
import * as mpesaRoute from "#app/routes/money/public/mpesa-callback";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { contextFor } from "../helpers/form-post";
import { c2b, callback, SECRET } from "../helpers/money";

// The site's own callback route behind a real HTTP server: the test confirmation goes there as Safaricom's would.
let site: http.Server;
let siteUrl = "";
const received: Record<string, string>[] = [];
const previousUrl = process.env.PUBLIC_URL;

beforeAll(async () => {
  site = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    received.push(JSON.parse(body));
    const [, , , secret = "", kind = ""] = (req.url ?? "").split("/");
    const response = (await mpesaRoute.action({
      request: new Request(`${siteUrl}${req.url}`, {
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "" },
        body,
      }),
      params: { secret, kind },
      context: contextFor(),
    } as never)) as Response;
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  process.env.PUBLIC_URL = siteUrl;
  resetEnv();
});
afterAll(async () => {
  if (previousUrl === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = previousUrl;
  resetEnv();
  await new Promise((resolve) => site.close(resolve));
});
beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
});

const moneyRows = async () => ({
  payments: (await db().select({ n: count() }).from(payments))[0]?.n,
  reviews: (await db().select({ n: count() }).from(paymentReviews))[0]?.n,
});
const sendAs = async (roles: ("owner" | "finance" | "registrar" | "editor" | "viewer")[]) => {
  const staff = await signedInAdmin({ roles });
  return answer(() =>
    settingsRoute.action(staff.args("/admin/settings", { form: { intent: "mpesa-test" } }) as never),
  );
};

describe("Send a test confirmation", () => {
  test("finance's test confirmation is Safaricom's shape, reaches the URL over HTTP, is accepted and records nothing", async () => {
    const before = await moneyRows();
    const sent = await sendAs(["finance"]);
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({
      mpesaTest: {
        ok: true,
        message: expect.stringContaining("answered HTTP 200, ResultCode 0. Nothing was recorded."),
      },
    });
    expect(JSON.stringify(sent.data)).not.toContain(SECRET);
    const body = received.at(-1) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(
      Object.keys(
        c2b({ InvoiceNumber: "", OrgAccountBalance: "", ThirdPartyTransID: "", MiddleName: "" }),
      ).sort(),
    );
    expect(body).toMatchObject({
      TransactionType: "Pay Bill",
      TransAmount: "1.00",
      BusinessShortCode: "880142",
      BillRefNumber: expect.stringMatching(/^TEST[0-9A-F]{8}$/),
    });
    expect(body.TransID).toMatch(/^[A-Z0-9]{10}$/);
    expect(body.TransTime).toMatch(/^20\d{12}$/);
    // hashed as Safaricom has sent the payer since July 2024
    expect(body.MSISDN).toBe(crypto.createHash("sha256").update("254708374149").digest("hex"));
    expect(await moneyRows()).toEqual(before);
    expect(
      await db()
        .select()
        .from(payments)
        .where(eq(payments.transactionCode, body.TransID as string)),
    ).toEqual([]);
  });

  test("an owner may send one; other roles are refused and nothing is posted", async () => {
    expect((await sendAs(["owner"])).data).toMatchObject({ mpesaTest: { ok: true } });
    const posted = received.length;
    for (const role of ["registrar", "editor", "viewer"] as const) {
      expect((await sendAs([role])).status).toBe(403);
    }
    expect(received).toHaveLength(posted);
  });

  test("a 'TEST' account number that the secret did not sign is a real payment, recorded as usual", async () => {
    const code = `TT${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
    const reply = await callback("confirmation", c2b({ TransID: code, BillRefNumber: "TEST1234ABCD" }));
    expect(reply.body).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
    const rows = await db().select().from(payments).where(eq(payments.transactionCode, code));
    expect(rows).toHaveLength(1);
    // and a signed test reference replayed under another TransID is no test either
    const signed = received.at(-1) as Record<string, string>;
    const other = `TU${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
    await callback("confirmation", { ...signed, TransID: other });
    expect(await db().select().from(payments).where(eq(payments.transactionCode, other))).toHaveLength(1);
  });

  test("without a callback secret it says what to set, and posts nothing", async () => {
    await setSettingValue(db(), "mpesa_callback_secret", "", null);
    const posted = received.length;
    expect((await sendAs(["finance"])).data).toEqual({
      mpesaTest: { ok: false, message: "Set the callback secret first: the confirmation URL contains it." },
    });
    expect(received).toHaveLength(posted);
  });

  test("a site that does not answer is told as not accepted", async () => {
    process.env.PUBLIC_URL = "http://127.0.0.1:9";
    resetEnv();
    try {
      expect((await sendAs(["finance"])).data).toMatchObject({
        mpesaTest: { ok: false, message: expect.stringContaining("gave no answer. Check PUBLIC_URL.") },
      });
    } finally {
      process.env.PUBLIC_URL = siteUrl;
      resetEnv();
    }
  });
});
