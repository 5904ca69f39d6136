import { and, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import {
  endOfNairobiDay,
  REGISTRATION_MESSAGES,
  RegistrationActionSchema,
  type RegistrationQuery,
  RegistrationQuerySchema,
  type RegistrationSort,
  startOfNairobiDay,
} from "#app/back-office/lists/admin-lists";
import { lockBooking } from "#app/booking/index.server";
import { registrationTallies, courseRegistrations as t } from "#app/booking/tables.server";
import { bookingChangeRefusal } from "#app/bookings/index";
import { invoiceNote, syncBooking } from "#app/money/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { keysetBatches, mapRows } from "#app/platform/csv.server";
import { db, type Executor, executeRows } from "#app/platform/db/client.server";
import { maskedIdNumberColumns, openIdNumber } from "#app/platform/personal-data/id-number.server";
import { courseRuns } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { formatSortableDateTime } from "#app/utils/datetime";
import { maskedIdNumber } from "#app/utils/id-number";
import { afterCursor, orderBy, searchColumns, selectPage } from "./list-query.server";
import { possibleDuplicate } from "./registration-duplicates.server";
import { listScreen } from "./row-actions.server";
import { withinRestoreWindow } from "./soft-delete.server";

export type RegistrationFilter = Pick<
  RegistrationQuery,
  "q" | "course" | "status" | "from" | "to" | "run" | "duplicates"
>;
type Order = Pick<RegistrationQuery, "sort" | "dir">;

/**
 * The reference a registration shows: its booking's, the one reference of all its participants (issue 30). A row
 * without a booking (none is made so since migration 0003) shows its own. The trigram search index of migration
 * 0015 holds this very expression.
 */
const shownReference = sql<string>`coalesce(${t.bookingReference}, ${t.reference})`;

const listColumns = {
  id: t.id,
  reference: shownReference,
  name: t.name,
  email: t.email,
  phone: t.phone,
  organization: t.organization,
  courseName: t.courseName,
  courseDate: t.courseDate,
  courseVenue: t.courseVenue,
  courseId: t.courseId,
  runId: t.runId,
  status: t.status,
  source: t.source,
  createdAt: t.createdAt,
};

const detailColumns = {
  ...listColumns,
  ...maskedIdNumberColumns(t),
  courseCost: t.courseCost,
  courseDuration: t.courseDuration,
  specialRequirements: t.specialRequirements,
  updatedAt: t.updatedAt,
  deletedAt: t.deletedAt,
};

const SORT_COLUMNS = { created: t.createdAt, name: t.name, course: t.courseName, status: t.status } as const;
const sortType = (sort: RegistrationSort) => (sort === "created" ? "timestamptz" : "text");

/** The search box: the columns the list shows, on the trigram index of the same expression (migration 0015). */
export const registrationSearch = (term: string) =>
  searchColumns([t.name, t.email, t.organization, t.courseName, shownReference], term);

/** The WHERE of the admin list and of its export, so the export holds exactly the rows the list shows. */
function registrationWhere(filter: RegistrationFilter) {
  return and(
    isNull(t.deletedAt),
    filter.q ? registrationSearch(filter.q) : undefined,
    filter.course ? eq(t.courseName, filter.course) : undefined,
    filter.status ? eq(t.status, filter.status) : undefined,
    filter.run ? eq(t.runId, filter.run) : undefined,
    filter.from ? gte(t.createdAt, startOfNairobiDay(filter.from)) : undefined,
    filter.to ? lt(t.createdAt, endOfNairobiDay(filter.to)) : undefined,
    filter.duplicates ? possibleDuplicate() : undefined,
  );
}

/**
 * How many live registrations match a filter on course and status only, from the tallies that triggers keep
 * (decision 0605); undefined for any other filter, which is counted over the registrations.
 */
function talliedCount(filter: RegistrationFilter) {
  if (filter.q || filter.run || filter.from || filter.to || filter.duplicates) return undefined;
  return async () => {
    const [row] = await db()
      .select({ n: sql<number>`coalesce(sum(${registrationTallies.n}), 0)::int` })
      .from(registrationTallies)
      .where(
        and(
          filter.course ? eq(registrationTallies.courseName, filter.course) : undefined,
          filter.status ? eq(registrationTallies.status, filter.status) : undefined,
        ),
      );
    return row?.n ?? 0;
  };
}

/**
 * One page of the list. The page's ids are found first and only those 25 rows are read in full: the
 * duplicate check in the select list would otherwise run for every row an OFFSET skips (decision 0605).
 */
export function listRegistrations(query: RegistrationFilter & Order & { page: number }) {
  const where = registrationWhere(query);
  return selectPage(
    t,
    where,
    query.page,
    ({ limit, offset, reversed }) => {
      const order = orderBy(SORT_COLUMNS[query.sort], t.id, query.dir, reversed);
      const page = db()
        .select({ id: t.id })
        .from(t)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .as("page");
      return db()
        .select({ ...listColumns, possibleDuplicate: possibleDuplicate() })
        .from(t)
        .innerJoin(page, eq(page.id, t.id))
        .orderBy(...order);
    },
    talliedCount(query),
  );
}

/**
 * The course names present among live registrations, for the course filter. A loose index scan: each step
 * jumps the (course_name, id) index to the next name with a live row, so a few dozen names cost a few dozen
 * index probes instead of a DISTINCT over every registration.
 */
export async function listRegisteredCourseNames() {
  const rows = await executeRows<{ name: string }>(
    db(),
    sql`
    with recursive names(name) as (
      (select ${t.courseName} from ${t} where ${t.deletedAt} is null order by ${t.courseName} limit 1)
      union all
      select (
        select next.course_name from ${t} next
        where next.deleted_at is null and next.course_name > names.name
        order by next.course_name limit 1
      )
      from names where names.name is not null
    )
    select name from names where name is not null`,
  );
  return rows.map((row) => row.name);
}

/**
 * One registration, live or deleted within the restore window (the detail page offers Restore then). Its ID
 * number comes masked, whoever asks: the full number only through `revealIdNumber`.
 */
export async function findRegistration(id: string) {
  const [row] = await db()
    .select({ ...detailColumns, possibleDuplicate: possibleDuplicate() })
    .from(t)
    .where(and(eq(t.id, id), or(isNull(t.deletedAt), withinRestoreWindow(t))));
  if (!row) return undefined;
  const { hasIdNumber, idNumberLast4, ...registration } = row;
  return { ...registration, maskedIdNumber: maskedIdNumber({ hasIdNumber, idNumberLast4 }) };
}

export type RevealOutcome =
  | { ok: true; id: string; idNumber: string }
  | { ok: false; status: 404; message: string };

/**
 * A registration's ID number in full, for an account the policy lets see it (the route asks): opened from its
 * seal and audited in the same breath as "Revealed ID number" with the registration's id, never the number.
 */
export async function revealIdNumber(actor: AuditActor, id: string): Promise<RevealOutcome> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ idNumber: t.idNumber })
      .from(t)
      .where(and(eq(t.id, id), or(isNull(t.deletedAt), withinRestoreWindow(t))));
    const idNumber = openIdNumber(row?.idNumber ?? null);
    if (!idNumber) return { ok: false, status: 404, message: "This registration has no ID number." };
    await recordAudit(tx, actor, {
      action: "Revealed ID number",
      tableName: "course_registrations",
      recordId: id,
    });
    return { ok: true, id, idNumber };
  });
}

