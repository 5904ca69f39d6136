import { Text, View } from "@react-pdf/renderer";
import type { FinanceLine, FinanceParty } from "#app/money/tables.server";
import type { FirmIdentity } from "#app/platform/pdf/firm";
import {
  BrandedPage,
  DocumentHeader,
  Note,
  RULE,
  renderPdf,
  styles,
  TINT,
} from "#app/platform/pdf/pdf-kit.server";
import { LineTable, pricedTotalRows, TotalsTable } from "#app/platform/pdf/pdf-tables.server";
import { formatLongDate } from "#app/utils/dates";
import { formatMinor, type MinorCurrency } from "#app/utils/minor-units";
import { discountDetail, documentDiscounts } from "../discounts/discount-text";
import { WITHHOLDING_RATES } from "../withholding/withholding";
import { balanceAfterText, paymentWithCode } from "./receipt-balance";

export type FinanceDocumentContent = {
  kind: "proforma" | "credit_note" | "receipt";
  number: string;
  issuedOn: string;
  dueOn: string | null;
  bookingReference: string;
  /** the number of the document this one replaces or cancels */
  relatesToNumber: string | null;
  seller: FinanceParty;
  buyer: FinanceParty & { lpoNumber: string | null };
  lines: FinanceLine[];
  vatRatePercent: number;
  pricesIncludeVat: boolean;
  /** the run's currency, the office's (issue 52); documents before offices are in KES */
  currency?: string;
  netCents: number;
  vatCents: number;
  totalCents: number;
  paymentNote: string;
  /** proformas (and receipts, reprinting them): what the buyer withholds and settles by iTax certificates */
  whtCents?: number;
  whvatCents?: number;
  /** receipts: the payments they acknowledge */
  payments?: { receivedOn: string; method: string; code: string | null; amountCents: number }[];
  /** receipts: the booking's balance after the payment (negative: overpaid) */
  balanceAfterCents?: number | null;
};

const TITLES = { proforma: "Proforma Invoice", credit_note: "Credit Note", receipt: "Receipt" } as const;

/** A receipt for money paid before any invoice: an advance held against the booking (issue 45). */
const isAdvance = (doc: Pick<FinanceDocumentContent, "kind" | "relatesToNumber">) =>
  doc.kind === "receipt" && doc.relatesToNumber === null;

/** A party to a money document (seller, buyer): a small capitalised label, the name, the PIN, the address. */
export function Party({ title, party, extra }: { title: string; party: FinanceParty; extra?: string[] }) {
  return (
    <View style={{ width: "48%" }}>
      <Text style={[styles.muted, { fontSize: 8, marginBottom: 2 }]}>{title.toUpperCase()}</Text>
      <Text style={styles.bold}>{party.name}</Text>
      {party.kraPin && <Text>KRA PIN {party.kraPin}</Text>}
      {[...party.lines, ...(extra ?? [])].map((line) => (
        <Text key={line}>{line}</Text>
      ))}
    </View>
  );
}

const cell = { paddingVertical: 4, paddingHorizontal: 5 };

/** A document's currency: the run's (issue 52); KES for those issued before offices. */
const currencyOf = (doc: Pick<FinanceDocumentContent, "currency">) =>
  (doc.currency ?? "KES") as MinorCurrency;

const CURRENCY_SENTENCE: Record<MinorCurrency, string> = {
  KES: "Amounts are in Kenya shillings (KES).",
  UGX: "Amounts are in Uganda shillings (UGX).",
  RWF: "Amounts are in Rwanda francs (RWF).",
  TZS: "Amounts are in Tanzania shillings (TZS).",
  USD: "Amounts are in US dollars (USD).",
};

/**
 * The payments a receipt acknowledges, each with its date and its method and code as the client's statement
 * shows them ("M-PESA QKH94M1Z11"), their sum, and the booking's balance after them (decision 0641).
 */
