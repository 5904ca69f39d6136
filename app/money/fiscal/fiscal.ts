import type { MinorCurrency } from "#app/utils/minor-units";

/*
 * One fiscal adapter (issue 53, decision 0835): what the firm asks of a tax authority, whichever it is. A sale by
 * a Kenyan office goes to KRA eTIMS OSCU, one by the Kigali office to RRA EBM (the VSDC API), one by the Kampala
 * office to URA EFRIS (system-to-system). Each implementation passes one contract suite
 * (tests/integration/fiscal-contract.test.ts).
 */

export type FiscalAuthority = "kra-etims" | "rra-ebm" | "ura-efris";

/**
 * A tax band as the firm's courses carry it, read by each authority in its own codes: "standard" is 16 % in
 * Kenya (KRA B) and 18 % in Rwanda (RRA B) and Uganda (URA 01); "exempt" and "zero" are 0 %.
 */
export type FiscalTaxBand = "standard" | "exempt" | "zero";

/** Who buys, as URA's buyerType distinguishes them; KRA and RRA read only the tax number. */
export type FiscalBuyerKind = "business" | "government" | "consumer" | "foreigner";

export type FiscalBuyer = {
  name: string;
  kind: FiscalBuyerKind;
  /** the buyer's tax number with the authority (KRA PIN, RRA TIN, URA TIN); null for a private buyer */
  taxId: string | null;
  email: string;
  /** a private buyer's phone number, printed on an RRA receipt (RRA pays part of the VAT back to its holder) */
  phone: string | null;
  /** the purchase code a business buyer gets from RRA and gives at purchase (Rwanda only) */
  purchaseCode: string | null;
};

/** An item (a course, or the general training-services item) as the authority registers it before a sale. */
export type FiscalItem = {
  code: string;
  name: string;
  /** the authority's classification: KRA/RRA item class, URA commodity category (both UNSPSC-based) */
  classCode: string;
  taxBand: FiscalTaxBand;
  unitMinor: number;
  currency: MinorCurrency;
};

export type FiscalLine = {
  description: string;
  itemCode: string;
  classCode: string;
  taxBand: FiscalTaxBand;
  quantity: number;
  /** list price per unit, tax included, minor units */
  unitMinor: number;
  /** quantity × unit price before any discount, when discounted */
  supplyMinor?: number;
  discountMinor?: number;
  /** what the line is sold for, tax included */
  amountMinor: number;
  taxMinor: number;
};

/**
 * A sale or credit note as the firm issued it. `number` is the firm's own, never reused: a retry sends the same
 * number, which each authority refuses to record twice (KRA/RRA invcNo, URA referenceNo with its check on).
 */
export type FiscalDocument = {
  kind: "sale" | "credit";
  number: number;
  /** the firm's own label of the document, e.g. KLA-17 (URA's referenceNo) */
  reference: string;
  /** the booking's reference, sent as the remark */
  bookingReference: string;
  /** a credit note's sale, as the authority accepted it */
  original: { number: number; authorityId: string | null; authorityNumber: string | null } | null;
  issuedAt: Date;
  currency: MinorCurrency;
  /** units of the authority's currency per unit of `currency` (URA asks it for a sale not in UGX) */
  exchangeRate: number | null;
  buyer: FiscalBuyer;
  lines: FiscalLine[];
  totalMinor: number;
  taxMinor: number;
};

/** One field the authority requires printed on the tax invoice, in its own words. */
export type PrintField = { label: string; value: string };

export type FiscalReceipt = {
  /**
   * accepted: fiscalised and final; pending: the authority holds it but has not decided (a URA credit note
   * application waits for URA's approval; the state is asked again)
   */
  state: "accepted" | "pending";
  /** the authority's own number for the document (RRA receipt number, URA FDN or credit note reference) */
  authorityNumber: string;
  /** the authority's internal id of the document, when it has one apart from its number (URA invoiceId) */
  authorityId: string | null;
  /** the fields the tax invoice prints, in order */
  printFields: PrintField[];
  /** the address the QR code carries */
  qr: string | null;
  /** the VSDC family's signature of the receipt (KRA, RRA), as tax_invoices keeps it; null for URA */
  signed: {
    receiptNo: number;
    totalReceiptNo: number | null;
    internalData: string;
    signature: string;
    sdcDateTime: string;
  } | null;
};

export type FiscalAnswer<T> =
  | { kind: "ok"; value: T }
  /** the authority read the request and said no: sending it again unchanged cannot help */
  | { kind: "refused"; code: string; message: string }
  /** no answer the authority stands by (down, slow, a 5xx, an unreadable body): the same request goes again later */
  | { kind: "unreachable"; message: string };

export interface FiscalAdapter {
  readonly authority: FiscalAuthority;
  /** whether the authority answers documentState (KRA's OSCU offers the firm no look-up of one sale) */
  readonly asksState: boolean;
  /** registers the items with the authority (each one a sale names must be known to it first) */
  registerItems(items: FiscalItem[]): Promise<FiscalAnswer<null>>;
  sendSale(sale: FiscalDocument): Promise<FiscalAnswer<FiscalReceipt>>;
  sendCreditNote(credit: FiscalDocument): Promise<FiscalAnswer<FiscalReceipt>>;
  /** what the authority holds under the document's number: its receipt, or null when it holds nothing */
  documentState(document: FiscalDocument): Promise<FiscalAnswer<FiscalReceipt | null>>;
}
