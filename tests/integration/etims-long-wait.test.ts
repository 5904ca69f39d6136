import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { sendDueTaxInvoices, tellFinanceOfLongWaits } from "#app/money/index.server";
import { taxInvoices } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { listFinanceRecipients } from "#app/staff/index.server";
import { signedInAdmin } from "../helpers/admin-session";
import { confirmedBooking, dueNow, etimsForFile, invoicesOf } from "../helpers/etims-sale";

/*
 * Issue 45, finding 6: a tax invoice waiting hours for KRA was on "What needs doing today" but nobody was told.
 * It is e-mailed to finance once, from the eTIMS job, however many processes run the pass.
 */

const kra = etimsForFile();

const longWaitMails = (taxInvoiceId: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "etims_long_wait"), eq(emailOutbox.relatedId, taxInvoiceId)));

/** As if the invoice had been queued `hours` ago (the dashboard and the e-mail count from its creation). */
const queuedHoursAgo = (id: string, hours: number) =>
  db()
    .update(taxInvoices)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000 - 60_000) })
    .where(eq(taxInvoices.id, id));

describe("a tax invoice waiting long for KRA", () => {
  test("is e-mailed to finance once, naming the invoice, the booking, the wait and KRA's last answer", async () => {
    const finance = await signedInAdmin({ roles: ["finance"] });
    const { booking, pay } = await confirmedBooking(1);
    kra().setMode({ kind: "http-500" });
    await pay();
    await sendDueTaxInvoices();
    const [row] = await invoicesOf(booking.id);
    expect(row).toMatchObject({ state: "waiting", lastError: "eTIMS answered HTTP 500." });
    const id = row?.id as string;

    // under the dashboard's 4 hours: nobody is told yet
    await queuedHoursAgo(id, 3);
    await tellFinanceOfLongWaits();
    expect(await longWaitMails(id)).toEqual([]);

    // past it, three processes' passes at once: one e-mail to each finance recipient
    await queuedHoursAgo(id, 5);
    await Promise.all([tellFinanceOfLongWaits(), tellFinanceOfLongWaits(), tellFinanceOfLongWaits()]);
    let mails = await longWaitMails(id);
    const recipients = await listFinanceRecipients(db());
    expect(recipients).toContain(finance.user.email);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([...recipients].sort());
    const mail = mails.find((m) => m.toAddress === finance.user.email);
    expect(mail?.subject).toBe(
      `Tax invoice ${row?.invoiceNo} (${booking.reference}) has waited 5 hours for KRA`,
    );
    expect(mail?.textBody).toContain(`Tax invoice ${row?.invoiceNo} for booking ${booking.reference}`);
    expect(mail?.textBody).toContain("(5 hours)");
    expect(mail?.textBody).toContain("KRA's last answer: eTIMS answered HTTP 500.");
    expect(mail?.textBody).toContain("/admin/finance/tax-invoices");

    // a later pass, hours later, tells no one again
    await queuedHoursAgo(id, 9);
    await tellFinanceOfLongWaits();
    mails = await longWaitMails(id);
    expect(mails).toHaveLength(recipients.length);

    // once KRA records it, it is sent as usual, and nothing more is said about the wait
    kra().setMode({ kind: "ok" });
    await dueNow();
    await sendDueTaxInvoices();
    expect((await invoicesOf(booking.id))[0]?.state).toBe("sent");
    await tellFinanceOfLongWaits();
    expect(await longWaitMails(id)).toHaveLength(recipients.length);
  });

  test("one KRA never answered says so; a sent one is not e-mailed as waiting", async () => {
    const never = await confirmedBooking(1);
    const sent = await confirmedBooking(1);
    await never.pay();
    await sent.pay();
    const [waiting] = await invoicesOf(never.booking.id);
    const [sale] = await invoicesOf(sent.booking.id);
    await queuedHoursAgo(waiting?.id as string, 50);
    await queuedHoursAgo(sale?.id as string, 50);
    // one is held back (as if its turn had not come), the other goes
    await db()
      .update(taxInvoices)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(taxInvoices.id, waiting?.id as string));
    await sendDueTaxInvoices();
    expect((await invoicesOf(sent.booking.id))[0]?.state).toBe("sent");

    await tellFinanceOfLongWaits();
    const [mail] = await longWaitMails(waiting?.id as string);
    expect(mail?.subject).toBe(
      `Tax invoice ${waiting?.invoiceNo} (${never.booking.reference}) has waited 2 days 2 hours for KRA`,
    );
    expect(mail?.textBody).toContain("KRA's last answer: no answer (not sent yet)");
    expect(await longWaitMails(sale?.id as string)).toEqual([]);
  });
});