function PaymentsTable({
  payments,
  balanceAfterCents,
  advance,
  withheldCents,
  currency,
}: {
  payments: NonNullable<FinanceDocumentContent["payments"]>;
  balanceAfterCents: number | null | undefined;
  advance: boolean;
  withheldCents: number;
  currency: MinorCurrency;
}) {
  const row = { flexDirection: "row" as const, borderBottomWidth: 0.5, borderBottomColor: RULE };
  return (
    <View wrap={false}>
      <Text style={styles.h2}>{balanceAfterCents != null ? "Payment received" : "Payments received"}</Text>
      <View style={[row, { backgroundColor: TINT }]}>
        <Text style={[cell, styles.bold, { width: 120 }]}>Date</Text>
        <Text style={[cell, styles.bold, { flex: 1 }]}>Payment and code</Text>
        <Text style={[cell, styles.bold, { width: 110, textAlign: "right" }]}>Amount</Text>
      </View>
      {payments.map((p) => (
        <View key={`${p.method}-${p.code}-${p.receivedOn}-${p.amountCents}`} style={row}>
          <Text style={[cell, { width: 120 }]}>{formatLongDate(p.receivedOn)}</Text>
          <Text style={[cell, { flex: 1 }]}>{paymentWithCode(p.method, p.code)}</Text>
          <Text style={[cell, { width: 110, textAlign: "right" }]}>
            {formatMinor(p.amountCents, currency)}
          </Text>
        </View>
      ))}
      <TotalsTable
        rows={[
          {
            label: "Total received",
            cents: payments.reduce((sum, p) => sum + p.amountCents, 0),
            strong: true,
          },
        ]}
        currency={currency}
      />
      {balanceAfterCents != null && (
        <Text style={[styles.paragraph, styles.bold, { marginTop: 6 }]}>
          {balanceAfterText(balanceAfterCents, { advance, withheldCents, currency })}
        </Text>
      )}
    </View>
  );
}

/** What a proforma expects withheld, and so in cash: nothing when the buyer withholds nothing. */
export function withholdingRows(
  doc: Pick<FinanceDocumentContent, "totalCents" | "whtCents" | "whvatCents" | "currency">,
) {
  const wht = doc.whtCents ?? 0;
  const whvat = doc.whvatCents ?? 0;
  if (wht + whvat === 0) return [];
  return [
    ...(wht > 0
      ? [{ label: `Less withholding tax ${WITHHOLDING_RATES.wht.percent} % (by certificate)`, cents: -wht }]
      : []),
    ...(whvat > 0
      ? [
          {
            label: `Less withholding VAT ${WITHHOLDING_RATES.whvat.percent} % (by certificate)`,
            cents: -whvat,
          },
        ]
      : []),
    { label: `To pay in cash (${currencyOf(doc)})`, cents: doc.totalCents - wht - whvat, strong: true },
  ];
}

/** What the reader should know about the document, in the client's words. */
function closingNote(doc: FinanceDocumentContent) {
  if (doc.kind === "proforma") {
    const withheld = (doc.whtCents ?? 0) + (doc.whvatCents ?? 0);
    const certificates =
      withheld > 0
        ? ` You withhold ${formatMinor(withheld, currencyOf(doc))} as shown and pay ${formatMinor(doc.totalCents - withheld, currencyOf(doc))}; please send us the withholding certificates from iTax for the amounts withheld, which settle the rest of this invoice.`
        : "";
    return {
      title: "How to pay",
      text: `${doc.paymentNote}${certificates} This proforma invoice is a request for payment, not a tax invoice. ${CURRENCY_SENTENCE[currencyOf(doc)]}`,
    };
  }
  if (doc.kind === "credit_note") {
    return {
      title: "What this means",
      text: `This credit note cancels proforma invoice ${doc.relatesToNumber ?? ""} in full: nothing is owed on it. Please keep it with your copy of the invoice.`,
    };
  }
  return {
    title: "Thank you",
    text: isAdvance(doc)
      ? "We have received your payment before this booking's invoice. It is held against the booking and set against the invoice when it is issued. Please keep this receipt for your records."
      : "We have received your payment. Please keep this receipt for your records.",
  };
}

