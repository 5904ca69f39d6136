import { and, count, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { AuditActor } from "#app/platform/audit.server";
import { auditedDelete, auditedInsert, auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { isUniqueViolation } from "#app/platform/db/db-errors.server";
import { type CourseInput, slugify } from "#app/site/catalogue/course";
import { courseRuns, courses } from "#app/site/tables.server";
import { courseCardColumns, courseDetailColumns } from "./course.server";
import { courseKeptReason, type HistoryCount, hasHistory } from "./course-history.server";
import { listRunsForCourse } from "./course-runs.server";

const courseColumns = {
  ...courseCardColumns,
  cost: courses.cost,
  currency: courses.currency,
  ...courseDetailColumns,
  status: courses.status,
  featured: courses.featured,
  sortOrder: courses.sortOrder,
  imageUrl: courses.imageUrl,
  etimsItemClassCode: courses.etimsItemClassCode,
  etimsTaxType: courses.etimsTaxType,
  archivedAt: courses.archivedAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
};

export type AdminCourse = NonNullable<Awaited<ReturnType<typeof findCourseForAdmin>>>;

/**
 * Spec §7: every course, newest first (seeded courses share a time, so catalogue order breaks ties), with
 * `hasHistory`, the SQL that says whether a course has any (bookings' `courseHasHistory`, decision 0725).
 */
export async function listCoursesForAdmin(hasHistory: SQL<boolean>, executor: Executor = db()) {
  const runCount = executor
    .select({ courseId: courseRuns.courseId, n: count().as("n") })
    .from(courseRuns)
    .groupBy(courseRuns.courseId)
    .as("run_count");
  return executor
    .select({
      ...courseCardColumns,
      cost: courses.cost,
      status: courses.status,
      featured: courses.featured,
      archivedAt: courses.archivedAt,
      runs: sql<number>`coalesce(${runCount.n}, 0)`.mapWith(Number),
      /** bookings or issued documents: archived, never deleted */
      hasHistory,
    })
    .from(courses)
    .leftJoin(runCount, eq(runCount.courseId, courses.id))
    .orderBy(desc(courses.createdAt), courses.sortOrder, courses.title);
}

export async function findCourseForAdmin(id: string, executor: Executor = db()) {
  const [row] = await executor.select(courseColumns).from(courses).where(eq(courses.id, id));
  return row;
}

/** The course an admin changes, as its audit row keeps it. */
const courseRow = (id: string) => ({
  table: courses,
  columns: courseColumns,
  where: eq(courses.id, id),
  recordId: id,
});

/** A write whose slug the unique index refused (another request took it meanwhile) answers "slug-taken". */
async function orSlugTaken(write: () => Promise<CourseWriteResult>): Promise<CourseWriteResult> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "slug-taken" };
    throw error;
  }
}

async function slugTaken(executor: Executor, slug: string, exceptId?: string) {
  const [row] = await executor
    .select({ id: courses.id })
    .from(courses)
    .where(exceptId ? and(eq(courses.slug, slug), ne(courses.id, exceptId)) : eq(courses.slug, slug));
  return Boolean(row);
}

/** A slug from the title that no other course uses: "title", then "title-2", "title-3"… */
async function freeSlug(executor: Executor, title: string) {
  const base = slugify(title) || "course";
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(executor, candidate))) return candidate;
  }
}

export const SLUG_TAKEN = "Another course already uses this slug";

export type CourseWriteResult =
  | { ok: true; course: AdminCourse }
  | { ok: false; reason: "slug-taken" | "not-found" | "archived" };

const toRow = (input: CourseInput) => ({
  ...input,
  slug: input.slug ?? undefined,
  cost: input.cost === null ? null : input.cost.toFixed(2),
});

