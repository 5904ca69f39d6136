import { eq } from "drizzle-orm";
import type { FinanceParty } from "#app/money/tables.server";
import { getOffice, type SellingOffice } from "#app/offices/index.server";
import type { Executor } from "#app/platform/db/client.server";
import { courseRuns } from "#app/site/tables.server";
import type { FinanceProfile } from "./finance-profile.server";

export type DocumentOffice = SellingOffice & { runCurrency: SellingOffice["currency"] };

/**
 * The selling office a booking's documents are issued by (issue 52, decision 0791): its run's office, in its
 * run's currency; Nairobi in KES for a booking without a run (as everything was before offices).
 */
export async function documentOffice(
  tx: Executor,
  booking: { runId: string | null },
): Promise<DocumentOffice> {
  const [run] = booking.runId
    ? await tx
        .select({ office: courseRuns.sellingOffice, currency: courseRuns.currency })
        .from(courseRuns)
        .where(eq(courseRuns.id, booking.runId))
    : [];
  const office = await getOffice(tx, run?.office ?? "nairobi");
  return { ...office, runCurrency: run?.currency ?? office.currency };
}

/**
 * Who sells, as the document prints it: Nairobi is the firm as its finance settings describe it (the identity
 * every document before offices carried); another office is its own legal entity with its own tax number.
 */
export function documentSeller(profile: FinanceProfile, office: SellingOffice): FinanceParty {
  if (office.code === "nairobi") return profile.seller;
  return {
    name: office.legalName,
    kraPin: office.taxId || null,
    lines: [office.address, ...profile.seller.lines.slice(1)].filter(Boolean),
  };
}
