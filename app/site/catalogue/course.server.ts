import { and, asc, count, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import type { DELIVERY_MODES } from "#app/platform/db/enums";
import { courseRuns, courses } from "#app/site/tables.server";
import type { CourseCategory } from "#app/utils/course-categories";
import { today } from "#app/utils/dates";
import { isPastRun } from "#app/utils/runs";

export type CourseRunView = {
  id: string;
  label: string | null;
  startDate: string | null;
  endDate: string | null;
  venue: string | null;
  country: string | null;
  deliveryMode: (typeof DELIVERY_MODES)[number];
  status: string;
  /** the run's own price, else the course price (KES) */
  cost: number | null;
  capacity: number | null;
  /** started before the firm's today: history, never offered */
  past: boolean;
  /** free seats; null when the run has no capacity limit */
  seatsLeft: number | null;
};

export type CourseView = Awaited<ReturnType<typeof selectCourses>>[number] & { runs: CourseRunView[] };

const toNumber = (value: string | null) => (value == null ? null : Number(value));

/** What a course card shows, in the public catalogue and in the admin list alike. */
export const courseCardColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  description: courses.description,
  category: courses.category,
  faithGroup: courses.faithGroup,
  durationDays: courses.durationDays,
};

/** The details a course page adds to its card. */
export const courseDetailColumns = {
  type: courses.type,
  targetAudience: courses.targetAudience,
  highlights: courses.highlights,
  objectives: courses.objectives,
  modules: courses.modules,
  outline: courses.outline,
  method: courses.method,
  feeIncludes: courses.feeIncludes,
  feeExcludes: courses.feeExcludes,
  certificate: courses.certificate,
  cpdPoints: courses.cpdPoints,
};

function selectCourses(executor: Executor) {
  return executor
    .select({
      ...courseCardColumns,
      cost: sql<number | null>`${courses.cost}::float8`,
      ...courseDetailColumns,
      imageUrl: courses.imageUrl,
      updatedAt: courses.updatedAt,
    })
    .from(courses);
}

/** A course with its runs, before the booking's `withSeats` adds the free seats, which change with every booking. */
export type CourseWithRuns = Omit<CourseView, "runs"> & { runs: Omit<CourseRunView, "seatsLeft">[] };

async function attachRuns(
  executor: Executor,
  rows: Awaited<ReturnType<typeof selectCourses>>,
): Promise<CourseWithRuns[]> {
  if (rows.length === 0) return [];
  const runs = await executor
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      venue: courseRuns.venue,
      country: courseRuns.country,
      deliveryMode: courseRuns.deliveryMode,
      status: courseRuns.status,
      capacity: courseRuns.capacity,
      costOverride: courseRuns.costOverride,
    })
    .from(courseRuns)
    .where(
      and(
        inArray(
          courseRuns.courseId,
          rows.map((r) => r.id),
        ),
        publicRun(),
      ),
    )
    .orderBy(asc(courseRuns.startDate), asc(courseRuns.createdAt));
  const day = today();
  return rows.map((course) => ({
    ...course,
    runs: runs
      .filter((run) => run.courseId === course.id)
      .map(({ courseId: _courseId, costOverride, ...run }) => ({
        ...run,
        cost: toNumber(costOverride) ?? course.cost,
        past: isPastRun(run, day),
      })),
  }));
}

/**
 * The runs the public may know of: not an organisation's private run (decision 0671). Every public read of runs
 * (the catalogue, course pages, the calendar and its feeds, the registration forms, the years) goes through it
 * or through `datedRunOnOffer`, which includes it.
 */
export const publicRun = () => eq(courseRuns.private, false);

/** A year matches a public run that starts in it or whose printed dates mention it (spec §4). */
const runInYear = (year: number) =>
  sql`exists (select 1 from ${courseRuns} where ${courseRuns.courseId} = ${courses.id} and ${publicRun()}
    and (extract(year from ${courseRuns.startDate}) = ${year} or ${courseRuns.label} like ${`%${year}%`}))`;

export type CourseFilter = {
  categories?: readonly CourseCategory[];
  year?: number;
  limit?: number;
  /** the visitor's search words (`searchWords`): each must appear in the course, exactly or nearly */
  words?: readonly string[];
};

/** How alike a misspelt word and a word of the course must be (pg_trgm's word similarity, 0 to 1). */
const WORD_SIMILARITY = 0.5;

/**
 * What the catalogue's search reads of a course (issue 49): its title, description, outline (modules, objectives,
 * and the outline by day's titles and topics) and the venues of its public runs, in lower case.
 */
const searchText = () =>
  sql`lower(${courses.title} || ' ' || coalesce(${courses.description}, '') || ' ' || ${courses.modules}::text
    || ' ' || ${courses.objectives}::text || ' ' || jsonb_path_query_array(${courses.outline}, '$[*].title')::text
    || ' ' || jsonb_path_query_array(${courses.outline}, '$[*].topics[*]')::text || ' ' || coalesce((select string_agg(${courseRuns.venue}, ' ')
    from ${courseRuns} where ${courseRuns.courseId} = ${courses.id} and ${publicRun()}), ''))`;