/**
 * The lines as issued, each with the participants it bills ("Participants: …" under the course) and, when
 * discounted, its list price, the discount off each participant and what gave it (decision 0750).
 */
const linesWithParticipants = (lines: FinanceLine[]) =>
  lines.map((line) => ({
    ...line,
    detail:
      [
        line.participants?.length ? `Participants: ${line.participants.join(", ")}` : null,
        discountDetail(line),
      ]
        .filter(Boolean)
        .join("\n") || undefined,
  }));

/** The list price and the discounts of a document's lines, as totals rows above the net (none without). */
function discountRows(lines: FinanceLine[], currency: MinorCurrency) {
  const { listCents, discountCents } = documentDiscounts(lines);
  if (discountCents === 0) return [];
  return [
    { label: `At list prices (${currency})`, cents: listCents },
    { label: `Less discounts (${currency})`, cents: -discountCents },
  ];
}

/** A proforma invoice, credit note or receipt: the same layout, the lines and totals as stored. */
export function renderFinanceDocumentPdf(doc: FinanceDocumentContent, firm: FirmIdentity) {
  const title = isAdvance(doc) ? "Receipt (advance payment)" : TITLES[doc.kind];
  // a receipt prints its invoice's lines for what was bought; their total is the invoice's, not this payment's.
  // An advance has no invoice yet, so no VAT to state: the money received, and the invoice will say the rest.
  const currency = currencyOf(doc);
  const totals = isAdvance(doc)
    ? [{ label: `Received in advance (${currency})`, cents: doc.totalCents, strong: true }]
    : [
        ...discountRows(doc.lines, currency),
        ...pricedTotalRows(
          doc,
          doc.kind === "credit_note"
            ? `Total credited (${currency})`
            : doc.kind === "receipt"
              ? `Invoice total (${currency})`
              : `Total (${currency})`,
        ),
      ];
  const note = closingNote(doc);
  return renderPdf(
    `${title} ${doc.number}`,
    <BrandedPage contact={firm} firm={firm}>
      <DocumentHeader
        firm={firm}
        title={title}
        subtitle={
          doc.relatesToNumber
            ? doc.kind === "credit_note"
              ? `Cancels proforma invoice ${doc.relatesToNumber}`
              : doc.kind === "proforma"
                ? `Replaces proforma invoice ${doc.relatesToNumber}`
                : `For proforma invoice ${doc.relatesToNumber}`
            : isAdvance(doc)
              ? "Advance payment: no invoice issued yet"
              : undefined
        }
        facts={[
          ["Number", doc.number],
          ["Date", formatLongDate(doc.issuedOn)],
          ["Due", doc.dueOn ? formatLongDate(doc.dueOn) : null],
          ["Booking", doc.bookingReference],
          ["LPO", doc.buyer.lpoNumber],
        ]}
      />
      <View style={{ flexDirection: "row", justifyContent: "space-between", marginBottom: 16 }}>
        <Party title="From" party={doc.seller} />
        <Party title={doc.kind === "receipt" ? "Received from" : "Bill to"} party={doc.buyer} />
      </View>
      <LineTable lines={linesWithParticipants(doc.lines)} currency={currency} />
      <TotalsTable rows={totals} currency={currency} />
      {doc.kind === "proforma" && withholdingRows(doc).length > 0 && (
        <TotalsTable rows={withholdingRows(doc)} currency={currency} />
      )}
      {doc.payments && doc.payments.length > 0 && (
        <PaymentsTable
          payments={doc.payments}
          balanceAfterCents={doc.balanceAfterCents}
          advance={isAdvance(doc)}
          withheldCents={(doc.whtCents ?? 0) + (doc.whvatCents ?? 0)}
          currency={currency}
        />
      )}
      <Note title={note.title}>{note.text}</Note>
    </BrandedPage>,
    firm.legalName,
  );
}
