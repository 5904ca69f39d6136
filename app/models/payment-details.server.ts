import type { SiteContent } from "#app/db/seed/site-content";
import { publicSiteContent } from "#app/services/public-data.server";

export type PaymentDetails = SiteContent["payment"];

/**
 * The paybill and bank account a booking is paid to: the Payment information card (site content, also edited
 * under System Settings), the one source that the public pages read here and the invoices read through
 * `getFinanceProfile`.
 */
export async function getPaymentDetails(): Promise<PaymentDetails> {
  const { payment } = await publicSiteContent(["payment"]);
  return payment;
}