/**
 * Each word is in the course as typed, or a word of the course is nearly it (pg_trgm, which PGlite ships as
 * PostgreSQL does, decision 0781): "stratgic" finds "strategic", "nairobbi" finds Nairobi.
 */
function matchesWords(words: readonly string[]) {
  return and(
    ...words.map(
      (word) =>
        sql`(position(${word} in ${searchText()}) > 0 or word_similarity(${word}, ${searchText()}) >= ${WORD_SIMILARITY})`,
    ),
  );
}

/** The better a course matches every word, the higher: a title match beats one in a venue. */
const relevance = (words: readonly string[]) =>
  sql`(${sql.join(
    words.map(
      (word) =>
        sql`word_similarity(${word}, ${searchText()}) + word_similarity(${word}, lower(${courses.title}))`,
    ),
    sql` + `,
  )})`;

/** How many active courses the catalogue lists, in all and in each category: the figures the site states. */
export async function countActiveCoursesByCategory(executor: Executor = db()) {
  const rows = await executor
    .select({ category: courses.category, count: count() })
    .from(courses)
    .where(eq(courses.status, "active"))
    .groupBy(courses.category);
  const byCategory: Partial<Record<CourseCategory, number>> = {};
  for (const row of rows) byCategory[row.category as CourseCategory] = row.count;
  return { total: rows.reduce((sum, row) => sum + row.count, 0), byCategory };
}

/** Active courses in catalogue order, each with its runs (the seats are the booking's to add: `withSeats`). */
export async function listActiveCoursesWithoutSeats(filter: CourseFilter = {}, executor: Executor = db()) {
  const conditions = [eq(courses.status, "active")];
  if (filter.categories?.length) conditions.push(inArray(courses.category, [...filter.categories]));
  if (filter.year) conditions.push(runInYear(filter.year));
  const words = filter.words ?? [];
  if (words.length > 0) conditions.push(matchesWords(words) ?? sql`true`);
  const query = selectCourses(executor)
    .where(and(...conditions))
    .orderBy(
      ...(words.length > 0 ? [sql`${relevance(words)} desc`] : []),
      asc(courses.sortOrder),
      asc(courses.title),
    );
  const rows = filter.limit ? await query.limit(filter.limit) : await query;
  return attachRuns(executor, rows);
}

export async function countActiveCourses(executor: Executor = db()) {
  const [row] = await executor.select({ n: count() }).from(courses).where(eq(courses.status, "active"));
  return row?.n ?? 0;
}

/**
 * A dated public run of an active course on offer (`isOfferedRun`: not past on the firm's today, not cancelled), as a
 * condition on runs joined to their courses: the calendar and the catalogue's years choose their runs in the
 * database, where the rule for runs already read cannot reach.
 */
export const datedRunOnOffer = () =>
  and(
    eq(courses.status, "active"),
    gte(courseRuns.startDate, today()),
    ne(courseRuns.status, "cancelled"),
    publicRun(),
  );

/**
 * The years of the runs on offer, oldest first: the catalogue's year filter options and every label that names
 * the catalogue's years.
 */
export async function listCourseYears(executor: Executor = db()) {
  const rows = await executor
    .selectDistinct({ year: sql<number>`extract(year from ${courseRuns.startDate})::int` })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(datedRunOnOffer());
  return rows.map((r) => Number(r.year)).sort((a, b) => a - b);
}

/** What a slug can look like (see `slugify`): anything else names no course and never reaches the database. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const isPossibleSlug = (slug: string) => slug.length <= 80 && SLUG.test(slug);

export async function getActiveCourseBySlugWithoutSeats(slug: string, executor: Executor = db()) {
  if (!isPossibleSlug(slug)) return undefined;
  const rows = await selectCourses(executor)
    .where(and(eq(courses.slug, slug), eq(courses.status, "active")))
    .limit(1);
  const [course] = await attachRuns(executor, rows);
  return course;
}

/** Slugs and change times of active courses, for the sitemap. */
export async function listActiveCourseSlugs(executor: Executor = db()) {
  return executor
    .select({ slug: courses.slug, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.status, "active"))
    .orderBy(asc(courses.sortOrder));
}

/** What a registration form offers of a course and what a registration stores of it. */
const BOOKABLE_COLUMNS = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  durationDays: courses.durationDays,
  cost: courses.cost,
};

/** A course as a registration books it: the columns above. */
export type BookableCourse = Pick<typeof courses.$inferSelect, keyof typeof BOOKABLE_COLUMNS>;

/** The active courses among `slugs`, by slug: what a registration may book (a slug the browser posts is checked here). */
export async function findActiveCourses(executor: Executor, slugs: readonly string[]) {
  const bySlug = new Map<string, BookableCourse>();
  if (slugs.length === 0) return bySlug;
  const rows = await executor
    .select(BOOKABLE_COLUMNS)
    .from(courses)
    .where(and(inArray(courses.slug, [...new Set(slugs)]), eq(courses.status, "active")));
  for (const row of rows) bySlug.set(row.slug, row);
  return bySlug;
}
