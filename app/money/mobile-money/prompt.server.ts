import crypto from "node:crypto";
import { and, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { lockBooking } from "#app/booking/index.server";
import { bookings } from "#app/booking/tables.server";
import { mobileMoneyPrompts, mpesaStkPushes } from "#app/money/tables.server";
import { MOBILE_MONEY_LABELS, OFFICE_COUNTRY } from "#app/offices/index";
import { listOffices } from "#app/offices/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";
import { now } from "#app/utils/clock";
import { today } from "#app/utils/dates";
import { formatMinor, type MinorCurrency } from "#app/utils/minor-units";
import { mobileMoneyMsisdn, mobileNumberExample, mobileNumberHint } from "#app/utils/phone";
import { documentOffice } from "../documents/document-office.server";
import { openProforma, reviseBookingInvoice } from "../documents/finance-document.server";
import { bookingBalance } from "../payments/payment.server";
import { holdPaymentForReview } from "../payments/payment-review.server";
import { recordPaymentThenReceipt } from "../payments/receipt-after-commit.server";
import type { MobileMoneyAdapter, PromptStatus } from "./adapter";
import { airtelMoney } from "./airtel-money.server";
import {
  getMobileMoneyCredentials,
  type MobileMoneyCredentials,
  type PromptProvider,
} from "./credentials.server";
import { mtnMomo } from "./mtn-momo.server";

export type MobileMoneyPrompt = typeof mobileMoneyPrompts.$inferSelect;
export type PromptOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

export const PROMPT_ADAPTERS: Record<PromptProvider, MobileMoneyAdapter<MobileMoneyCredentials>> = {
  mtn_momo: mtnMomo,
  airtel_money: airtelMoney,
};

/** A prompt still unanswered this long after it was sent is given up as unknown: its phone prompt has long gone. */
const GIVE_UP_AFTER_MS = 15 * 60_000;
/** After this long without a callback, the periodic pass asks the provider itself. */
const ASK_AFTER_MS = 60_000;
const OPEN = ["sending", "pending"] as const;

const siteUrl = () => env().PUBLIC_URL.replace(/\/$/, "");
/** Where the provider calls back: MTN per request (X-Callback-Url), Airtel as set on its portal per account. */
export const mobileMoneyCallbackUrl = (provider: PromptProvider, office: string, referenceId?: string) =>
  `${siteUrl()}/api/mobile-money/${provider}/${office}${referenceId ? `?reference=${referenceId}` : ""}`;

const notSetUp = (provider: PromptProvider) =>
  `Paying with ${MOBILE_MONEY_LABELS[provider]} from this page is not available just now. Please pay with the details on your invoice.`;

/** Whether the booking has a prompt open on any way (M-PESA Express included): one at a time per booking. */
async function hasOpenPrompt(tx: Executor, bookingId: string) {
  const [mobile] = await tx
    .select({ id: mobileMoneyPrompts.id })
    .from(mobileMoneyPrompts)
    .where(and(eq(mobileMoneyPrompts.bookingId, bookingId), inArray(mobileMoneyPrompts.state, [...OPEN])));
  const [stk] = await tx
    .select({ id: mpesaStkPushes.id })
    .from(mpesaStkPushes)
    .where(and(eq(mpesaStkPushes.bookingId, bookingId), inArray(mpesaStkPushes.state, [...OPEN])));
  return Boolean(mobile || stk);
}

/** Whether an MTN MoMo or Airtel Money prompt of the booking is open (M-PESA Express refuses a second one). */
export async function hasOpenMobileMoneyPrompt(tx: Executor, bookingId: string) {
  const [open] = await tx
    .select({ id: mobileMoneyPrompts.id })
    .from(mobileMoneyPrompts)
    .where(and(eq(mobileMoneyPrompts.bookingId, bookingId), inArray(mobileMoneyPrompts.state, [...OPEN])));
  return Boolean(open);
}

/** What the page says of a prompt in each state. */
export function promptStateText(
  prompt: Pick<MobileMoneyPrompt, "provider" | "state" | "reason" | "providerTransactionId">,
) {
  const label = MOBILE_MONEY_LABELS[prompt.provider];
  switch (prompt.state) {
    case "sending":
    case "pending":
      return `Check your phone: approve the ${label} prompt with your PIN to pay.`;
    case "paid":
      return `Paid. Thank you: your receipt is on its way by e-mail. ${label} transaction ${prompt.providerTransactionId}.`;
    case "unknown":
      return `${label} did not answer. If your phone shows a prompt you may still approve it; otherwise try again in a minute.`;
    case "failed":
      return PROMPT_ADAPTERS[prompt.provider].reasonText(prompt.reason);
  }
}

/**
 * "Pay with MTN MoMo" / "Pay with Airtel Money": asks the provider to prompt `phone` for `amountMinor` (the
 * balance or a part of it, in the run's currency). The run's office must take that way and hold an account with
 * it. One prompt per booking at a time, on any way: under the booking's lock, and the partial unique index on
 * any process. The provider is called outside the transaction; its answer is written after.
 */
export async function startMobileMoneyPrompt(
  bookingId: string,
  input: { provider: PromptProvider; phone: string; amountMinor: number },
  actor: AuditActor,
): Promise<PromptOutcome> {
  const { provider } = input;
  const label = MOBILE_MONEY_LABELS[provider];
  const opened = await moneyTransaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.status === "cancelled") {
      return {
        ok: false as const,
        status: 409,
        message: "This booking is cancelled: there is nothing to pay.",
      };
    }
    const office = await documentOffice(tx, booking);
    if (!office.mobileMoney.includes(provider)) {
      return {
        ok: false as const,
        status: 409,
        message: `The ${office.name} office does not take ${label}.`,
      };
    }
    const credentials = await getMobileMoneyCredentials(office.code, provider, tx);
    if (!credentials) return { ok: false as const, status: 409, message: notSetUp(provider) };
    const country = OFFICE_COUNTRY[office.code];
    const msisdn = mobileMoneyMsisdn(country, input.phone);
    if (!msisdn) return { ok: false as const, status: 400, message: mobileNumberHint(country) };
    if (await hasOpenPrompt(tx, bookingId)) {
      return {
        ok: false as const,
        status: 409,
        message: "A prompt is already on its way to the phone. Answer it, or check again in a minute.",
      };
    }
    if (!(await openProforma(tx, bookingId))) {
      const invoiced = await reviseBookingInvoice(tx, bookingId, actor, { onDemand: true });
      if (!invoiced.ok) return { ok: false as const, status: 409, message: notSetUp(provider) };
    }
    const currency = office.runCurrency as MinorCurrency;
    const balance = await bookingBalance(tx, bookingId);
    if (balance.balanceCents <= 0) {
      return { ok: false as const, status: 409, message: `Booking ${booking.reference} is paid in full.` };
    }
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
      return { ok: false as const, status: 400, message: "Enter the amount to pay." };
    }
    if (input.amountMinor > balance.balanceCents) {
      return {
        ok: false as const,
        status: 400,
        message: `Enter at most the balance, ${formatMinor(balance.balanceCents, currency)}.`,
      };
    }
    const [prompt] = await tx
      .insert(mobileMoneyPrompts)
      .values({
        provider,
        office: office.code,
        bookingId,
        referenceId: crypto.randomUUID(),
        msisdn,
        amountCents: input.amountMinor,
        currency: office.runCurrency,
      })
      .returning();
    if (!prompt) throw new Error("The prompt was not stored");
    await recordAudit(tx, actor, {
      action: `Requested ${label} payment prompt`,
      tableName: "mobile_money_prompts",
      recordId: prompt.id,
      newValues: { booking: booking.reference, amount: formatMinor(prompt.amountCents, currency) },
    });
    return { ok: true as const, prompt, credentials, country, reference: booking.reference };
  });
  if (!opened.ok) return opened;
  const { prompt, credentials, country, reference } = opened;
  const answer = await PROMPT_ADAPTERS[provider].start(credentials, {
    referenceId: prompt.referenceId,
    msisdn: prompt.msisdn,
    amountMinor: prompt.amountCents,
    currency: prompt.currency,
    country,
    externalId: reference,
    callbackUrl: mobileMoneyCallbackUrl(provider, prompt.office, prompt.referenceId),
  });
  const update =
    answer.kind === "accepted"
      ? { state: "pending" as const }
      : answer.kind === "refused"
        ? { state: "failed" as const, reason: answer.code }
        : { state: "unknown" as const, reason: null };
  const [written] = await db()
    .update(mobileMoneyPrompts)
    .set({ ...update, updatedAt: now() })
    .where(and(eq(mobileMoneyPrompts.id, prompt.id), eq(mobileMoneyPrompts.state, "sending")))
    .returning();
  if (answer.kind !== "accepted") logger.warn({ prompt: prompt.id, answer }, `${label} prompt not sent`);
  const shown = written ?? prompt;
  if (answer.kind === "refused") {
    return {
      ok: false,
      status: 409,
      message: PROMPT_ADAPTERS[provider].reasonText(answer.code, answer.message),
    };
  }
  return answer.kind === "accepted"
    ? { ok: true, message: promptStateText(shown) }
    : { ok: false, status: 409, message: promptStateText(shown) };
}

