import type { Executor } from "#app/db/client.server";
import type { FinanceParty } from "#app/db/schema";
import type { SiteContent } from "#app/db/seed/site-content";
import type { VatRule } from "#app/utils/vat";
import { getSettings } from "./setting.server";
import { getSiteContentValue } from "./site-content.server";

export type FinanceProfile = {
  seller: FinanceParty;
  vat: VatRule;
  invoicePrefix: string;
  paymentTermsDays: number;
  /** the paybill as Safaricom knows it: digits only */
  paybill: string;
  payment: SiteContent["payment"];
  contact: SiteContent["contact"];
};

/**
 * The firm as its money documents show it: legal name, KRA PIN and VAT from the settings; paybill and bank
 * from the site's payment information (one source for the website, the e-mails and the invoices).
 */
export async function getFinanceProfile(executor: Executor): Promise<FinanceProfile> {
  // one query at a time on a transaction's connection (pg warns about overlapping queries)
  const settings = await getSettings(executor);
  const payment = await getSiteContentValue(executor, "payment");
  const contact = await getSiteContentValue(executor, "contact");
  return {
    seller: {
      name: settings.finance_legal_name,
      kraPin: settings.finance_kra_pin || null,
      lines: [contact.address, contact.phone, contact.email].filter(Boolean),
    },
    vat: {
      registered: settings.vat_registered,
      ratePercent: settings.vat_rate,
      pricesIncludeVat: settings.prices_include_vat,
    },
    invoicePrefix: settings.invoice_prefix,
    paymentTermsDays: settings.payment_terms_days,
    paybill: payment.paybill.replace(/\D/g, ""),
    payment,
    contact,
  };
}

/** How to pay a booking, as printed on its invoice and in its e-mails. */
export function paymentInstructions(profile: FinanceProfile, reference: string): string {
  const { payment } = profile;
  const ways = [
    payment.paybill && `M-PESA: Paybill ${payment.paybill}, account number ${reference}.`,
    payment.accountNumber &&
      `Bank transfer: ${payment.accountName}, ${payment.bankName}, ${payment.branch}, account ${payment.accountNumber}${payment.swift ? `, SWIFT ${payment.swift}` : ""}; quote ${reference} as the reference.`,
  ].filter(Boolean);
  return ways.length > 0 ? ways.join(" ") : `Quote ${reference} with your payment.`;
}
