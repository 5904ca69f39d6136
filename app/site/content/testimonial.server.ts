import { and, asc, eq } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { testimonials } from "#app/site/tables.server";

/** Active testimonials in display order; `homeOnly` keeps the ones chosen for the home page. */
export async function listActiveTestimonials(
  { homeOnly = false }: { homeOnly?: boolean } = {},
  executor: Executor = db(),
) {
  const conditions = [eq(testimonials.status, "active")];
  if (homeOnly) conditions.push(eq(testimonials.showOnHome, true));
  return executor
    .select({
      id: testimonials.id,
      name: testimonials.name,
      position: testimonials.position,
      course: testimonials.course,
      content: testimonials.content,
      rating: testimonials.rating,
      imageUrl: testimonials.imageUrl,
    })
    .from(testimonials)
    .where(and(...conditions))
    .orderBy(asc(testimonials.sortOrder), asc(testimonials.createdAt));
}

export type TestimonialView = Awaited<ReturnType<typeof listActiveTestimonials>>[number];
