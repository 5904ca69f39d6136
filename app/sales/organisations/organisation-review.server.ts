import { eq, inArray, sql } from "drizzle-orm";
import { moveOrganisationBookings } from "#app/booking/index.server";
import { lockOrganisations } from "#app/organisations/index.server";
import { organisations, organisationsKeptApart } from "#app/organisations/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, executeRows } from "#app/platform/db/client.server";
import { engagements, enquiries } from "#app/sales/tables.server";
import { courseRuns } from "#app/site/tables.server";

/** Names this alike (trigram similarity of their keys) are shown as perhaps one client, beside equal loose keys. */
const ALIKE = 0.8;
const PAIRS_SHOWN = 100;

type PairSide = { id: string; name: string; kraPin: string | null; bookings: number };
export type DoubtfulPair = { first: PairSide; second: PairSide; samePinConflict: boolean };

/**
 * The pairs of organisations that may be one client: the same name but for legal words ("Acme Ltd", "ACME
 * Limited"), or names nearly alike (a typo), that the office has not already kept apart. Each side comes
 * with its KRA PIN and number of bookings, so the person deciding sees what a merge would move.
 */
export async function listDoubtfulPairs(): Promise<DoubtfulPair[]> {
  const rows = await executeRows<{
    a_id: string;
    a_name: string;
    a_pin: string | null;
    a_bookings: number;
    b_id: string;
    b_name: string;
    b_pin: string | null;
    b_bookings: number;
  }>(
    db(),
    sql`with counted as (
          select o.id, o.name, o.kra_pin, o.name_key, o.loose_key,
                 (select count(*)::int from bookings b where b.organisation_id = o.id) as bookings
          from organisations o)
        select a.id as a_id, a.name as a_name, a.kra_pin as a_pin, a.bookings as a_bookings,
               b.id as b_id, b.name as b_name, b.kra_pin as b_pin, b.bookings as b_bookings
        from counted a
        join counted b on a.id < b.id
         and ((a.loose_key <> '' and a.loose_key = b.loose_key) or similarity(a.name_key, b.name_key) >= ${ALIKE})
        where not exists (select 1 from organisations_kept_apart k where k.first_id = a.id and k.second_id = b.id)
        order by lower(a.name), lower(b.name)
        limit ${PAIRS_SHOWN}`,
  );
  return rows.map((row) => ({
    first: { id: row.a_id, name: row.a_name, kraPin: row.a_pin, bookings: Number(row.a_bookings) },
    second: { id: row.b_id, name: row.b_name, kraPin: row.b_pin, bookings: Number(row.b_bookings) },
    samePinConflict: !!row.a_pin && !!row.b_pin && row.a_pin !== row.b_pin,
  }));
}

export type ReviewOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

const joined = (a: string | null, b: string | null) => (a && b && a !== b ? `${a}\n\n${b}` : a || b);

/**
 * Merges `mergeId` into `keepId`: every booking of the one becomes the other's, the kept one takes whatever it
 * lacked (PIN, NITA number, address) and both sets of contacts and notes, and the merged one is removed. Two
 * different KRA PINs are two legal entities, so that merge is refused. Audited with both as they were.
 */
export async function mergeOrganisations(
  actor: AuditActor,
  keepId: string,
  mergeId: string,
): Promise<ReviewOutcome> {
  if (keepId === mergeId) return { ok: false, status: 400, message: "Choose two different organisations." };
  return db().transaction(async (tx) => {
    await lockOrganisations(tx);
    const both = await tx
      .select()
      .from(organisations)
      .where(inArray(organisations.id, [keepId, mergeId]))
      .orderBy(organisations.id)
      .for("update");
    const keep = both.find((o) => o.id === keepId);
    const merge = both.find((o) => o.id === mergeId);
    if (!keep || !merge) {
      return {
        ok: false,
        status: 404,
        message: "One of these organisations no longer exists: it may have been merged already.",
      };
    }
    if (keep.kraPin && merge.kraPin && keep.kraPin !== merge.kraPin) {
      return {
        ok: false,
        status: 409,
        message: `${keep.name} (${keep.kraPin}) and ${merge.name} (${merge.kraPin}) have different KRA PINs, so they are two clients. Correct the wrong PIN first if they are one.`,
      };
    }
    const moved = await moveOrganisationBookings(tx, mergeId, keepId);
    // its private runs are the kept one's now (the key would refuse the delete otherwise)
    await tx.update(courseRuns).set({ organisationId: keepId }).where(eq(courseRuns.organisationId, mergeId));
    // its enquiries and engagements follow its bookings (their keys restrict the delete below)
    await tx.update(enquiries).set({ organisationId: keepId }).where(eq(enquiries.organisationId, mergeId));
    await tx
      .update(engagements)
      .set({ organisationId: keepId })
      .where(eq(engagements.organisationId, mergeId));
    // the merged one goes first: its KRA PIN passes to the kept one, and a PIN belongs to one organisation
    await tx.delete(organisations).where(eq(organisations.id, mergeId));
    const [after] = await tx
      .update(organisations)
      .set({
        kraPin: keep.kraPin ?? merge.kraPin,
        nitaLevyNumber: keep.nitaLevyNumber ?? merge.nitaLevyNumber,
        address: keep.address ?? merge.address,
        contacts: joined(keep.contacts, merge.contacts),
        notes: joined(keep.notes, merge.notes),
        updatedAt: new Date(),
      })
      .where(eq(organisations.id, keepId))
      .returning();
    await recordAudit(tx, actor, {
      action: "Merged organisation",
      tableName: "organisations",
      recordId: keepId,
      oldValues: { kept: keep, merged: merge },
      newValues: { ...after, bookings_moved: moved.map((b) => b.reference) },
    });
    const n = moved.length;
    return {
      ok: true,
      message: `${merge.name} was merged into ${keep.name}; ${n} booking${n === 1 ? "" : "s"} moved.`,
    };
  });
}

/** Records that two organisations are different clients, so the review screen stops offering the pair. */
export async function keepOrganisationsApart(
  actor: AuditActor,
  oneId: string,
  otherId: string,
): Promise<ReviewOutcome> {
  if (oneId === otherId) return { ok: false, status: 400, message: "Choose two different organisations." };
  const [firstId, secondId] = [oneId, otherId].sort() as [string, string];
  return db().transaction(async (tx) => {
    const found = await tx
      .select({ id: organisations.id, name: organisations.name })
      .from(organisations)
      .where(inArray(organisations.id, [firstId, secondId]));
    if (found.length < 2) {
      return {
        ok: false,
        status: 404,
        message: "One of these organisations no longer exists: it may have been merged already.",
      };
    }
    await tx
      .insert(organisationsKeptApart)
      .values({ firstId, secondId, decidedBy: actor.email ?? "staff" })
      .onConflictDoNothing();
    await recordAudit(tx, actor, {
      action: "Kept organisations apart",
      tableName: "organisations",
      recordId: firstId,
      newValues: { organisations: found.map((o) => o.name) },
    });
    return { ok: true, message: `${found.map((o) => o.name).join(" and ")} are kept as two organisations.` };
  });
}