async function promptByReference(provider: PromptProvider, referenceId: string) {
  const [prompt] = await db()
    .select()
    .from(mobileMoneyPrompts)
    .where(and(eq(mobileMoneyPrompts.provider, provider), eq(mobileMoneyPrompts.referenceId, referenceId)));
  return prompt ?? null;
}

/** Writes a prompt's new state over an open (or unknown) one: a paid prompt never turns failed. */
async function closePrompt(prompt: MobileMoneyPrompt, values: Partial<MobileMoneyPrompt>) {
  await db()
    .update(mobileMoneyPrompts)
    .set({ ...values, checkedAt: now(), updatedAt: now() })
    .where(
      and(
        eq(mobileMoneyPrompts.id, prompt.id),
        // a paid one may still gain its payment; a failure or a give-up only closes an open one
        values.state === "paid"
          ? or(inArray(mobileMoneyPrompts.state, [...OPEN, "unknown"]), isNull(mobileMoneyPrompts.paymentId))
          : inArray(mobileMoneyPrompts.state, [...OPEN, "unknown"]),
      ),
    );
}

/**
 * A paid status, as only the provider's status lookup gives it: the payment goes into the ledger under the
 * provider's transaction id (one payment, one receipt, whatever asks twice), in the prompt's currency. Paid
 * another amount than asked, it waits in the one review queue instead.
 */
