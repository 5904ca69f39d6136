import { and, asc, eq, lt, notExists, type SQL, sql } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { taxInvoices } from "#app/money/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { env } from "#app/platform/env.server";
import { listFinanceRecipients } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { now } from "#app/utils/clock";
import { formatDateTime } from "#app/utils/datetime";
import { taxInvoiceTroubleMessage } from "./tax-invoice-email.server";
import { LONG_WAIT_HOURS } from "./tax-invoice-list.server";

/** The kind of the one e-mail to finance about a tax invoice KRA has not recorded for LONG_WAIT_HOURS. */
export const LONG_WAIT_KIND = "etims_long_wait";

type TroubleMail = Parameters<typeof taxInvoiceTroubleMessage>[0];

/** Queues a trouble e-mail about one tax invoice to finance (finance staff, owners, ADMIN_NOTIFY_EMAIL). */
export async function tellFinance(tx: Executor, taxInvoiceId: string, kind: string, mail: TroubleMail) {
  const message = taxInvoiceTroubleMessage(mail);
  await enqueueEmails(
    tx,
    (await listFinanceRecipients(tx)).map((to) => ({
      to,
      ...message,
      kind,
      relatedTable: "tax_invoices",
      relatedId: taxInvoiceId,
    })),
  );
}

export const financeTaxInvoicesLink = () => `${env().PUBLIC_URL}/admin/finance/tax-invoices`;

/** "5 hours", "2 days 3 hours": a wait of at least LONG_WAIT_HOURS, in the words the e-mail uses. */
export function waitedFor(ms: number) {
  const hours = Math.floor(ms / 3_600_000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (hours < 48) return plural(hours, "hour");
  const rest = hours % 24;
  return `${plural(Math.floor(hours / 24), "day")}${rest ? ` ${plural(rest, "hour")}` : ""}`;
}

/** The long-wait e-mail already queued about a tax invoice (its id, or the outer query's column). */
const longWaitMail = (executor: Executor, taxInvoiceId: string | SQL) =>
  executor
    .select({ one: sql`1` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, LONG_WAIT_KIND), eq(emailOutbox.relatedId, taxInvoiceId)));

/**
 * One pass: every tax invoice (or credit note) still waiting for KRA LONG_WAIT_HOURS after it was queued — the
 * same rule as "What needs doing today" — is e-mailed to finance once. Once is kept across processes without a
 * column of its own: the invoice's row is locked while its outbox is checked and the e-mail queued, so a second
 * process waits, then finds the e-mail (decision 0718).
 */
export async function tellFinanceOfLongWaits({ limit = 20 }: { limit?: number } = {}) {
  const at = now();
  const since = new Date(at.getTime() - LONG_WAIT_HOURS * 3_600_000);
  const candidates = await db()
    .select({ id: taxInvoices.id })
    .from(taxInvoices)
    .where(
      and(
        eq(taxInvoices.state, "waiting"),
        lt(taxInvoices.createdAt, since),
        notExists(longWaitMail(db(), sql`${taxInvoices.id}::text`)),
      ),
    )
    .orderBy(asc(taxInvoices.invoiceNo))
    .limit(limit);
  let told = 0;
  for (const { id } of candidates) {
    const queued = await db().transaction(async (tx) => {
      const [row] = await tx
        .select({ invoice: taxInvoices, reference: bookings.reference })
        .from(taxInvoices)
        .innerJoin(bookings, eq(bookings.id, taxInvoices.bookingId))
        .where(and(eq(taxInvoices.id, id), eq(taxInvoices.state, "waiting")))
        .for("update", { of: taxInvoices });
      if (!row) return false;
      const [already] = await longWaitMail(tx, id).limit(1);
      if (already) return false;
      const { invoice } = row;
      await tellFinance(tx, id, LONG_WAIT_KIND, {
        state: "waiting",
        receiptType: invoice.receiptType,
        invoiceNo: invoice.invoiceNo,
        reference: row.reference,
        total: formatKes(invoice.totalCents),
        waited: waitedFor(at.getTime() - invoice.createdAt.getTime()),
        since: formatDateTime(invoice.createdAt),
        lastAnswer: invoice.lastError ?? (invoice.attempts === 0 ? "no answer (not sent yet)" : "no answer"),
        link: financeTaxInvoicesLink(),
      });
      return true;
    });
    if (queued) told += 1;
  }
  return { told };
}
