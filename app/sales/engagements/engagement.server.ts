import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { bookingBalance, documentPath } from "#app/money/index.server";
import { financeDocuments, payments } from "#app/money/tables.server";
import { organisations } from "#app/organisations/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { auditedInsert } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { engagementMilestones, engagements } from "#app/sales/tables.server";
import type { EngagementStatus } from "./engagement";

const PAGE_SIZE = 50;

/** What an accepted consultancy quote brings to its engagement. */
export type EngagementOpening = {
  quoteId: string;
  enquiryId: string;
  organisationId: string | null;
  organisationName: string | null;
  topic: string | null;
  contactName: string;
  contactEmail: string;
  contactPhone: string | null;
  lpoNumber: string | null;
  totalCents: number;
  vatRatePercent: number;
};

/**
 * Opens the engagement of an accepted consultancy quote, for the quote's total, in the acceptance's
 * transaction (the quote's unique id makes a second one impossible). Audited.
 */
export async function openEngagement(tx: Executor, actor: AuditActor, opening: EngagementOpening) {
  const client = opening.organisationName ?? opening.contactName;
  return auditedInsert(tx, actor, {
    action: "Created engagement",
    table: engagements,
    columns: { id: engagements.id, title: engagements.title, totalCents: engagements.totalCents },
    values: {
      quoteId: opening.quoteId,
      enquiryId: opening.enquiryId,
      organisationId: opening.organisationId,
      organisationName: opening.organisationName,
      title: opening.topic ? `${opening.topic} for ${client}` : `Consultancy for ${client}`,
      contactName: opening.contactName,
      contactEmail: opening.contactEmail,
      contactPhone: opening.contactPhone,
      lpoNumber: opening.lpoNumber,
      totalCents: opening.totalCents,
      vatRatePercent: opening.vatRatePercent,
    },
  });
}

const listColumns = {
  id: engagements.id,
  title: engagements.title,
  status: engagements.status,
  totalCents: engagements.totalCents,
  contactName: engagements.contactName,
  organisationId: engagements.organisationId,
  organisation: sql<string>`coalesce(${organisations.name}, ${engagements.organisationName}, ${engagements.contactName})`,
  createdAt: engagements.createdAt,
  /** what the reached milestones have invoiced so far */
  invoicedCents:
    sql<number>`coalesce((select sum(m.amount_cents) from engagement_milestones m where m.engagement_id = engagements.id and m.reached_at is not null), 0)::bigint`.mapWith(
      Number,
    ),
};

/** The engagements, newest first, optionally of one status, a page at a time. */
export async function listEngagements(filter: { status: EngagementStatus | null; page: number }) {
  const where = filter.status ? eq(engagements.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select(listColumns)
      .from(engagements)
      .leftJoin(organisations, eq(organisations.id, engagements.organisationId))
      .where(where)
      .orderBy(desc(engagements.createdAt), desc(engagements.id))
      .limit(PAGE_SIZE)
      .offset((filter.page - 1) * PAGE_SIZE),
    db().select({ n: count() }).from(engagements).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, page: filter.page, pageCount: Math.max(1, Math.ceil(n / PAGE_SIZE)) };
}

/** An organisation's engagements (its page), or an enquiry's (at most one per accepted quote). */
export async function listEngagementsOf(of: { organisationId: string } | { enquiryId: string }) {
  return db()
    .select(listColumns)
    .from(engagements)
    .leftJoin(organisations, eq(organisations.id, engagements.organisationId))
    .where(
      "organisationId" in of
        ? eq(engagements.organisationId, of.organisationId)
        : eq(engagements.enquiryId, of.enquiryId),
    )
    .orderBy(desc(engagements.createdAt), desc(engagements.id));
}

/**
 * An engagement with its milestones, and for each reached one its billing booking's reference, invoices,
 * payments and balance as the ledger counts them (the same figures as the finance overview's).
 */
export async function getEngagementPage(id: string) {
  const [engagement] = await db()
    .select({
      engagement: engagements,
      organisation: { id: organisations.id, name: organisations.name },
    })
    .from(engagements)
    .leftJoin(organisations, eq(organisations.id, engagements.organisationId))
    .where(eq(engagements.id, id));
  if (!engagement) return null;
  const milestoneRows = await db()
    .select({ milestone: engagementMilestones, reference: bookings.reference })
    .from(engagementMilestones)
    .leftJoin(bookings, eq(bookings.id, engagementMilestones.bookingId))
    .where(eq(engagementMilestones.engagementId, id))
    .orderBy(asc(engagementMilestones.position));
  const bookingIds = milestoneRows.flatMap((row) =>
    row.milestone.bookingId ? [row.milestone.bookingId] : [],
  );
  const [documents, ledger] =
    bookingIds.length === 0
      ? [[], []]
      : await Promise.all([
          db()
            .select({
              id: financeDocuments.id,
              bookingId: financeDocuments.bookingId,
              kind: financeDocuments.kind,
              number: financeDocuments.number,
              version: financeDocuments.version,
              issuedOn: financeDocuments.issuedOn,
              totalCents: financeDocuments.totalCents,
            })
            .from(financeDocuments)
            .where(inArray(financeDocuments.bookingId, bookingIds))
            .orderBy(asc(financeDocuments.createdAt)),
          db()
            .select({
              id: payments.id,
              bookingId: payments.bookingId,
              method: payments.method,
              amountCents: payments.amountCents,
              receivedOn: payments.receivedOn,
              transactionCode: payments.transactionCode,
              reason: payments.reason,
            })
            .from(payments)
            .where(inArray(payments.bookingId, bookingIds))
            .orderBy(asc(payments.receivedOn), asc(payments.createdAt)),
        ]);
  const milestones = await Promise.all(
    milestoneRows.map(async ({ milestone, reference }) => {
      const bookingId = milestone.bookingId;
      return {
        ...milestone,
        reference,
        documents: documents
          .filter((doc) => doc.bookingId === bookingId)
          .map((doc) => ({ ...doc, url: documentPath(doc.id) })),
        payments: ledger.filter((payment) => payment.bookingId === bookingId),
        balance: bookingId ? await bookingBalance(db(), bookingId) : null,
      };
    }),
  );
  const sum = (pick: (b: NonNullable<(typeof milestones)[number]["balance"]>) => number) =>
    milestones.reduce((total, m) => total + (m.balance ? pick(m.balance) : 0), 0);
  return {
    ...engagement,
    milestones,
    plannedCents: milestones.reduce((total, m) => total + m.amountCents, 0),
    balance: {
      invoicedCents: sum((b) => b.invoicedCents),
      paidCents: sum((b) => b.paidCents),
      balanceCents: sum((b) => b.balanceCents),
    },
  };
}
export type EngagementPage = NonNullable<Awaited<ReturnType<typeof getEngagementPage>>>;

/** Whether any of the engagement's milestones is invoiced: from then on its plan is fixed. */
export async function anyReached(tx: Executor, engagementId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(engagementMilestones)
    .where(and(eq(engagementMilestones.engagementId, engagementId), sql`reached_at is not null`));
  return (row?.n ?? 0) > 0;
}

/** The engagement whose milestone a billing booking invoices, by the booking's reference (decision 0673). */
export async function engagementBilledBy(reference: string): Promise<string | null> {
  const [row] = await db()
    .select({ engagementId: engagementMilestones.engagementId })
    .from(engagementMilestones)
    .innerJoin(bookings, eq(bookings.id, engagementMilestones.bookingId))
    .where(eq(bookings.reference, reference));
  return row?.engagementId ?? null;
}