async function recordPaid(
  prompt: MobileMoneyPrompt,
  paid: Extract<PromptStatus, { kind: "paid" }>,
  actor: AuditActor,
) {
  const code = paid.transactionId as string;
  const [booking] = await db()
    .select({ reference: bookings.reference, contactName: bookings.contactName })
    .from(bookings)
    .where(eq(bookings.id, prompt.bookingId));
  const label = MOBILE_MONEY_LABELS[prompt.provider];
  if (paid.amountMinor !== null && paid.amountMinor !== prompt.amountCents) {
    const currency = prompt.currency as MinorCurrency;
    await moneyTransaction((tx) =>
      holdPaymentForReview(
        tx,
        {
          method: prompt.provider,
          source: "mobile_money_prompt",
          transactionCode: code,
          amountCents: paid.amountMinor,
          receivedOn: today(),
          payer: booking?.contactName ?? null,
          payerPhone: prompt.msisdn,
          accountReference: booking?.reference ?? null,
          reasons: [
            `${label} says ${formatMinor(paid.amountMinor ?? 0, currency)} was paid where the prompt asked for ${formatMinor(prompt.amountCents, currency)}.`,
          ],
          payload: { referenceId: prompt.referenceId, status: paid },
        },
        actor,
      ),
    );
    await closePrompt(prompt, { state: "paid", providerTransactionId: code });
    return;
  }
  const outcome = await recordPaymentThenReceipt(
    {
      method: prompt.provider,
      amountCents: prompt.amountCents,
      receivedOn: today(),
      transactionCode: code,
      payer: booking?.contactName ?? null,
      payerPhone: prompt.msisdn,
      accountReference: booking?.reference ?? null,
      bookingId: prompt.bookingId,
      source: "mobile_money_prompt",
    },
    actor,
  );
  const payment = outcome.status === "recorded" ? outcome.payment : outcome.existing;
  await closePrompt(prompt, {
    state: "paid",
    providerTransactionId: code,
    paymentId: payment?.bookingId === prompt.bookingId ? payment.id : null,
  });
}

