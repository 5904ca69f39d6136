import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { courseRegistrations, waitlistOffers } from "#app/booking/tables.server";
import { cancelParticipant } from "#app/bookings/index.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { createSmtpSender } from "#app/platform/email/email.server";
import { deliverDueEmails } from "#app/platform/email/outbox.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as registerRoute from "#app/routes/bookings/public/register";
import * as offerRoute from "#app/routes/bookings/public/register.offer";
import type { FormResult } from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";
import { clearOutbox, newRun, SLUG } from "../helpers/delivery";
import { callAction, contextFor, formRequest, oldFormKey } from "../helpers/form-post";
import { startSmtpServer } from "../helpers/smtp";

const ACTOR = { id: null, email: "registrar@mafunzo.test", ip: "203.0.113.9", userAgent: "vitest" };

beforeAll(async () => {
  await setSettingValue(db(), "registration_enabled", true, null);
  // rows other tests left in this database must not be sent to this file's SMTP server
  await clearOutbox();
});

/** A run with one seat, taken by a first booking; each further booking waits on its waiting list. */
async function fullRun(...waiting: string[]) {
  const { id: runId } = await newRun({ inDays: 30, days: 5 });
  await db().update(courseRuns).set({ capacity: 1 }).where(eq(courseRuns.id, runId));
  const stamp = crypto.randomUUID().slice(0, 8);
  const holder = `holder.${stamp}@example.com`;
  const answers: FormResult[] = [];
  for (const email of [holder, ...waiting.map((w) => `${w}.${stamp}@example.com`)]) {
    const answer = await callAction<FormResult>(
      registerRoute.action,
      "/register",
      { name: "Grace Achieng", email, course: SLUG, run: runId, formKey: oldFormKey() },
      contextFor(`198.18.1.${crypto.randomInt(250)}`),
    );
    answers.push(answer.body);
  }
  return { runId, holder, stamp, answers };
}

/** The token of the offer link e-mailed to `address`. */
async function offerToken(address: string) {
  const [mail] = await db()
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, "waitlist_offer")));
  return /\/register\/offer\/([\w-]+)/.exec(mail?.text ?? "")?.[1] as string;
}

describe("the confirmation of a booking on the waiting list", () => {
  test("says nothing is payable, and carries no payment details and no calendar invitation", async () => {
    const smtp = await startSmtpServer();
    const send = createSmtpSender(smtp.url);
    try {
      const { holder, stamp, answers } = await fullRun("waiting");
      expect(answers.map((a) => a.waitlisted ?? false)).toEqual([false, true]);
      await deliverDueEmails({ send });
      const mails = await smtp.waitFor(
        (m) => m.filter((mail) => mail.to[0]?.endsWith(`${stamp}@example.com`)).length >= 2,
      );
      const seat = mails.find((m) => m.to[0] === holder);
      const queued = mails.find((m) => m.to[0] === `waiting.${stamp}@example.com`);
      const reference = answers[1]?.reference as string;

      // a seat: how to pay, and the course in the calendar
      expect(seat?.text).toContain("M-PESA paybill: 880 142");
      expect(seat?.raw).toContain("text/calendar");

      expect(queued?.subject).toBe(
        `On the waiting list: Strategic Planning and Performance Management (${reference})`,
      );
      for (const part of [queued?.text, queued?.html]) {
        // what happens next, and nothing about money: no cost, no way to pay
        expect(part).toContain("What happens next: when a seat becomes free");
        for (const payment of [
          "KES",
          "Cost",
          "pay",
          "paybill",
          "880 142",
          "0142 7719 3305 01",
          "Account number",
          "SWIFT",
          "When paying",
        ]) {
          expect(part).not.toContain(payment);
        }
      }
      expect(queued?.raw).not.toContain("text/calendar");
      expect(queued?.raw).not.toContain(".ics");
    } finally {
      send.close();
      await smtp.close();
    }
  });
});

describe("a waiting-list offer claimed ten times at once", () => {
  test("confirms one claim; the other nine read that it has already been claimed", async () => {
    const { runId, holder, stamp } = await fullRun("first");
    const [seat] = await db()
      .select({ id: courseRegistrations.id })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.email, holder));
    await cancelParticipant(ACTOR as never, runId, seat?.id as string);
    const token = await offerToken(`first.${stamp}@example.com`);
    expect(token).toBeTruthy();

    const claims = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const request = formRequest(`/register/offer/${token}`, { intent: "claim" });
        const answer = (await offerRoute.action({
          request,
          params: { token },
          context: contextFor(),
        } as never)) as {
          data: { offer: { state: string }; claimedNow: boolean };
          init: { status?: number };
        };
        return {
          status: answer.init?.status ?? 200,
          state: answer.data.offer.state,
          claimedNow: answer.data.claimedNow,
        };
      }),
    );
    expect(claims.map((c) => [c.status, c.state])).toEqual(Array(10).fill([200, "claimed"]));
    expect(claims.filter((c) => c.claimedNow)).toHaveLength(1);
    const [offer] = await db()
      .select({ status: waitlistOffers.status })
      .from(waitlistOffers)
      .where(eq(waitlistOffers.runId, runId));
    expect(offer?.status).toBe("claimed");
  });
});

describe("a claimed waiting-list place", () => {
  test("leads on: the amount to pay, the pay page and the booking, on the claim and on every later visit", async () => {
    const { runId, holder, stamp, answers } = await fullRun("next");
    const [seat] = await db()
      .select({ id: courseRegistrations.id })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.email, holder));
    await cancelParticipant(ACTOR as never, runId, seat?.id as string);
    const token = await offerToken(`next.${stamp}@example.com`);
    const reference = answers[1]?.reference as string;
    const answer = (await offerRoute.action({
      request: formRequest(`/register/offer/${token}`, { intent: "claim" }),
      params: { token },
      context: contextFor(),
    } as never)) as { data: { offer: Record<string, unknown> } };
    const expected = {
      state: "claimed",
      claimed: {
        amountCents: answers[1]?.unitCents,
        payPath: expect.stringMatching(new RegExp(`^/pay/${reference}\\.`)),
        bookingPath: `/account/bookings/${reference}`,
      },
    };
    expect(answers[1]?.unitCents).toBeGreaterThan(0);
    expect(answer.data.offer).toMatchObject(expected);
    const later = (await offerRoute.loader({ params: { token } } as never)) as {
      data: { offer: Record<string, unknown> };
    };
    expect(later.data.offer).toMatchObject(expected);
  });
});
