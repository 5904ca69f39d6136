import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { organisationNameKey } from "#app/organisations/index";
import { organisations } from "#app/organisations/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { enquiries } from "#app/sales/tables.server";
import { courses } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { ENQUIRY_NEXT, type EnquiryStatus, type EnquiryUpdate } from "./enquiry";

/** Enquiries still being worked: a follow-up date on one of these is something to do. */
export const OPEN_ENQUIRY_STATUSES = [
  "new",
  "qualified",
  "quoted",
] as const satisfies readonly EnquiryStatus[];

/** The organisation a name already belongs to, by the name as matching compares it; none when unknown or shared. */
export async function knownOrganisation(executor: Executor, name: string | null) {
  if (!name) return null;
  const found = await executor
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.nameKey, organisationNameKey(name)))
    .limit(2);
  return found.length === 1 ? (found[0]?.id ?? null) : null;
}

const dueWhere = (day: string) =>
  and(inArray(enquiries.status, OPEN_ENQUIRY_STATUSES), lte(enquiries.followUpOn, day));

/** How many open enquiries have a follow-up due today or earlier (Nairobi), for "What needs doing today". */
export async function countDueFollowUps() {
  const [row] = await db().select({ n: count() }).from(enquiries).where(dueWhere(today()));
  return row?.n ?? 0;
}

export type EnquiryFilter = { status: EnquiryStatus | ""; due: boolean };
const PAGE_SIZE = 25;

/** A page of enquiries, newest first, or of those due for follow-up, soonest due first; with owner and organisation. */
export async function listEnquiries(filter: EnquiryFilter, page: number) {
  const where = and(
    filter.status ? eq(enquiries.status, filter.status) : undefined,
    filter.due ? dueWhere(today()) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: enquiries.id,
        kind: enquiries.kind,
        status: enquiries.status,
        contactName: enquiries.contactName,
        organisationName: sql<string | null>`coalesce(${organisations.name}, ${enquiries.organisationName})`,
        topic: sql<string | null>`coalesce(${courses.title}, ${enquiries.topic})`,
        participants: enquiries.participants,
        followUpOn: enquiries.followUpOn,
        ownerName: users.name,
        createdAt: enquiries.createdAt,
      })
      .from(enquiries)
      .leftJoin(organisations, eq(organisations.id, enquiries.organisationId))
      .leftJoin(courses, eq(courses.id, enquiries.courseId))
      .leftJoin(users, eq(users.id, enquiries.ownerId))
      .where(where)
      .orderBy(
        ...(filter.due
          ? [asc(enquiries.followUpOn), asc(enquiries.createdAt)]
          : [desc(enquiries.createdAt), desc(enquiries.id)]),
      )
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db().select({ n: count() }).from(enquiries).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, page, pageCount: Math.max(1, Math.ceil(n / PAGE_SIZE)) };
}

/** One enquiry as its page shows it, with the staff who may own it and the organisations it may belong to. */
export async function getEnquiry(id: string) {
  const [row] = await db()
    .select({
      enquiry: enquiries,
      courseTitle: courses.title,
      courseSlug: courses.slug,
      organisation: { id: organisations.id, name: organisations.name },
    })
    .from(enquiries)
    .leftJoin(courses, eq(courses.id, enquiries.courseId))
    .leftJoin(organisations, eq(organisations.id, enquiries.organisationId))
    .where(eq(enquiries.id, id));
  if (!row) return null;
  const [owners, organisationChoices] = await Promise.all([
    db()
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(isNull(users.deactivatedAt))
      .orderBy(asc(users.name)),
    db()
      .select({ id: organisations.id, name: organisations.name })
      .from(organisations)
      .orderBy(asc(organisations.name))
      .limit(2000),
  ]);
  return { ...row, owners, organisationChoices };
}

/** The enquiries of one organisation, newest first, for its page. */
export async function listOrganisationEnquiries(organisationId: string) {
  return db()
    .select({
      id: enquiries.id,
      kind: enquiries.kind,
      status: enquiries.status,
      topic: sql<string | null>`coalesce(${courses.title}, ${enquiries.topic})`,
      participants: enquiries.participants,
      createdAt: enquiries.createdAt,
    })
    .from(enquiries)
    .leftJoin(courses, eq(courses.id, enquiries.courseId))
    .where(eq(enquiries.organisationId, organisationId))
    .orderBy(desc(enquiries.createdAt));
}

export type EnquiryOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * The office's work on an enquiry: owner, follow-up date, organisation, and a status move along
 * ENQUIRY_NEXT (a lost one with its reason). Won and lost close it, so its follow-up date is cleared. Audited.
 */
export async function updateEnquiry(
  actor: AuditActor,
  id: string,
  input: EnquiryUpdate,
): Promise<EnquiryOutcome> {
  return db().transaction(async (tx) => {
    const row = {
      table: enquiries,
      columns: {
        status: enquiries.status,
        ownerId: enquiries.ownerId,
        followUpOn: enquiries.followUpOn,
        closedOn: enquiries.closedOn,
        organisationId: enquiries.organisationId,
        lostReason: enquiries.lostReason,
      },
      where: eq(enquiries.id, id),
      recordId: id,
    };
    const before = await lockRow(tx, row);
    if (!before) return { ok: false, status: 404, message: "This enquiry does not exist." };
    if (input.status !== before.status && !ENQUIRY_NEXT[before.status].includes(input.status)) {
      return {
        ok: false,
        status: 409,
        message: `An enquiry that is ${before.status} cannot become ${input.status}.`,
      };
    }
    if (input.ownerId) {
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.ownerId), isNull(users.deactivatedAt)));
      if (!owner) return { ok: false, status: 400, message: "Choose an owner from the list." };
    }
    if (input.organisationId) {
      const [organisation] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, input.organisationId));
      if (!organisation) return { ok: false, status: 400, message: "Choose an organisation from the list." };
    }
    const closed = input.status === "won" || input.status === "lost";
    await auditedUpdate(tx, actor, {
      action: "Updated enquiry",
      row,
      before,
      values: {
        status: input.status,
        ownerId: input.ownerId,
        organisationId: input.organisationId,
        followUpOn: closed ? null : input.followUpOn,
        // the day it closed stays the day it was won or lost, whatever is saved after
        closedOn: closed ? (before.closedOn ?? today()) : null,
        lostReason: input.status === "lost" ? input.lostReason : null,
      },
    });
    return { ok: true, message: "The enquiry was saved." };
  });
}