/**
 * Asks the provider how one prompt ended and writes it: paid (into the ledger), failed with its reason, or
 * still pending (given up as unknown after fifteen minutes). The only way a prompt becomes paid.
 */
export async function checkMobileMoneyPrompt(prompt: MobileMoneyPrompt, actor: AuditActor) {
  if (prompt.state === "paid" || prompt.state === "failed") return prompt.state;
  const credentials = await getMobileMoneyCredentials(prompt.office, prompt.provider);
  if (!credentials) return prompt.state;
  const country = OFFICE_COUNTRY[prompt.office];
  const status = await PROMPT_ADAPTERS[prompt.provider].status(credentials, prompt.referenceId, country);
  if (status.kind === "paid") {
    await recordPaid(prompt, status, actor);
    return "paid";
  }
  if (status.kind === "failed") {
    await closePrompt(prompt, { state: "failed", reason: status.code });
    return "failed";
  }
  const givenUp = now().getTime() - prompt.createdAt.getTime() > GIVE_UP_AFTER_MS;
  if (givenUp && prompt.state === "pending") await closePrompt(prompt, { state: "unknown" });
  else
    await db()
      .update(mobileMoneyPrompts)
      .set({ checkedAt: now() })
      .where(eq(mobileMoneyPrompts.id, prompt.id));
  return givenUp ? "unknown" : prompt.state;
}

/**
 * A provider's callback. MTN's is not signed and Airtel's hash only tells it came from Airtel: neither is taken
 * at its word. It names a prompt of ours, and the provider's own status lookup says how it ended; a callback
 * saying SUCCESSFUL for a prompt the lookup calls FAILED records nothing.
 */
export async function applyMobileMoneyCallback(
  provider: PromptProvider,
  office: string,
  callback: { body: unknown; query: URLSearchParams },
  actor: AuditActor,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const known = (await listOffices()).find((o) => o.code === office);
  const credentials = known ? await getMobileMoneyCredentials(known.code, provider) : null;
  if (!credentials) return { ok: false, status: 404, message: "No such mobile-money account." };
  const read = PROMPT_ADAPTERS[provider].readCallback(credentials, callback);
  if (!read.ok) return { ok: false, status: 400, message: read.message };
  const prompt = await promptByReference(provider, read.referenceId);
  if (!prompt || prompt.office !== credentials.office) {
    logger.warn({ provider, reference: read.referenceId }, "Mobile-money callback for an unknown prompt");
    return { ok: true };
  }
  await checkMobileMoneyPrompt(prompt, actor);
  return { ok: true };
}

