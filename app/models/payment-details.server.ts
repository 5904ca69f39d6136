import type { SiteContent } from "#app/db/seed/site-content";
import { getSiteContent } from "./site-content.server";

export type PaymentDetails = SiteContent["payment"];

/**
 * The paybill and bank account a booking is paid to. Every public page that says how to pay reads them
 * here, so moving them (today they are site content) changes one function.
 */
export async function getPaymentDetails(): Promise<PaymentDetails> {
  const { payment } = await getSiteContent(["payment"]);
  return payment;
}
