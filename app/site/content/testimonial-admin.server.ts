import { desc, eq } from "drizzle-orm";
import type { AuditActor } from "#app/platform/audit.server";
import { auditedDelete, auditedInsert, auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import type { TestimonialInput } from "#app/site/content/testimonial";
import { testimonials } from "#app/site/tables.server";

const testimonialColumns = {
  id: testimonials.id,
  name: testimonials.name,
  position: testimonials.position,
  course: testimonials.course,
  content: testimonials.content,
  rating: testimonials.rating,
  imageUrl: testimonials.imageUrl,
  status: testimonials.status,
  showOnHome: testimonials.showOnHome,
  sortOrder: testimonials.sortOrder,
  createdAt: testimonials.createdAt,
  updatedAt: testimonials.updatedAt,
};

export type AdminTestimonial = Awaited<ReturnType<typeof listTestimonialsForAdmin>>[number];

/** Spec §7: every testimonial, newest first. */
export async function listTestimonialsForAdmin(executor: Executor = db()) {
  return executor
    .select(testimonialColumns)
    .from(testimonials)
    .orderBy(desc(testimonials.createdAt), testimonials.sortOrder, testimonials.name);
}

export async function findTestimonialForAdmin(id: string, executor: Executor = db()) {
  const [row] = await executor.select(testimonialColumns).from(testimonials).where(eq(testimonials.id, id));
  return row;
}

export async function createTestimonial(actor: AuditActor, input: TestimonialInput) {
  return db().transaction((tx) =>
    auditedInsert(tx, actor, {
      action: "Created testimonial",
      table: testimonials,
      columns: testimonialColumns,
      values: input,
    }),
  );
}

/** The testimonial an admin changes, as its audit row keeps it. */
const testimonialRow = (id: string) => ({
  table: testimonials,
  columns: testimonialColumns,
  where: eq(testimonials.id, id),
  recordId: id,
});

/** undefined when there is no such testimonial. */
export async function updateTestimonial(actor: AuditActor, id: string, input: TestimonialInput) {
  return db().transaction(async (tx) => {
    const row = testimonialRow(id);
    const before = await lockRow(tx, row);
    if (!before) return undefined;
    return auditedUpdate(tx, actor, { action: "Updated testimonial", row, before, values: input });
  });
}

export async function deleteTestimonial(actor: AuditActor, id: string) {
  return db().transaction(async (tx) => {
    const deleted = await auditedDelete(tx, actor, {
      action: "Deleted testimonial",
      row: testimonialRow(id),
    });
    return deleted !== undefined;
  });
}