/** "Check again" on the pay page: asks the provider about the booking's open prompt. */
export async function checkBookingPrompt(bookingId: string, actor: AuditActor) {
  const [prompt] = await db()
    .select()
    .from(mobileMoneyPrompts)
    .where(
      and(
        eq(mobileMoneyPrompts.bookingId, bookingId),
        inArray(mobileMoneyPrompts.state, ["pending", "unknown"]),
      ),
    )
    .orderBy(desc(mobileMoneyPrompts.createdAt))
    .limit(1);
  if (prompt) await checkMobileMoneyPrompt(prompt, actor);
}

/**
 * The periodic pass: claims the prompts still pending a minute after they were sent and not asked about in the
 * last minute (SKIP LOCKED, so processes share them), and asks each provider how they ended.
 */
export async function sweepMobileMoneyPrompts(actor: AuditActor) {
  const claimed = await db().transaction(async (tx) => {
    const before = new Date(now().getTime() - ASK_AFTER_MS);
    const due = await tx
      .select({ id: mobileMoneyPrompts.id })
      .from(mobileMoneyPrompts)
      .where(
        and(
          eq(mobileMoneyPrompts.state, "pending"),
          lt(mobileMoneyPrompts.createdAt, before),
          or(isNull(mobileMoneyPrompts.checkedAt), lt(mobileMoneyPrompts.checkedAt, before)),
        ),
      )
      .limit(20)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mobileMoneyPrompts)
      .set({ checkedAt: now() })
      .where(
        inArray(
          mobileMoneyPrompts.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  for (const prompt of claimed) await checkMobileMoneyPrompt(prompt, actor);
  return claimed.length;
}

/** The booking's newest MTN MoMo or Airtel Money prompt as its pay page shows it, or null before the first. */
export async function mobileMoneyPromptView(bookingId: string, executor: Executor = db()) {
  const [prompt] = await executor
    .select()
    .from(mobileMoneyPrompts)
    .where(eq(mobileMoneyPrompts.bookingId, bookingId))
    .orderBy(desc(mobileMoneyPrompts.createdAt))
    .limit(1);
  if (!prompt) return null;
  return {
    provider: prompt.provider,
    state: prompt.state,
    open: prompt.state === "sending" || prompt.state === "pending",
    amount: formatMinor(prompt.amountCents, prompt.currency as MinorCurrency),
    message: promptStateText(prompt),
  };
}
export type MobileMoneyPromptView = NonNullable<Awaited<ReturnType<typeof mobileMoneyPromptView>>>;

/**
 * What the pay page offers of mobile money for a booking: the ways its run's office takes (each office says,
 * decision 0790) and holds an account with, in the run's currency, with the newest MTN MoMo or Airtel Money
 * prompt. `mpesa`: whether the office takes M-PESA at all (Kampala and Kigali do not).
 */
export async function mobileMoneyPayOptions(bookingId: string) {
  const [booking] = await db()
    .select({ runId: bookings.runId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) return null;
  const office = await documentOffice(db(), booking);
  const ways: { provider: PromptProvider; label: string }[] = [];
  for (const provider of Object.keys(PROMPT_ADAPTERS) as PromptProvider[]) {
    if (!office.mobileMoney.includes(provider)) continue;
    if (await getMobileMoneyCredentials(office.code, provider)) {
      ways.push({ provider, label: MOBILE_MONEY_LABELS[provider] });
    }
  }
  return {
    office: office.name,
    mpesa: office.mobileMoney.includes("mpesa"),
    currency: office.runCurrency as MinorCurrency,
    phoneExample: mobileNumberExample(OFFICE_COUNTRY[office.code]),
    ways,
    prompt: await mobileMoneyPromptView(bookingId),
  };
}
export type MobileMoneyPayOptions = NonNullable<Awaited<ReturnType<typeof mobileMoneyPayOptions>>>;

/** The jobs' actor: a sweep that asks the providers about late prompts. */
export const PROMPT_SWEEP_ACTOR: AuditActor = {
  id: null,
  email: "system",
  ip: "server",
  userAgent: "mobile-money sweep",
};
