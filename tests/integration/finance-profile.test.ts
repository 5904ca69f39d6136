import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { getDashboard } from "#app/back-office/index.server";
import { cancelParticipant, confirmParticipant } from "#app/bookings/index.server";
import { currentFinanceProfileGaps, invoiceBookingNow, recordPayment } from "#app/money/index.server";
import { financeDocuments, payments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { FINANCE_PROFILE_INCOMPLETE } from "#app/platform/settings/settings";
import * as listRoute from "#app/routes/back-office/registrations";
import { seedSiteContent, setSiteContent } from "#app/site/testing.server";
import { today } from "#app/utils/dates";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { ACTOR, book, newRun } from "../helpers/money";
import { registrationStatus } from "../helpers/submission-rows";

// Issue 30: an issued document can never be corrected, so none goes out while the firm's finance profile lacks
// its KRA PIN (or its legal name, address or a way to be paid); the seat is confirmed all the same.

const PIN = "P051111111Q";

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  admin = await signedInAdmin();
});
// a new installation's profile: the seeded legal name, address and payment details, and no KRA PIN
beforeEach(async () => {
  await setSettingValue(db(), "finance_kra_pin", "", null);
  await setSiteContent(db(), "contact", seedSiteContent.contact, null);
  await setSiteContent(db(), "payment", seedSiteContent.payment, null);
});

const documentsOf = (bookingId: string) =>
  db()
    .select({ kind: financeDocuments.kind, number: financeDocuments.number })
    .from(financeDocuments)
    .where(eq(financeDocuments.bookingId, bookingId))
    .orderBy(asc(financeDocuments.createdAt));

const financeMails = (to: string) =>
  db()
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to)));

