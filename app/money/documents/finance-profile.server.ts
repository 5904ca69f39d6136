import type { FinanceParty } from "#app/money/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import type { FirmIdentity } from "#app/platform/pdf/firm";
import { getSettings } from "#app/platform/settings/setting.server";
import type { FinanceProfileGap } from "#app/platform/settings/settings";
import type { SiteContent } from "#app/site/index";
import { getFirmIdentity, getSiteContentValue } from "#app/site/index.server";
import type { VatRule } from "#app/utils/vat";

export type FinanceProfile = {
  seller: FinanceParty;
  vat: VatRule;
  invoicePrefix: string;
  paymentTermsDays: number;
  /** the paybill as Safaricom knows it: digits only */
  paybill: string;
  payment: SiteContent["payment"];
  contact: SiteContent["contact"];
  /** the letterhead of every money document */
  firm: FirmIdentity;
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
    firm: await getFirmIdentity(executor),
  };
}

/**
 * How to pay a booking, as printed on its invoice and in its e-mails and shown in the portal: M-PESA and the
 * firm's bank account for EFT, RTGS or PesaLink, each with the booking's reference to quote.
 */
export function paymentInstructions(profile: FinanceProfile, reference: string): string {
  const { payment } = profile;
  const ways = [
    payment.paybill && `M-PESA: Paybill ${payment.paybill}, account number ${reference}.`,
    payment.accountNumber &&
      `Bank transfer (EFT, RTGS or PesaLink): ${payment.accountName}, ${payment.bankName}, ${payment.branch}, account ${payment.accountNumber}${payment.swift ? `, SWIFT ${payment.swift}` : ""}; quote ${reference} as the reference.`,
  ].filter(Boolean);
  return ways.length > 0 ? ways.join(" ") : `Quote ${reference} with your payment.`;
}

/** How to pay one booking, as its client's portal page says it. */
export async function bookingPaymentInstructions(reference: string) {
  return paymentInstructions(await getFinanceProfile(db()), reference);
}

/**
 * What the firm's documents need and its profile lacks, each with where it is filled in. An issued document can
 * never be corrected, so none is issued while any of these is missing (issue 30): a proforma without the firm's
 * KRA PIN is no use to a county's accounts office. The PIN setting only ever holds a valid PIN or nothing
 * (getSettings reads a stored value that fails its rule as the empty default).
 */
export function financeProfileGaps(profile: FinanceProfile): FinanceProfileGap[] {
  const { seller, contact, payment, paybill } = profile;
  return [
    seller.name.trim()
      ? null
      : { label: "the legal name", to: "/admin/settings?section=company#setting-finance_legal_name" },
    seller.kraPin
      ? null
      : { label: "the KRA PIN", to: "/admin/settings?section=company#setting-finance_kra_pin" },
    contact.address.trim() ? null : { label: "the firm's address", to: "/admin/content#content-contact" },
    paybill || payment.accountNumber.trim()
      ? null
      : {
          label: "an M-PESA paybill or a bank account",
          to: "/admin/settings?section=payments#content-payment",
        },
  ].filter((gap) => gap !== null);
}

/** The gaps of the profile as it stands, for the screens that warn before anyone tries to issue. */
export async function currentFinanceProfileGaps(executor: Executor = db()) {
  return financeProfileGaps(await getFinanceProfile(executor));
}
