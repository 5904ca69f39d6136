import { and, asc, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { courses, facilitatorCourses, facilitators } from "#app/site/tables.server";

const publicColumns = {
  id: facilitators.id,
  name: facilitators.name,
  title: facilitators.title,
  bio: facilitators.bio,
  imageUrl: facilitators.imageUrl,
  imageWidth: facilitators.imageWidth,
  imageHeight: facilitators.imageHeight,
  imageVariants: facilitators.imageVariants,
};

const displayOrder = [asc(facilitators.sortOrder), asc(facilitators.name), asc(facilitators.createdAt)];

/** The active facilitators in display order, each with the active courses they teach: the About page. */
export async function listActiveFacilitators(executor: Executor = db()) {
  const rows = await executor
    .select(publicColumns)
    .from(facilitators)
    .where(eq(facilitators.status, "active"))
    .orderBy(...displayOrder);
  const taught = rows.length
    ? await executor
        .select({ facilitatorId: facilitatorCourses.facilitatorId, slug: courses.slug, title: courses.title })
        .from(facilitatorCourses)
        .innerJoin(courses, eq(courses.id, facilitatorCourses.courseId))
        .where(
          and(
            inArray(
              facilitatorCourses.facilitatorId,
              rows.map((row) => row.id),
            ),
            eq(courses.status, "active"),
          ),
        )
        .orderBy(asc(courses.sortOrder), asc(courses.title))
    : [];
  return rows.map((row) => ({
    ...row,
    courses: taught.filter((t) => t.facilitatorId === row.id).map(({ slug, title }) => ({ slug, title })),
  }));
}

export type FacilitatorView = Awaited<ReturnType<typeof listActiveFacilitators>>[number];

/** The active facilitators of one course, in display order: its page's "Facilitators" section. */
export async function listCourseFacilitators(courseId: string, executor: Executor = db()) {
  return executor
    .select(publicColumns)
    .from(facilitators)
    .innerJoin(facilitatorCourses, eq(facilitatorCourses.facilitatorId, facilitators.id))
    .where(and(eq(facilitatorCourses.courseId, courseId), eq(facilitators.status, "active")))
    .orderBy(...displayOrder);
}

export type CourseFacilitatorView = Awaited<ReturnType<typeof listCourseFacilitators>>[number];
