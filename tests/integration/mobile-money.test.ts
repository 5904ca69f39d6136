import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { payPath } from "#app/booking/index.server";
import {
  airtelCallbackHash,
  bookingBalance,
  checkBookingPrompt,
  forgetAirtelTokens,
  forgetMtnTokens,
  getMobileMoneyCredentials,
  issueDueReceipts,
  PROMPT_ADAPTERS,
  saveMobileMoneyCredentials,
  startMobileMoneyPrompt,
} from "#app/money/index.server";
import {
  documentSequences,
  mobileMoneyCredentials,
  mobileMoneyPrompts,
  paymentReviews,
  payments,
} from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as callbackRoute from "#app/routes/money/public/mobile-money-callback";
import * as payRoute from "#app/routes/money/public/pay";
import * as officesRoute from "#app/routes/offices/offices";
import { courseRuns } from "#app/site/tables.server";
import { mobileMoneyMsisdn } from "#app/utils/phone";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { AIRTEL_KEYS, type AirtelMoneyStandIn, startAirtelMoneyStandIn } from "../helpers/airtel-money";
import { contextFor, formRequest } from "../helpers/form-post";
import { ACTOR, book, confirmAll, documentsOf, newRun, SECRET } from "../helpers/money";
import { MTN_KEYS, type MtnMomoStandIn, mtnStatusBody, startMtnMomoStandIn } from "../helpers/mtn-momo";
import { standInForFile } from "../helpers/stand-in-env";

// MTN MoMo Collections and Airtel Money behind the one mobile-money adapter (issue 52, decisions 0815–0817),
// against stand-ins written from the providers' public documentation.

const mtn = standInForFile(
  () => startMtnMomoStandIn({ sendCallbacks: false }),
  (standIn) => ({ MTN_MOMO_URL: standIn.url, MOBILE_MONEY_TIMEOUT_SECONDS: "1" }),
);
const airtel = standInForFile(
  () => startAirtelMoneyStandIn({ sendCallbacks: false }),
  (standIn) => ({ AIRTEL_MONEY_URL: standIn.url }),
);

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  for (const office of ["kampala", "kigali"] as const) {
    await saveMobileMoneyCredentials(ACTOR, {
      office,
      provider: "mtn_momo",
      environment: "sandbox",
      keyId: MTN_KEYS.apiUser,
      secrets: { apiKey: MTN_KEYS.apiKey, subscriptionKey: MTN_KEYS.subscriptionKey },
    });
    await saveMobileMoneyCredentials(ACTOR, {
      office,
      provider: "airtel_money",
      environment: "sandbox",
      keyId: AIRTEL_KEYS.clientId,
      secrets: { clientSecret: AIRTEL_KEYS.clientSecret, callbackKey: AIRTEL_KEYS.callbackKey },
    });
  }
});

/** A confirmed booking of one participant on a run sold by `office`, priced in its currency. */
async function bookingSoldBy(office: "kampala" | "kigali", price = "1500000") {
  const runId = await newRun(price);
  await db()
    .update(courseRuns)
    .set(
      office === "kampala"
        ? { sellingOffice: "kampala", currency: "UGX", venue: "Kampala Serena, Uganda", country: "Uganda" }
        : { sellingOffice: "kigali", currency: "RWF", venue: "Kigali Marriott, Rwanda", country: "Rwanda" },
    )
    .where(eq(courseRuns.id, runId));
  const { booking, participants } = await book(runId, 1, "Nakato");
  await confirmAll(runId, participants);
  return booking;
}

const balanceOf = async (bookingId: string) => (await bookingBalance(db(), bookingId)).balanceCents;
const promptOf = async (bookingId: string) =>
  (await db().select().from(mobileMoneyPrompts).where(eq(mobileMoneyPrompts.bookingId, bookingId))).at(-1);
const paymentsOf = (bookingId: string) =>
  db().select().from(payments).where(eq(payments.bookingId, bookingId));
const lastMtn = () => mtn().requests.at(-1) as MtnMomoStandIn["requests"][number];
const lastAirtel = () => airtel().pushes.at(-1) as AirtelMoneyStandIn["pushes"][number];

