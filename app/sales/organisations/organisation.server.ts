import { and, asc, count, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { certificates } from "#app/delivery/tables.server";
import { organisationMoney } from "#app/money/index.server";
import { organisations } from "#app/organisations/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { auditedInsert, auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { listEngagementsOf } from "../engagements/engagement.server";
import { listOrganisationEnquiries } from "../enquiries/enquiry.server";
import type { OrganisationInput } from "./organisation";
import { lockOrganisations } from "./organisation-lock.server";
import { organisationLooseKey, organisationNameKey } from "./organisation-name";

export type OrganisationOutcome =
  | { ok: true; message: string; id: string }
  | { ok: false; status: number; message: string; field?: keyof OrganisationInput };

const PAGE_SIZE = 25;

const columns = {
  id: organisations.id,
  name: organisations.name,
  type: organisations.type,
  kraPin: organisations.kraPin,
  nitaLevyNumber: organisations.nitaLevyNumber,
  address: organisations.address,
  contacts: organisations.contacts,
  notes: organisations.notes,
  createdAt: organisations.createdAt,
};

/** Every organisation by name, for a form that links a record to one (a client logo). */
export async function listOrganisationChoices(executor: Executor = db()) {
  return executor
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/** A page of the organisations whose name contains `q` (any case), by name, each with its number of bookings. */
export async function listOrganisations(q: string, page: number) {
  const bookingCount = db()
    .select({ organisationId: bookings.organisationId, n: count().as("n") })
    .from(bookings)
    // course bookings: a milestone's billing booking is counted with its engagement
    .where(eq(bookings.kind, "course"))
    .groupBy(bookings.organisationId)
    .as("booking_count");
  const where = q ? sql`strpos(lower(${organisations.name}), lower(${q})) > 0` : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: organisations.id,
        name: organisations.name,
        type: organisations.type,
        kraPin: organisations.kraPin,
        bookings: sql<number>`coalesce(${bookingCount.n}, 0)::int`,
      })
      .from(organisations)
      .leftJoin(bookingCount, eq(bookingCount.organisationId, organisations.id))
      .where(where)
      .orderBy(asc(organisations.name), asc(organisations.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db().select({ n: count() }).from(organisations).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, page, pageCount: Math.max(1, Math.ceil(n / PAGE_SIZE)) };
}

/**
 * Everything the firm has done with one organisation: its bookings (with course and date), the participants
 * who attended, the certificates standing (revoked ones aside), its money as the finance overview counts it, and
 * its enquiries and engagements.
 */
export async function getOrganisationPage(id: string) {
  const [organisation] = await db().select(columns).from(organisations).where(eq(organisations.id, id));
  if (!organisation) return null;
  const live = and(eq(bookings.organisationId, id), isNull(courseRegistrations.deletedAt));
  const [bookingRows, [trained], [certified], money, enquiryRows, engagementRows] = await Promise.all([
    db()
      .select({
        id: bookings.id,
        reference: bookings.reference,
        status: bookings.status,
        participants: bookings.participants,
        contactName: bookings.contactName,
        createdAt: bookings.createdAt,
        courseTitle: courses.title,
        runLabel: courseRuns.label,
        startDate: courseRuns.startDate,
      })
      .from(bookings)
      .leftJoin(courses, eq(courses.id, bookings.courseId))
      .leftJoin(courseRuns, eq(courseRuns.id, bookings.runId))
      // a milestone's billing booking is shown with its engagement
      .where(and(eq(bookings.organisationId, id), eq(bookings.kind, "course")))
      .orderBy(desc(bookings.createdAt), desc(bookings.id)),
    db()
      .select({ n: count() })
      .from(courseRegistrations)
      .innerJoin(bookings, eq(bookings.id, courseRegistrations.bookingId))
      .where(and(live, eq(courseRegistrations.status, "attended"))),
    db()
      .select({ n: count() })
      .from(certificates)
      .innerJoin(courseRegistrations, eq(courseRegistrations.id, certificates.registrationId))
      .innerJoin(bookings, eq(bookings.id, courseRegistrations.bookingId))
      .where(and(eq(bookings.organisationId, id), isNull(certificates.revokedAt))),
    organisationMoney(id),
    listOrganisationEnquiries(id),
    listEngagementsOf({ organisationId: id }),
  ]);
  return {
    organisation,
    bookings: bookingRows,
    participantsTrained: trained?.n ?? 0,
    certificates: certified?.n ?? 0,
    money,
    enquiries: enquiryRows,
    engagements: engagementRows,
  };
}

export type OrganisationPage = NonNullable<Awaited<ReturnType<typeof getOrganisationPage>>>;

/** The organisation that already has this KRA PIN, other than `exceptId`. */
async function holderOfPin(tx: Executor, kraPin: string | null, exceptId?: string) {
  if (!kraPin) return undefined;
  const [holder] = await tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.kraPin, kraPin), exceptId ? ne(organisations.id, exceptId) : undefined));
  return holder;
}

const pinTaken = (name: string): OrganisationOutcome => ({
  ok: false,
  status: 409,
  field: "kraPin",
  message: `${name} already has this KRA PIN. If they are the same client, merge them on the review screen.`,
});

const withKeys = (input: OrganisationInput) => ({
  ...input,
  nameKey: organisationNameKey(input.name),
  looseKey: organisationLooseKey(input.name),
});

/** Adds an organisation the office knows before any booking names it (a client from an enquiry). */
export async function createOrganisation(
  actor: AuditActor,
  input: OrganisationInput,
): Promise<OrganisationOutcome> {
  return db().transaction(async (tx) => {
    await lockOrganisations(tx);
    const holder = await holderOfPin(tx, input.kraPin);
    if (holder) return pinTaken(holder.name);
    const created = await auditedInsert(tx, actor, {
      action: "Created organisation",
      table: organisations,
      columns,
      values: withKeys(input),
    });
    return { ok: true, message: `${created.name} was added.`, id: created.id };
  });
}

/** Saves the office's changes to an organisation; a KRA PIN another one holds is refused with its name. */
export async function updateOrganisation(
  actor: AuditActor,
  id: string,
  input: OrganisationInput,
): Promise<OrganisationOutcome> {
  return db().transaction(async (tx) => {
    await lockOrganisations(tx);
    const row = { table: organisations, columns, where: eq(organisations.id, id), recordId: id };
    const before = await lockRow(tx, row);
    if (!before) return { ok: false, status: 404, message: "This organisation does not exist." };
    const holder = await holderOfPin(tx, input.kraPin, id);
    if (holder) return pinTaken(holder.name);
    await auditedUpdate(tx, actor, { action: "Updated organisation", row, before, values: withKeys(input) });
    return { ok: true, message: `${input.name} was saved.`, id };
  });
}
