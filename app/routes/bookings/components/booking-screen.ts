import type { BookingPage } from "#app/bookings/index.server";
import type { TaxInvoiceRow } from "#app/money/index.server";

/** A booking's page as its loader answers it: the booking, and what this account may do to it. */
export type BookingScreen = BookingPage & {
  /** null for an account that does not read money */
  taxInvoices: TaxInvoiceRow[] | null;
  may: { manage: boolean; invoice: boolean; overrideNotice: boolean; revealIdNumbers: boolean };
};

/** A section of the booking page, titled for screen readers and the eye alike. */
export const SECTION = "space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