/** Posts a callback to the server's route as the provider sends it. */
async function postCallback(provider: string, office: string, body: unknown, query = "", method = "POST") {
  const request = new Request(`http://localhost/api/mobile-money/${provider}/${office}${query}`, {
    method,
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = (await callbackRoute.action({
    request,
    params: { provider, office },
    context: contextFor(),
  } as never)) as Response;
  return { status: response.status, body: (await response.json()) as { message: string } };
}

/** MTN's callback for its newest request, as the stand-in would send it (PUT, ?reference= of our X-Callback-Url). */
const mtnCallback = (claim: "lookup" | "callback" = "callback") => {
  const request = lastMtn();
  return postCallback(
    "mtn_momo",
    "kampala",
    mtnStatusBody(request, claim),
    new URL(request.callbackUrl ?? "").search,
    "PUT",
  );
};

describe("the adapter contract, the same for MTN MoMo and Airtel Money", () => {
  const cases = [
    {
      provider: "mtn_momo" as const,
      next: (o: "paid" | "failed" | "timeout" | "http500") =>
        mtn().next(
          o === "paid"
            ? { kind: "successful" }
            : o === "failed"
              ? { kind: "failed", reason: "NOT_ENOUGH_FUNDS" }
              : { kind: o },
        ),
      failedCode: "NOT_ENOUGH_FUNDS",
    },
    {
      provider: "airtel_money" as const,
      next: (o: "paid" | "failed" | "timeout" | "http500") =>
        airtel().next(
          o === "paid"
            ? { kind: "paid" }
            : o === "failed"
              ? {
                  kind: "failed",
                  responseCode: "DP00800001007",
                  message: "User wallet does not have enough money to cover the payable amount.",
                }
              : { kind: o },
        ),
      failedCode: "DP00800001007",
    },
  ];
  for (const { provider, next, failedCode } of cases) {
    const adapter = PROMPT_ADAPTERS[provider];
    const request = (referenceId: string) => ({
      referenceId,
      msisdn: "256772123456",
      amountMinor: 50_000,
      currency: "UGX",
      country: "UG",
      externalId: "MF-TEST-1",
      callbackUrl: "http://localhost/api/mobile-money/x/kampala",
    });
    test(`${provider}: accepted, then paid by the status lookup with the provider's transaction id`, async () => {
      const credentials = await getMobileMoneyCredentials("kampala", provider);
      if (!credentials) throw new Error("no credentials");
      next("paid");
      const id = crypto.randomUUID();
      expect(await adapter.start(credentials, request(id))).toMatchObject({ kind: "accepted" });
      expect(await adapter.status(credentials, id, "UG")).toMatchObject({
        kind: "paid",
        transactionId: expect.any(String),
      });
    });
    test(`${provider}: a documented failure comes back as its code, told in plain words`, async () => {
      const credentials = await getMobileMoneyCredentials("kampala", provider);
      if (!credentials) throw new Error("no credentials");
      next("failed");
      const id = crypto.randomUUID();
      await adapter.start(credentials, request(id));
      const status = await adapter.status(credentials, id, "UG");
      expect(status).toMatchObject({ kind: "failed", code: failedCode });
      expect(adapter.reasonText(failedCode)).toMatch(/balance was not enough.*Nothing was paid/);
    });
    test(`${provider}: a timeout and a 5xx are unreachable, never an exception`, async () => {
      const credentials = await getMobileMoneyCredentials("kampala", provider);
      if (!credentials) throw new Error("no credentials");
      next("timeout");
      expect(await adapter.start(credentials, request(crypto.randomUUID()))).toMatchObject({
        kind: "unreachable",
        message: expect.stringContaining("did not answer in time"),
      });
      next("http500");
      expect(await adapter.start(credentials, request(crypto.randomUUID()))).toMatchObject({
        kind: "unreachable",
      });
    });
  }
  test("MTN's reasons in plain words", () => {
    const words = (code: string) => PROMPT_ADAPTERS.mtn_momo.reasonText(code);
    expect(words("PAYER_NOT_FOUND")).toContain("no MTN Mobile Money account");
    expect(words("APPROVAL_REJECTED")).toContain("You declined");
    expect(words("EXPIRED")).toContain("expired");
    expect(words("SOMETHING_NEW")).toBe(
      "The payment did not go through (MTN MoMo said: “SOMETHING_NEW”). Nothing was paid.",
    );
  });
  test("the payer's number as each country's operator writes it", () => {
    expect(mobileMoneyMsisdn("UG", "0772 123 456")).toBe("256772123456");
    expect(mobileMoneyMsisdn("UG", "+256 772 123 456")).toBe("256772123456");
    expect(mobileMoneyMsisdn("RW", "0788 123 456")).toBe("250788123456");
    expect(mobileMoneyMsisdn("RW", "0772 123 456")).toBe("250772123456");
    expect(mobileMoneyMsisdn("UG", "+250 788 123 456")).toBeNull();
    expect(mobileMoneyMsisdn("UG", "0412 123 456")).toBeNull();
  });
});

describe("paying a Kampala booking with MTN MoMo", () => {
  test("the request MTN gets; paid only after the status lookup; a receipt in UGX in the Kampala series", async () => {
    forgetMtnTokens();
    const booking = await bookingSoldBy("kampala");
    const due = await balanceOf(booking.id);
    const nairobiBefore = await db()
      .select()
      .from(documentSequences)
      .where(and(eq(documentSequences.kind, "receipt"), eq(documentSequences.office, "nairobi")));
    const started = await startMobileMoneyPrompt(
      booking.id,
      { provider: "mtn_momo", phone: "0772 123 456", amountMinor: due },
      ACTOR,
    );
    expect(started).toEqual({
      ok: true,
      message: expect.stringContaining("approve the MTN Mobile Money prompt"),
    });
    const sent = lastMtn();
    expect(sent.targetEnvironment).toBe("sandbox");
    expect(sent.body).toMatchObject({
      amount: String(due),
      currency: "UGX",
      externalId: booking.reference,
      payer: { partyIdType: "MSISDN", partyId: "256772123456" },
    });
    expect(sent.callbackUrl).toMatch(/\/api\/mobile-money\/mtn_momo\/kampala\?reference=[0-9a-f-]{36}$/);
    expect((await promptOf(booking.id))?.state).toBe("pending");
    expect(await paymentsOf(booking.id)).toHaveLength(0);

    expect((await mtnCallback()).status).toBe(200);
    const [payment] = await paymentsOf(booking.id);
    expect(payment).toMatchObject({
      method: "mtn_momo",
      source: "mobile_money_prompt",
      amountCents: due,
      transactionCode: sent.financialTransactionId,
      payerPhone: "256772123456",
    });
    expect(await promptOf(booking.id)).toMatchObject({ state: "paid", paymentId: payment?.id });
    // the callback again (MTN retries): one payment, one receipt
    await mtnCallback();
    expect(await paymentsOf(booking.id)).toHaveLength(1);
    await issueDueReceipts();
    const receipts = (await documentsOf(booking.id)).filter((d) => d.kind === "receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.number).toMatch(/^KLA-/);
    expect(receipts[0]?.currency).toBe("UGX");
    const nairobiAfter = await db()
      .select()
      .from(documentSequences)
      .where(and(eq(documentSequences.kind, "receipt"), eq(documentSequences.office, "nairobi")));
    expect(nairobiAfter).toEqual(nairobiBefore);
  });

  test("a lying callback (SUCCESSFUL while the lookup says FAILED) records nothing and shows MTN's reason", async () => {
    const booking = await bookingSoldBy("kampala");
    mtn().next({ kind: "lie", reason: "APPROVAL_REJECTED" });
    await startMobileMoneyPrompt(
      booking.id,
      { provider: "mtn_momo", phone: "0772123456", amountMinor: 100_000 },
      ACTOR,
    );
    expect((await mtnCallback("callback")).status).toBe(200);
    expect(await paymentsOf(booking.id)).toHaveLength(0);
    expect(
      await db().select().from(paymentReviews).where(eq(paymentReviews.accountReference, booking.reference)),
    ).toHaveLength(0);
    expect(await promptOf(booking.id)).toMatchObject({ state: "failed", reason: "APPROVAL_REJECTED" });
  });

  test("an unsigned callback while the lookup still says PENDING records nothing; one naming no prompt is ignored", async () => {
    const booking = await bookingSoldBy("kampala");
    mtn().next({ kind: "pending" });
    await startMobileMoneyPrompt(
      booking.id,
      { provider: "mtn_momo", phone: "0772123456", amountMinor: 100_000 },
      ACTOR,
    );
    const forged = { ...mtnStatusBody(lastMtn()), status: "SUCCESSFUL", financialTransactionId: "123456789" };
    const query = new URL(lastMtn().callbackUrl ?? "").search;
    expect((await postCallback("mtn_momo", "kampala", forged, query, "PUT")).status).toBe(200);
    expect(await paymentsOf(booking.id)).toHaveLength(0);
    expect((await promptOf(booking.id))?.state).toBe("pending");
    const stranger = await postCallback(
      "mtn_momo",
      "kampala",
      forged,
      `?reference=${crypto.randomUUID()}`,
      "PUT",
    );
    expect(stranger.status).toBe(200);
    expect(await paymentsOf(booking.id)).toHaveLength(0);
  });

  test("one prompt per booking at a time, even asked twice at once", async () => {
    const booking = await bookingSoldBy("kampala");
    // only one of the two reaches MTN
    mtn().next({ kind: "pending" });
    const ask = () =>
      startMobileMoneyPrompt(
        booking.id,
        { provider: "mtn_momo", phone: "0772123456", amountMinor: 100_000 },
        ACTOR,
      );
    const answers = await Promise.all([ask(), ask()]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({
      status: 409,
      message: expect.stringContaining("already on its way"),
    });
    const airtelToo = await startMobileMoneyPrompt(
      booking.id,
      { provider: "airtel_money", phone: "0752123456", amountMinor: 100_000 },
      ACTOR,
    );
    expect(airtelToo).toMatchObject({ ok: false, status: 409 });
    expect(
      await db().select().from(mobileMoneyPrompts).where(eq(mobileMoneyPrompts.bookingId, booking.id)),
    ).toHaveLength(1);
  });

  test("refusals in plain words: another country's number, MTN's failure, a timeout, a 5xx; money never 5xx", async () => {
    const booking = await bookingSoldBy("kampala");
    const pay = (phone = "0772123456") =>
      startMobileMoneyPrompt(booking.id, { provider: "mtn_momo", phone, amountMinor: 100_000 }, ACTOR);
    expect(await pay("+250 788 123 456")).toEqual({
      ok: false,
      status: 400,
      message: "Enter a Ugandan mobile number such as 0772 123 456.",
    });
    mtn().next({ kind: "refuse", status: 400, code: "PAYER_NOT_FOUND", message: "Payer not found" });
    expect(await pay()).toMatchObject({
      ok: false,
      message: expect.stringContaining("no MTN Mobile Money account"),
    });
    mtn().next({ kind: "timeout" });
    expect(await pay()).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("did not answer"),
    });
    expect((await promptOf(booking.id))?.state).toBe("unknown");
    mtn().next({ kind: "http500" });
    expect(await pay()).toMatchObject({ ok: false, status: 409 });
    expect(await pay("0772123456")).toMatchObject({ ok: true });
    expect(
      await startMobileMoneyPrompt(
        booking.id,
        { provider: "mtn_momo", phone: "0772123456", amountMinor: 10 ** 12 },
        ACTOR,
      ),
    ).toMatchObject({ ok: false, status: 409 });
    expect((await postCallback("mtn_momo", "kampala", "{not json", "")).status).toBe(400);
    expect((await postCallback("mtn_momo", "nowhere", {}, "")).status).toBe(404);
    expect((await postCallback("mpesa", "kampala", {}, "")).status).toBe(404);
    expect(await paymentsOf(booking.id)).toHaveLength(0);
  });

  test("a Nairobi booking cannot be paid with MTN MoMo: Nairobi does not take it", async () => {
    const runId = await newRun("10000.00");
    const { booking, participants } = await book(runId, 1, "Wanjiru");
    await confirmAll(runId, participants);
    expect(
      await startMobileMoneyPrompt(
        booking.id,
        { provider: "mtn_momo", phone: "0772123456", amountMinor: 1000 },
        ACTOR,
      ),
    ).toEqual({ ok: false, status: 409, message: "The Nairobi office does not take MTN Mobile Money." });
  });
});

describe("paying a Kigali booking with Airtel Money", () => {
  test("the push Airtel gets; its hashed callback, then the enquiry, records the payment in RWF", async () => {
    forgetAirtelTokens();
    const booking = await bookingSoldBy("kigali", "400000");
    airtel().setCallbackUrl("http://localhost/api/mobile-money/airtel_money/kigali");
    const due = await balanceOf(booking.id);
    expect(
      await startMobileMoneyPrompt(
        booking.id,
        { provider: "airtel_money", phone: "0732 123 456", amountMinor: due },
        ACTOR,
      ),
    ).toMatchObject({ ok: true });
    const push = lastAirtel();
    expect(push.country).toBe("RW");
    expect(push.currency).toBe("RWF");
    expect(push.body).toMatchObject({
      reference: booking.reference,
      subscriber: { country: "RW", currency: "RWF", msisdn: "732123456" },
      transaction: { amount: due, country: "RW", currency: "RWF" },
    });
    const body = airtel().callbackBody(push);
    expect(body).toHaveProperty("hash", airtelCallbackHash(AIRTEL_KEYS.callbackKey, body.transaction));
    expect((await postCallback("airtel_money", "kigali", body)).status).toBe(200);
    const [payment] = await paymentsOf(booking.id);
    expect(payment).toMatchObject({
      method: "airtel_money",
      amountCents: due,
      transactionCode: push.airtelMoneyId.toUpperCase(),
    });
  });

  test("a callback with a wrong hash is refused; a lying one records nothing; the enquiry tells the failure", async () => {
    const booking = await bookingSoldBy("kigali", "400000");
    airtel().next({ kind: "lie", responseCode: "DP00800001002", message: "Incorrect Pin has been entered." });
    await startMobileMoneyPrompt(
      booking.id,
      { provider: "airtel_money", phone: "0732123456", amountMinor: 1000 },
      ACTOR,
    );
    const push = lastAirtel();
    const body = airtel().callbackBody(push);
    const tampered = { ...body, hash: airtelCallbackHash("someone-else", body.transaction) };
    expect(await postCallback("airtel_money", "kigali", tampered)).toEqual({
      status: 400,
      body: { message: "The callback's hash does not match." },
    });
    expect((await promptOf(booking.id))?.state).toBe("pending");
    expect((await postCallback("airtel_money", "kigali", body)).status).toBe(200);
    expect(await paymentsOf(booking.id)).toHaveLength(0);
    const prompt = await promptOf(booking.id);
    expect(prompt).toMatchObject({ state: "failed", reason: "DP00800001002" });
    expect(PROMPT_ADAPTERS.airtel_money.reasonText(prompt?.reason ?? null)).toBe(
      "The Airtel Money PIN was wrong. Nothing was paid.",
    );
  });

  test("no callback: 'Check again' asks the enquiry, and a payment still in progress stays open", async () => {
    const booking = await bookingSoldBy("kigali", "400000");
    airtel().next({ kind: "pending" });
    await startMobileMoneyPrompt(
      booking.id,
      { provider: "airtel_money", phone: "0732123456", amountMinor: 1000 },
      ACTOR,
    );
    await checkBookingPrompt(booking.id, ACTOR);
    expect((await promptOf(booking.id))?.state).toBe("pending");
    lastAirtel().outcome = { kind: "paid" };
    await checkBookingPrompt(booking.id, ACTOR);
    expect((await promptOf(booking.id))?.state).toBe("paid");
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });
});

describe("the pay page of a Kampala booking", () => {
  const signedOf = (reference: string) => payPath(reference).slice("/pay/".length);
  const loaderOf = async (reference: string) => {
    const result = (await payRoute.loader({
      params: { booking: signedOf(reference) },
    } as never)) as unknown as {
      data: { mobileMoney: { mpesa: boolean; currency: string; ways: { provider: string }[] } };
    };
    return result.data.mobileMoney;
  };
  const payAction = async (reference: string, fields: Record<string, string>) => {
    const signed = signedOf(reference);
    const result = (await payRoute.action({
      request: formRequest(`/pay/${signed}`, fields),
      params: { booking: signed },
      context: contextFor(),
    } as never)) as {
      data: { ok: boolean; message: string; fieldErrors?: object };
      init: { status?: number } | null;
    };
    return { status: result.init?.status ?? 200, body: result.data };
  };

  test("offers MTN MoMo and Airtel Money in UGX, not M-PESA; sends the prompt; bad input gets a specific message", async () => {
    const booking = await bookingSoldBy("kampala");
    expect(await loaderOf(booking.reference)).toMatchObject({
      mpesa: false,
      currency: "UGX",
      ways: [{ provider: "mtn_momo" }, { provider: "airtel_money" }],
    });
    const bad = await payAction(booking.reference, {
      intent: "mobile-money",
      provider: "mtn_momo",
      phone: "0772123456",
      amount: "12.50",
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { fieldErrors: { amount: ["Enter a whole amount, at least 1"] } },
    });
    const wrongCountry = await payAction(booking.reference, {
      intent: "mobile-money",
      provider: "mtn_momo",
      phone: "+254 712 345 678",
      amount: "1000",
    });
    expect(wrongCountry).toMatchObject({
      status: 400,
      body: { message: "Enter a Ugandan mobile number such as 0772 123 456." },
    });
    expect(await promptOf(booking.id)).toBeUndefined();
    mtn().next({ kind: "pending" });
    const sent = await payAction(booking.reference, {
      intent: "mobile-money",
      provider: "mtn_momo",
      phone: "0772 123 456",
      amount: "100,000",
    });
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    expect(await promptOf(booking.id)).toMatchObject({
      amountCents: 100_000,
      currency: "UGX",
      state: "pending",
    });
  });
});

describe("an office's mobile-money accounts on the Selling offices page", () => {
  test("finance saves Kigali's MTN account sealed; an empty secret keeps the stored one; bad input changes nothing", async () => {
    const finance = await signedInAdmin({ roles: ["finance"] });
    const post = (form: Record<string, string>) =>
      answer(() => officesRoute.action(finance.args("/admin/finance/offices", { form }) as never));
    const form = {
      intent: "mobile-money-account",
      code: "kigali",
      provider: "mtn_momo",
      environment: "production",
      keyId: MTN_KEYS.apiUser,
      secret1: "",
      secret2: "",
    };
    const bad = await post({ ...form, keyId: "has spaces in it" });
    expect(bad).toMatchObject({
      status: 400,
      data: { message: "The API user or client id has no spaces or accents" },
    });
    expect(await post(form)).toMatchObject({
      status: 200,
      data: { ok: true, message: "MTN Mobile Money account saved" },
    });
    const opened = await getMobileMoneyCredentials("kigali", "mtn_momo");
    expect(opened).toMatchObject({ environment: "production", secrets: { apiKey: MTN_KEYS.apiKey } });
    const [row] = await db()
      .select()
      .from(mobileMoneyCredentials)
      .where(
        and(eq(mobileMoneyCredentials.office, "kigali"), eq(mobileMoneyCredentials.provider, "mtn_momo")),
      );
    expect(row?.secretsSealed).not.toContain(MTN_KEYS.apiKey);
    const reader = await signedInAdmin({ roles: ["registrar"] });
    const refused = await answer(() =>
      officesRoute.action(reader.args("/admin/finance/offices", { form }) as never),
    );
    expect(refused.status).toBe(403);
  });
});
