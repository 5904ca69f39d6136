import { sql } from "drizzle-orm";
import { organisations } from "#app/organisations/tables.server";
import type { RunOrganisationName } from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";
import { bookings } from "./tables.server";

/**
 * Who a private run is for, in a query on runs left-joined to their organisation: the organisation on record,
 * else the name its quote's booking carries (an enquiry not yet matched to an organisation).
 */
export const privateRunOrganisation: RunOrganisationName = sql`coalesce(${organisations.name}, (select ${bookings.organization}
  from ${bookings} where ${bookings.runId} = ${courseRuns.id} and ${bookings.quoteId} is not null limit 1))`;