export async function createCourse(actor: AuditActor, input: CourseInput): Promise<CourseWriteResult> {
  return orSlugTaken(() =>
    db().transaction(async (tx) => {
      if (input.slug && (await slugTaken(tx, input.slug))) return { ok: false, reason: "slug-taken" };
      const values = { ...toRow(input), slug: input.slug ?? (await freeSlug(tx, input.title)) };
      const course = await auditedInsert(tx, actor, {
        action: "Created course",
        table: courses,
        columns: courseColumns,
        values,
      });
      return { ok: true, course };
    }),
  );
}

export async function updateCourse(
  actor: AuditActor,
  id: string,
  input: CourseInput,
): Promise<CourseWriteResult> {
  return orSlugTaken(() =>
    db().transaction(async (tx) => {
      const before = await lockRow(tx, courseRow(id));
      if (!before) return { ok: false, reason: "not-found" };
      // an archived course is never active (a check constraint): it is restored first, on purpose
      if (before.archivedAt && input.status === "active") return { ok: false, reason: "archived" };
      const slug = input.slug ?? before.slug;
      if (await slugTaken(tx, slug, id)) return { ok: false, reason: "slug-taken" };
      const course = await auditedUpdate(tx, actor, {
        action: "Updated course",
        row: courseRow(id),
        before,
        values: { ...toRow(input), slug },
      });
      if (!course) throw new Error("update returned no row");
      return { ok: true, course };
    }),
  );
}

export type CourseChangeOutcome = { ok: true } | { ok: false; status: number; message: string };

const NO_SUCH_COURSE = { ok: false, status: 404, message: "Failed to delete course" } as const;

/**
 * Deletes a course nobody ever booked, and (by cascade) its runs; the audit row keeps both as they were. A
 * course with bookings or issued documents, as `courseHistory` counts them, is kept (decision 0630): the answer
 * says to archive it instead.
 */
export async function deleteCourse(actor: AuditActor, id: string, courseHistory: HistoryCount) {
  return db().transaction(async (tx): Promise<CourseChangeOutcome> => {
    // every booking locks its run first, then names the course: the runs (in id order) before the course, and
    // with them locked no booking lands between the check and the delete
    await tx
      .select({ id: courseRuns.id })
      .from(courseRuns)
      .where(eq(courseRuns.courseId, id))
      .orderBy(courseRuns.id)
      .for("update");
    const before = await lockRow(tx, courseRow(id));
    if (!before) return NO_SUCH_COURSE;
    const history = await courseHistory(id, tx);
    if (hasHistory(history)) {
      return { ok: false, status: 409, message: courseKeptReason(history, before.archivedAt !== null) };
    }
    const runs = await listRunsForCourse(id, tx);
    await auditedDelete(tx, actor, {
      action: "Deleted course",
      row: courseRow(id),
      audited: (course) => ({ ...course, runs }),
    });
    return { ok: true };
  });
}

/**
 * Archives a course (kept with its history, off the public site, the registration form, the sitemap and the
 * calendar: it becomes inactive) or restores it (active again). Doing either twice changes nothing.
 */
export async function setCourseArchived(actor: AuditActor, id: string, archived: boolean) {
  return db().transaction(async (tx): Promise<CourseChangeOutcome> => {
    const before = await lockRow(tx, courseRow(id));
    if (!before) return { ok: false, status: 404, message: "This course no longer exists" };
    if ((before.archivedAt !== null) === archived) return { ok: true };
    await auditedUpdate(tx, actor, {
      action: archived ? "Updated course: archived" : "Updated course: restored",
      // the log keeps what archiving changes, not the whole course
      row: { ...courseRow(id), columns: { status: courses.status, archivedAt: courses.archivedAt } },
      before: { status: before.status, archivedAt: before.archivedAt },
      values: { archivedAt: archived ? sql`now()` : null, status: archived ? "inactive" : "active" },
    });
    return { ok: true };
  });
}

/** The course page's last section: delete, archive or restore, and why. */
export async function courseKeeping(
  course: Pick<AdminCourse, "id" | "archivedAt">,
  courseHistory: HistoryCount,
) {
  const history = await courseHistory(course.id, db());
  return hasHistory(history) ? courseKeptReason(history, course.archivedAt !== null) : null;
}
