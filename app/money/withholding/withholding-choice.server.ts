import { eq } from "drizzle-orm";
import type { LockedBooking } from "#app/booking/index.server";
import { organisations } from "#app/organisations/tables.server";
import type { Executor } from "#app/platform/db/client.server";
import type { WithholdingChoice } from "./withholding";

/**
 * What a booking's payer withholds (decision 0745): the booking's own word where the office set one, else its
 * organisation's (an organisation the office marked as withholding income tax, or as a withholding-VAT agent);
 * nothing for a booking with neither.
 */
export async function withholdingChoiceFor(
  tx: Executor,
  booking: Pick<LockedBooking, "organisationId" | "withholdsIncomeTax" | "withholdsVat">,
): Promise<WithholdingChoice> {
  const [organisation] = booking.organisationId
    ? await tx
        .select({ incomeTax: organisations.withholdsIncomeTax, vat: organisations.withholdsVat })
        .from(organisations)
        .where(eq(organisations.id, booking.organisationId))
    : [];
  return {
    incomeTax: booking.withholdsIncomeTax ?? organisation?.incomeTax ?? false,
    vat: booking.withholdsVat ?? organisation?.vat ?? false,
  };
}
