import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { linkBookingToOrganisation } from "#app/booking/index.server";
import { bookings } from "#app/booking/tables.server";
import {
  guessOrganisationType,
  lockOrganisations,
  normaliseKraPin,
  organisationLooseKey,
  organisationNameKey,
} from "#app/organisations/index.server";
import { organisations } from "#app/organisations/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";

/** Bookings matched by one organisation-matching pass started by the system (the periodic job). */
export const MATCHING_ACTOR: AuditActor = {
  id: null,
  email: "system",
  ip: "server",
  userAgent: "organisation matching",
};

const BATCH = 500;

type Unmatched = {
  id: string;
  reference: string;
  organization: string | null;
  kraPin: string | null;
  nitaLevyNumber: string | null;
};

/**
 * The organisation a booking belongs to: by its KRA PIN when it has one (a PIN names one legal entity), else by
 * its name as matching compares it; a booking naming a client not yet known creates it. A name that two
 * organisations share goes to the older one, and the review screen shows the pair.
 */
async function organisationFor(tx: Executor, booking: Unmatched, actor: AuditActor) {
  const pin = normaliseKraPin(booking.kraPin);
  const name = booking.organization?.trim() || pin || "";
  const key = organisationNameKey(name);
  const [known] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(pin ? eq(organisations.kraPin, pin) : eq(organisations.nameKey, key))
    .orderBy(asc(organisations.createdAt), asc(organisations.id))
    .limit(1);
  if (known) return known.id;
  // a PIN of its own is a client of its own, even when another one has the same name (the review screen asks)
  const [created] = await tx
    .insert(organisations)
    .values({
      name,
      nameKey: key,
      looseKey: organisationLooseKey(name),
      type: guessOrganisationType(name),
      kraPin: pin,
      nitaLevyNumber: booking.nitaLevyNumber?.trim() || null,
    })
    .returning();
  if (!created) throw new Error("insert returned no organisation");
  await recordAudit(tx, actor, {
    action: "Created organisation from a booking",
    tableName: "organisations",
    recordId: created.id,
    newValues: { ...created, booking: booking.reference },
  });
  return created.id;
}

/**
 * Links the bookings that name an organisation (by name or KRA PIN) and have none yet to their organisation,
 * in batches, under the organisations' lock, so a client is created once. Returns how many were linked.
 */
export async function matchBookingsToOrganisations(actor: AuditActor = MATCHING_ACTOR): Promise<number> {
  let linked = 0;
  for (;;) {
    const done = await db().transaction(async (tx) => {
      await lockOrganisations(tx);
      const batch = await tx
        .select({
          id: bookings.id,
          reference: bookings.reference,
          organization: bookings.organization,
          kraPin: bookings.kraPin,
          nitaLevyNumber: bookings.nitaLevyNumber,
        })
        .from(bookings)
        .where(
          and(
            isNull(bookings.organisationId),
            // a name or PIN with a letter or digit in it: "-" names no one
            sql`(${bookings.organization} ~ '[[:alnum:]]' or ${bookings.kraPin} ~ '[[:alnum:]]')`,
          ),
        )
        .orderBy(asc(bookings.createdAt), asc(bookings.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      for (const booking of batch) {
        const organisationId = await organisationFor(tx, booking, actor);
        await linkBookingToOrganisation(tx, booking.id, organisationId);
      }
      linked += batch.length;
      return batch.length < BATCH;
    });
    if (done) return linked;
  }
}
