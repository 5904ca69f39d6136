import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { courseRegistrations } from "#app/booking/tables.server";
import { db } from "#app/platform/db/client.server";
import { contactSubmissions } from "#app/sales/tables.server";

type RegistrationSeed = Partial<typeof courseRegistrations.$inferInsert> & { name: string };
type ContactSeed = Partial<typeof contactSubmissions.$inferInsert> & { name: string };

const reference = () => `T${crypto.randomBytes(6).toString("hex").slice(0, 10).toUpperCase()}`;

/** Inserts registrations straight into the table (integration tests only; e2e goes through /register). */
export async function insertRegistrations(rows: RegistrationSeed[]) {
  return db()
    .insert(courseRegistrations)
    .values(
      rows.map((row) => ({
        reference: reference(),
        email: `${row.name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
        courseName: "Strategic Leadership",
        ...row,
      })),
    )
    .returning({ id: courseRegistrations.id, name: courseRegistrations.name });
}

export async function insertContacts(rows: ContactSeed[]) {
  return db()
    .insert(contactSubmissions)
    .values(
      rows.map((row) => ({ email: `${row.name.toLowerCase().replace(/\W+/g, ".")}@example.com`, ...row })),
    )
    .returning({ id: contactSubmissions.id, name: contactSubmissions.name });
}

/** A registration's status as stored now. */
export const registrationStatus = async (id: string) =>
  (
    await db()
      .select({ status: courseRegistrations.status })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.id, id))
  )[0]?.status;