describe("a finance document is never issued from an incomplete finance profile", () => {
  test("confirming on the run page confirms the seat, issues nothing and says why; once the PIN is set the clerk issues it", async () => {
    expect((await currentFinanceProfileGaps()).map((gap) => gap.label)).toEqual(["the KRA PIN"]);
    const runId = await newRun();
    const { booking, participants } = await book(runId, 2);

    const confirmed = await confirmParticipant(ACTOR, runId, participants[0] as string);
    expect(confirmed).toEqual({
      ok: true,
      message: expect.stringMatching(/^Participant \d+-0 is confirmed\. Complete the finance profile/),
    });
    expect(confirmed.message.endsWith(FINANCE_PROFILE_INCOMPLETE)).toBe(true);
    expect(await registrationStatus(participants[0] as string)).toBe("confirmed");
    expect(await documentsOf(booking.id)).toEqual([]);
    expect((await financeMails(booking.contactEmail)).map((m) => m.kind)).not.toContain("finance_proforma");

    // "Issue proforma" says what is missing, and still issues nothing
    const refused = await invoiceBookingNow(ACTOR, booking.id);
    expect(refused).toMatchObject({
      ok: false,
      message: `${FINANCE_PROFILE_INCOMPLETE} Missing: the KRA PIN.`,
    });
    expect(await documentsOf(booking.id)).toEqual([]);

    await setSettingValue(db(), "finance_kra_pin", PIN, null);
    expect(await currentFinanceProfileGaps()).toEqual([]);
    const issued = await invoiceBookingNow(ACTOR, booking.id);
    expect(issued.ok).toBe(true);
    expect((await documentsOf(booking.id)).map((d) => d.kind)).toEqual(["proforma"]);
  });

  test("the status control of the registrations screen says it too", async () => {
    const runId = await newRun();
    const { booking, participants } = await book(runId, 1);
    const changed = await answer(() =>
      listRoute.action(
        admin.args("/admin/registrations", {
          form: { intent: "status", id: participants[0] as string, status: "confirmed" },
        }) as never,
      ),
    );
    expect(changed.data).toMatchObject({
      ok: true,
      message: expect.stringMatching(
        /^Participant \d+-0 is now confirmed \(was new\)\. Complete the finance/,
      ),
    });
    expect(await registrationStatus(participants[0] as string)).toBe("confirmed");
    expect(await documentsOf(booking.id)).toEqual([]);
  });

  test("no credit note and no receipt either: the cancellation and the payment stand", async () => {
    await setSettingValue(db(), "finance_kra_pin", PIN, null);
    const runId = await newRun();
    const paid = await book(runId, 1);
    const cancelled = await book(runId, 1);
    for (const { participants } of [paid, cancelled]) {
      expect((await confirmParticipant(ACTOR, runId, participants[0] as string)).ok).toBe(true);
    }
    await setSettingValue(db(), "finance_kra_pin", "", null);

    const cancel = await cancelParticipant(ACTOR, runId, cancelled.participants[0] as string);
    expect(cancel).toMatchObject({ ok: true, message: expect.stringContaining(FINANCE_PROFILE_INCOMPLETE) });
    expect(await registrationStatus(cancelled.participants[0] as string)).toBe("cancelled");
    expect((await documentsOf(cancelled.booking.id)).map((d) => d.kind)).toEqual(["proforma"]);

    const recorded = await db().transaction((tx) =>
      recordPayment(
        tx,
        {
          method: "mpesa",
          amountCents: 4_500_000,
          receivedOn: today(),
          transactionCode: "TPROFILE01",
          payer: "ACHIENG OTIENO",
          accountReference: paid.booking.reference,
          bookingId: null,
          source: "manual",
        },
        ACTOR,
      ),
    );
    expect(recorded.status).toBe("recorded");
    expect(await registrationStatus(paid.participants[0] as string)).toBe("paid");
    expect(await db().select().from(payments).where(eq(payments.bookingId, paid.booking.id))).toHaveLength(1);
    expect((await documentsOf(paid.booking.id)).map((d) => d.kind)).toEqual(["proforma"]);

    // completed, "Send invoice again" settles the booking once more: the receipt follows
    await setSettingValue(db(), "finance_kra_pin", PIN, null);
    expect((await invoiceBookingNow(ACTOR, paid.booking.id)).ok).toBe(true);
    expect((await documentsOf(paid.booking.id)).map((d) => d.kind)).toEqual(["proforma", "receipt"]);
    // and the run page's "Issue credit note" the withheld credit note
    expect((await invoiceBookingNow(ACTOR, cancelled.booking.id)).ok).toBe(true);
    expect((await documentsOf(cancelled.booking.id)).map((d) => d.kind)).toEqual(["proforma", "credit_note"]);
  });

  test("an address and a way to be paid are part of the profile", async () => {
    await setSettingValue(db(), "finance_kra_pin", PIN, null);
    await setSiteContent(db(), "contact", { ...seedSiteContent.contact, address: " " }, null);
    await setSiteContent(
      db(),
      "payment",
      { ...seedSiteContent.payment, paybill: "", accountNumber: "" },
      null,
    );
    expect(await currentFinanceProfileGaps()).toEqual([
      { label: "the firm's address", to: "/admin/content#content-contact" },
      {
        label: "an M-PESA paybill or a bank account",
        to: "/admin/settings?section=payments#content-payment",
      },
    ]);
    const runId = await newRun();
    const { booking, participants } = await book(runId, 1);
    const confirmed = await confirmParticipant(ACTOR, runId, participants[0] as string);
    expect(confirmed.ok && confirmed.message).toContain(FINANCE_PROFILE_INCOMPLETE);
    expect(await documentsOf(booking.id)).toEqual([]);
  });
});

describe("the dashboard's work for today", () => {
  test("lists the missing finance profile, linking to where it is filled in, until it is complete", async () => {
    const item = async () => (await getDashboard()).today.items.find((i) => i.id === "finance-profile");
    expect(await item()).toEqual({
      id: "finance-profile",
      count: 1,
      title: "finance profile detail missing (the KRA PIN): no invoice can be issued until it is filled in",
      to: "/admin/settings?section=company#setting-finance_kra_pin",
    });
    await setSettingValue(db(), "finance_kra_pin", PIN, null);
    expect(await item()).toBeUndefined();
  });
});
