import { asc, eq, type SQL, sql } from "drizzle-orm";
import { organisations } from "#app/organisations/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { courseRuns } from "#app/site/tables.server";

/** A run's columns as the back office reads and returns them. */
export const runColumns = {
  id: courseRuns.id,
  courseId: courseRuns.courseId,
  startDate: courseRuns.startDate,
  endDate: courseRuns.endDate,
  label: courseRuns.label,
  venue: courseRuns.venue,
  country: courseRuns.country,
  deliveryMode: courseRuns.deliveryMode,
  capacity: courseRuns.capacity,
  minParticipants: courseRuns.minParticipants,
  costOverride: courseRuns.costOverride,
  sellingOffice: courseRuns.sellingOffice,
  currency: courseRuns.currency,
  priceUsd: courseRuns.priceUsd,
  status: courseRuns.status,
  private: courseRuns.private,
  organisationId: courseRuns.organisationId,
  createdAt: courseRuns.createdAt,
  updatedAt: courseRuns.updatedAt,
};

export type AdminCourseRun = Awaited<ReturnType<typeof listRunsForCourse>>[number];

/**
 * Who a private run is for, in a query on runs left-joined to their organisation: the organisation on record.
 * Booking's `privateRunOrganisation` also knows the name a quote's booking carries, which site cannot read.
 */
export type RunOrganisationName = SQL<string | null>;
export const organisationOnRecord: RunOrganisationName = sql`${organisations.name}`;

/**
 * A course's runs by start date, a private one with its organisation (`organisationName`, selected from the
 * runs left-joined to their organisation); undated runs (to be announced) last.
 */
export async function listRunsForCourse(
  courseId: string,
  executor: Executor = db(),
  organisationName: RunOrganisationName = organisationOnRecord,
) {
  return executor
    .select({ ...runColumns, organisationName })
    .from(courseRuns)
    .leftJoin(organisations, eq(organisations.id, courseRuns.organisationId))
    .where(eq(courseRuns.courseId, courseId))
    .orderBy(sql`${courseRuns.startDate} asc nulls last`, asc(courseRuns.createdAt));
}
