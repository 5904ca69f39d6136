import crypto from "node:crypto";
import { db } from "#app/platform/db/client.server";
import { logger } from "#app/platform/logger.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { now } from "#app/utils/clock";
import { getFinanceProfile } from "../documents/finance-profile.server";
import { darajaTimestamp } from "./daraja.server";
import type { C2BCallback } from "./mpesa.server";

/** What the confirmation URL answers a test confirmation: accepted, and said to be recorded nowhere. */
export const C2B_TEST_ACCEPTED = { ResultCode: "0", ResultDesc: "Accepted: test confirmation, not recorded" };

/** Safaricom's sandbox test MSISDN: the payer of every test confirmation. */
const TEST_PAYER = "254708374149";
const ANSWER_LIMIT = 2_000;
const TIMEOUT_MS = 10_000;

/**
 * A test confirmation's account number: "TEST" and the first 8 hex digits of an HMAC of its TransID under the
 * callback secret. Only a holder of the secret can make one, so a customer who types "TEST…" as the account of
 * a real payment cannot make their money be ignored: the confirmation does not match and is recorded as usual.
 */
function testAccountReference(transId: string, secret: string) {
  const mac = crypto.createHmac("sha256", secret).update(`c2b-test:${transId}`).digest("hex");
  return `TEST${mac.slice(0, 8).toUpperCase()}`;
}

/** Whether a confirmation is one the M-PESA section sent to try the URL (answered, never recorded). */
export async function isTestConfirmation(callback: C2BCallback) {
  const reference = callback.BillRefNumber?.trim().toUpperCase() ?? "";
  if (!reference.startsWith("TEST")) return false;
  const { mpesa_callback_secret: secret } = await getSettings();
  if (!secret) return false;
  const expected = Buffer.from(testAccountReference(callback.TransID.trim().toUpperCase(), secret));
  const given = Buffer.from(reference);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** A receipt-number-shaped TransID: ten upper-case letters and digits, as Safaricom issues them. */
const transId = () => {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return Array.from(crypto.randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join("");
};

export type TestConfirmationOutcome = { ok: boolean; message: string };

/**
 * Posts a confirmation shaped as Safaricom's C2B confirmation (payer MSISDN hashed as Safaricom has sent it
 * since July 2024) to the site's own confirmation URL under `siteUrl`, over HTTP as Safaricom would, and says
 * whether it was accepted: this tries the secret, the public address and everything between them.
 */
export async function sendTestConfirmation(siteUrl: string): Promise<TestConfirmationOutcome> {
  const { mpesa_callback_secret: secret } = await getSettings();
  if (!secret)
    return { ok: false, message: "Set the callback secret first: the confirmation URL contains it." };
  const { paybill } = await getFinanceProfile(db());
  if (!paybill) return { ok: false, message: "Set the paybill in the payment details first." };
  const id = transId();
  const body = {
    TransactionType: "Pay Bill",
    TransID: id,
    TransTime: darajaTimestamp(now()),
    TransAmount: "1.00",
    BusinessShortCode: paybill,
    BillRefNumber: testAccountReference(id, secret),
    InvoiceNumber: "",
    OrgAccountBalance: "",
    ThirdPartyTransID: "",
    MSISDN: crypto.createHash("sha256").update(TEST_PAYER).digest("hex"),
    FirstName: "Test",
    MiddleName: "",
    LastName: "Confirmation",
  } satisfies C2BCallback & Record<string, string>;
  const url = `${siteUrl.replace(/\/$/, "")}/api/mpesa/${secret}/confirmation`;
  const shown = url.replace(secret, "<secret>");
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = (await response.text()).slice(0, ANSWER_LIMIT);
    let answer: { ResultCode?: unknown; ResultDesc?: unknown } = {};
    try {
      answer = JSON.parse(text);
    } catch {
      // not JSON: told below as it came
    }
    if (response.status === 200 && answer.ResultDesc === C2B_TEST_ACCEPTED.ResultDesc) {
      return {
        ok: true,
        message: `Accepted: ${shown} answered HTTP 200, ResultCode ${String(answer.ResultCode)}. Nothing was recorded.`,
      };
    }
    return {
      ok: false,
      message: `Not accepted: ${shown} answered HTTP ${response.status}: ${text.slice(0, 200) || "(empty)"}`,
    };
  } catch (error) {
    logger.warn({ err: error }, "M-PESA test confirmation did not reach the site");
    const why =
      error instanceof Error && error.name === "TimeoutError" ? "no answer within 10 seconds" : "no answer";
    return { ok: false, message: `Not accepted: ${shown} gave ${why}. Check PUBLIC_URL.` };
  }
}
