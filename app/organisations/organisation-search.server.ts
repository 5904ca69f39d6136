import { asc, eq, ilike, or } from "drizzle-orm";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import type { SearchText } from "#app/platform/search/search-text.server";

/** Client organisations by name (any part of it) or KRA PIN, for the office's one search. */
export async function searchOrganisations(search: SearchText) {
  return db()
    .select({
      id: organisations.id,
      name: organisations.name,
      kraPin: organisations.kraPin,
      type: organisations.type,
    })
    .from(organisations)
    .where(or(ilike(organisations.name, search.pattern), eq(organisations.kraPin, search.text.toUpperCase())))
    .orderBy(asc(organisations.name))
    .limit(10);
}