/** A registration as the list shows it. */
export type RegistrationListRow = Awaited<ReturnType<typeof listRegistrations>>["rows"][number];

export const EXPORT_HEADER = [
  "Reference",
  "Name",
  "Email",
  "Phone",
  "Organization",
  "Course",
  "Course Date",
  "Venue",
  "Cost",
  "Duration",
  "Special Requirements",
  "Status",
  "Source",
  "Registered At",
  "ID Number",
] as const;

/** The exported columns in EXPORT_HEADER's order, the registration time as epoch milliseconds. */
const exportColumns = [
  shownReference,
  t.name,
  t.email,
  t.phone,
  t.organization,
  t.courseName,
  t.courseDate,
  t.courseVenue,
  t.courseCost,
  t.courseDuration,
  t.specialRequirements,
  t.status,
  t.source,
  t.idNumber,
  t.idNumberLast4,
  sql`floor(extract(epoch from ${t.createdAt}) * 1000)`,
];

type ExportRow = {
  id: string;
  key: string;
  cells: (string | null)[];
  /** the ID number as stored (sealed) and its last four characters */
  idNumber: { sealed: string | null; last4: string | null };
  createdAt: number;
};

/**
 * Every row matching the filter, in the list's order, read in keyset batches (never all in memory). Each row
 * comes as one JSON array: taking sixteen values apart per row was most of an export's time on PGlite, one
 * text value and JSON.parse cost a fraction of it (decision 0605).
 */
