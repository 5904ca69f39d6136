import { asc, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { organisations } from "#app/organisations/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { enquiries } from "#app/sales/tables.server";
import { courses } from "#app/site/tables.server";
import { ENQUIRY_STATUSES } from "./enquiry";

const value = sql<string>`coalesce(sum(${enquiries.budgetCents}), 0)`;
const month = sql<string>`to_char(${enquiries.closedOn}, 'YYYY-MM')`;

/**
 * The sales pipeline: enquiries by status with their value (the budget the client stated), and per month (of
 * the day each was won or lost, Nairobi) how many were won and lost, for how much, and why they were lost.
 */
export async function getPipeline() {
  const [byStatus, closed, reasons] = await Promise.all([
    db()
      .select({ status: enquiries.status, n: count(), cents: value })
      .from(enquiries)
      .groupBy(enquiries.status),
    db()
      .select({ month, status: enquiries.status, n: count(), cents: value })
      .from(enquiries)
      .where(isNotNull(enquiries.closedOn))
      .groupBy(month, enquiries.status),
    db()
      .select({ month, reason: enquiries.lostReason, n: count() })
      .from(enquiries)
      .where(eq(enquiries.status, "lost"))
      .groupBy(month, enquiries.lostReason)
      .orderBy(desc(count()), asc(enquiries.lostReason)),
  ]);
  const months = new Map<
    string,
    {
      won: number;
      wonCents: number;
      lost: number;
      lostCents: number;
      reasons: { reason: string; n: number }[];
    }
  >();
  const monthOf = (key: string) => {
    let entry = months.get(key);
    if (!entry) {
      entry = { won: 0, wonCents: 0, lost: 0, lostCents: 0, reasons: [] };
      months.set(key, entry);
    }
    return entry;
  };
  for (const row of closed) {
    const entry = monthOf(row.month);
    if (row.status === "won") Object.assign(entry, { won: row.n, wonCents: Number(row.cents) });
    else Object.assign(entry, { lost: row.n, lostCents: Number(row.cents) });
  }
  for (const row of reasons) monthOf(row.month).reasons.push({ reason: row.reason ?? "", n: row.n });
  return {
    statuses: ENQUIRY_STATUSES.map((status) => {
      const row = byStatus.find((r) => r.status === status);
      return { status, count: row?.n ?? 0, cents: Number(row?.cents ?? 0) };
    }),
    months: [...months.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([key, v]) => ({ month: key, ...v })),
  };
}

export const PIPELINE_EXPORT_HEADER = [
  "Received",
  "Kind",
  "Status",
  "Organisation",
  "Contact",
  "Course or topic",
  "Participants",
  "Value (KES)",
  "Owner",
  "Follow up on",
  "Won or lost on",
  "Reason lost",
] as const;

/** Every enquiry for the pipeline's CSV, newest first; the export is audited (it names people). */
export async function listPipelineForExport(actor: AuditActor) {
  const rows = await db()
    .select({
      createdAt: enquiries.createdAt,
      kind: enquiries.kind,
      status: enquiries.status,
      organisation: sql<string | null>`coalesce(${organisations.name}, ${enquiries.organisationName})`,
      contactName: enquiries.contactName,
      topic: sql<string | null>`coalesce(${courses.title}, ${enquiries.topic})`,
      participants: enquiries.participants,
      budgetCents: enquiries.budgetCents,
      owner: sql<string | null>`coalesce(${users.name}, ${users.email})`,
      followUpOn: enquiries.followUpOn,
      closedOn: enquiries.closedOn,
      lostReason: enquiries.lostReason,
    })
    .from(enquiries)
    .leftJoin(organisations, eq(organisations.id, enquiries.organisationId))
    .leftJoin(courses, eq(courses.id, enquiries.courseId))
    .leftJoin(users, eq(users.id, enquiries.ownerId))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id));
  await recordAudit(db(), actor, {
    action: "Exported pipeline (CSV)",
    tableName: "enquiries",
    newValues: { rows: rows.length },
  });
  return rows;
}
