import { publicSiteContent } from "#app/site/public-data.server";
import type { SiteContent } from "#app/site/seed/site-content";

export type PaymentDetails = SiteContent["payment"];

/**
 * The paybill and bank account a booking is paid to: the Payment information card (site content, also edited
 * under Settings → Payments), the one source that the public pages read here and the invoices read through
 * `getFinanceProfile`.
 */
export async function getPaymentDetails(): Promise<PaymentDetails> {
  const { payment } = await publicSiteContent(["payment"]);
  return payment;
}
