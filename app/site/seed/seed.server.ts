import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server";
import { systemSettings } from "#app/platform/db/tables.server";
import { SETTING_DEFINITIONS } from "#app/platform/settings/settings";
import { courseRuns, courses, siteContent, testimonials, websiteImages } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { seedCourseContent } from "./course-content";
import { seedCourseTerms } from "./course-terms";
import { seedCourses } from "./courses";
import { seedGallery } from "./gallery";
import { seedSiteContent } from "./site-content";
import { seedTestimonials } from "./testimonials";
import { upcomingSeedRuns } from "./upcoming-runs";

// Bump when new seed content must reach databases that were seeded before.
const SEED_MARKER = "_seed_version";
const SEED_VERSION = 1;

/**
 * Fills an empty database with the catalogue content. It runs once: the marker row is written
 * in the same transaction, so a restart adds nothing and an admin's deletions are not undone.
 * The catalogue's printed 2024-2025 runs stay as history; upcoming runs are added relative to the day
 * the database is created (the business clock's today), so a new installation is a live site.
 */
export async function seedDatabase(db: Database) {
  await db.transaction(async (tx) => {
    for (const [key, definition] of Object.entries(SETTING_DEFINITIONS)) {
      await tx
        .insert(systemSettings)
        .values({ key, value: definition.defaultValue, description: definition.description })
        .onConflictDoNothing({ target: systemSettings.key });
    }

    const [marker] = await tx
      .select({ value: siteContent.value })
      .from(siteContent)
      .where(eq(siteContent.key, SEED_MARKER))
      .for("update");
    if (marker && Number(marker.value) >= SEED_VERSION) return;
    const seededOn = today();

    for (const [key, value] of Object.entries(seedSiteContent)) {
      await tx.insert(siteContent).values({ key, value }).onConflictDoNothing();
    }

    for (const [index, course] of seedCourses.entries()) {
      const { runs, cost, ...fields } = course;
      const content = seedCourseContent[course.slug];
      const [row] = await tx
        .insert(courses)
        .values({
          ...fields,
          ...content,
          // a course's modules are its outline's day titles where the catalogue printed none (NITA's pack lists them)
          modules:
            fields.modules.length > 0 ? fields.modules : (content?.outline.map((day) => day.title) ?? []),
          ...seedCourseTerms(course),
          cost: String(cost),
          sortOrder: index,
          featured: course.featured ?? false,
        })
        .onConflictDoNothing({ target: courses.slug })
        .returning({ id: courses.id });
      if (!row) continue;
      const allRuns = [...runs, ...upcomingSeedRuns(course, index, seededOn)];
      await tx.insert(courseRuns).values(allRuns.map((run) => ({ ...run, courseId: row.id })));
    }

    await tx.insert(testimonials).values(seedTestimonials.map((t, index) => ({ ...t, sortOrder: index })));
    await tx.insert(websiteImages).values(
      seedGallery.map((image, index) => ({
        title: image.title,
        description: image.description,
        altText: image.altText,
        imageUrl: image.imageUrl,
        component: "gallery" as const,
        galleryCategory: image.galleryCategory,
        artwork: true,
        width: 1200,
        height: 800,
        sortOrder: index,
      })),
    );

    await tx
      .insert(siteContent)
      .values({ key: SEED_MARKER, value: SEED_VERSION })
      .onConflictDoUpdate({ target: siteContent.key, set: { value: sql`excluded.value` } });
  });
}