export function streamRegistrations(query: RegistrationFilter & Order, batchSize = 1000) {
  const column = SORT_COLUMNS[query.sort];
  const where = registrationWhere(query);
  return keysetBatches(async (after: { key: string; id: string } | null, limit): Promise<ExportRow[]> => {
    const rows = await db()
      .select({
        row: sql<string>`json_build_array(${t.id}, ${column}::text, ${sql.join(exportColumns, sql`, `)})::text`,
      })
      .from(t)
      .where(and(where, afterCursor(column, t.id, query.dir, after, sortType(query.sort))))
      .orderBy(...orderBy(column, t.id, query.dir))
      .limit(limit);
    return rows.map(({ row }) => {
      const [id, key, ...cells] = JSON.parse(row) as [string, string, ...(string | null)[]];
      const createdAt = Number(cells.pop());
      const last4 = cells.pop() ?? null;
      const sealed = cells.pop() ?? null;
      return { id, key, cells, idNumber: { sealed, last4 }, createdAt };
    });
  }, batchSize);
}

/** How an export writes ID numbers: masked (`•••• 4321`), or in full for an account allowed and audited so. */
export type IdNumbersInExport = "masked" | "full";

/** The export of the rows the list shows for the same query, in the same order. */
export function registrationExport(
  query: RegistrationFilter & Order,
  idNumbers: IdNumbersInExport = "masked",
) {
  return {
    header: EXPORT_HEADER,
    rows: mapRows(streamRegistrations(query), (row) => [
      ...row.cells,
      formatSortableDateTime(new Date(row.createdAt)),
      idNumbers === "full"
        ? openIdNumber(row.idNumber.sealed)
        : maskedIdNumber({ hasIdNumber: row.idNumber.sealed !== null, idNumberLast4: row.idNumber.last4 }),
    ]),
  };
}

export const REGISTRATION_LIST_SCREEN = listScreen(t, {
  query: RegistrationQuerySchema,
  actions: RegistrationActionSchema,
  messages: REGISTRATION_MESSAGES,
  deletedColumns: listColumns,
  /**
   * A participant's new status also moves their booking's status and invoice (DESIGN §7). Only a status a
   * person decides: "paid" and "attended" follow from the ledger and the attendance register.
   */
  statusFollowUp: {
    // the booking before its participant, as a payment takes them
    lockFirst: async (tx, id) => {
      const bookingId = await bookingOf(tx, id);
      if (bookingId) await lockBooking(tx, bookingId);
    },
    afterChange: async (tx, id, actor) => invoiceNote(await syncBooking(tx, await bookingOf(tx, id), actor)),
    // the booking's one rule of when it may change, as its page and the run page ask it (decision 0695)
    refuse: async (tx, id, status) => {
      const [run] = await tx
        .select({ startDate: courseRuns.startDate, endDate: courseRuns.endDate })
        .from(t)
        .innerJoin(courseRuns, eq(courseRuns.id, t.runId))
        .where(eq(t.id, id));
      return bookingChangeRefusal(status === "confirmed" ? "confirm" : "cancel", run ?? null, today());
    },
  },
});

// by name, for whoever holds a registration rather than the screen
export const {
  remove: deleteRegistration,
  restore: restoreRegistration,
  setStatus: setRegistrationStatus,
  purgeExpired: purgeExpiredRegistrations,
  listDeleted: listDeletedRegistrations,
} = REGISTRATION_LIST_SCREEN;

async function bookingOf(tx: Executor, id: string) {
  const [row] = await tx.select({ bookingId: t.bookingId }).from(t).where(eq(t.id, id));
  return row?.bookingId ?? null;
}
