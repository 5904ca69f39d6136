import { Text, View } from "@react-pdf/renderer";
import type { FinanceLine, FinanceParty } from "#app/platform/db/schema";
import { BRAND, BrandedPage, DocumentHeader, renderPdf, styles } from "#app/platform/pdf/pdf-kit.server";
import type { SiteContent } from "#app/site/index";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";

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
  netCents: number;
  vatCents: number;
  totalCents: number;
  paymentNote: string;
  /** receipts: the payments they acknowledge */
  payments?: { receivedOn: string; method: string; code: string | null; amountCents: number }[];
};

const TITLES = { proforma: "Proforma Invoice", credit_note: "Credit Note", receipt: "Receipt" } as const;

const cell = { paddingVertical: 4, paddingHorizontal: 4 };
const row = { flexDirection: "row" as const, borderBottomWidth: 0.5, borderBottomColor: "#cbd5e1" };

function Party({ title, party, extra }: { title: string; party: FinanceParty; extra?: string[] }) {
  return (
    <View style={{ width: "48%" }}>
      <Text style={styles.h3}>{title}</Text>
      <Text style={styles.bold}>{party.name}</Text>
      {party.kraPin && <Text>KRA PIN: {party.kraPin}</Text>}
      {[...party.lines, ...(extra ?? [])].map((line) => (
        <Text key={line}>{line}</Text>
      ))}
    </View>
  );
}

function TotalRow({ label, cents, bold }: { label: string; cents: number; bold?: boolean }) {
  return (
    <View style={{ flexDirection: "row", justifyContent: "flex-end" }}>
      <Text style={[cell, { width: 200, textAlign: "right" }, bold ? styles.bold : {}]}>{label}</Text>
      <Text style={[cell, { width: 110, textAlign: "right" }, bold ? styles.bold : {}]}>
        {formatKes(cents)}
      </Text>
    </View>
  );
}

type PricedTotals = {
  netCents: number;
  vatCents: number;
  totalCents: number;
  vatRatePercent: number;
  pricesIncludeVat: boolean;
};

/** Priced lines and their totals as the firm's documents print them (the invoices, and the sales quotes). */
export function PricedLinesPdf({
  lines,
  totals,
  totalLabel,
}: {
  lines: Pick<FinanceLine, "description" | "quantity" | "unitCents" | "amountCents">[];
  totals: PricedTotals;
  totalLabel: string;
}) {
  const vatLabel =
    totals.vatRatePercent === 0
      ? "VAT (not charged)"
      : `VAT ${totals.vatRatePercent}%${totals.pricesIncludeVat ? " (included in the prices)" : ""}`;
  return (
    <View>
      <View style={[row, { backgroundColor: "#eef7f8" }]}>
        <Text style={[cell, styles.bold, { flex: 1 }]}>Description</Text>
        <Text style={[cell, styles.bold, { width: 60, textAlign: "right" }]}>Qty</Text>
        <Text style={[cell, styles.bold, { width: 100, textAlign: "right" }]}>Unit price</Text>
        <Text style={[cell, styles.bold, { width: 110, textAlign: "right" }]}>Amount</Text>
      </View>
      {lines.map((line) => (
        <View key={line.description} style={row} wrap={false}>
          <Text style={[cell, { flex: 1 }]}>{line.description}</Text>
          <Text style={[cell, { width: 60, textAlign: "right" }]}>{line.quantity}</Text>
          <Text style={[cell, { width: 100, textAlign: "right" }]}>{formatKes(line.unitCents)}</Text>
          <Text style={[cell, { width: 110, textAlign: "right" }]}>{formatKes(line.amountCents)}</Text>
        </View>
      ))}
      <View style={{ marginTop: 6 }}>
        <TotalRow label="Net amount" cents={totals.netCents} />
        <TotalRow label={vatLabel} cents={totals.vatCents} />
        <TotalRow label={totalLabel} cents={totals.totalCents} bold />
      </View>
    </View>
  );
}

/** A proforma invoice, credit note or receipt: the same layout, the lines and totals as stored. */
export function renderFinanceDocumentPdf(doc: FinanceDocumentContent, contact: SiteContent["contact"]) {
  const title = TITLES[doc.kind];
  return renderPdf(
    `${title} ${doc.number}`,
    <BrandedPage contact={contact}>
      <DocumentHeader
        title={`${title} ${doc.number}`}
        subtitle={`Issued ${formatLongDate(doc.issuedOn)}${doc.dueOn ? ` · Due ${formatLongDate(doc.dueOn)}` : ""} · Booking ${doc.bookingReference}`}
      />
      {doc.relatesToNumber && (
        <Text style={[styles.paragraph, styles.bold]}>
          {doc.kind === "credit_note"
            ? `Cancels proforma invoice ${doc.relatesToNumber}.`
            : doc.kind === "proforma"
              ? `Replaces proforma invoice ${doc.relatesToNumber}.`
              : `For proforma invoice ${doc.relatesToNumber}.`}
        </Text>
      )}
      <View style={{ flexDirection: "row", justifyContent: "space-between", marginBottom: 14 }}>
        <Party title="From" party={doc.seller} />
        <Party
          title={doc.kind === "receipt" ? "Received from" : "Bill to"}
          party={doc.buyer}
          extra={doc.buyer.lpoNumber ? [`LPO number: ${doc.buyer.lpoNumber}`] : []}
        />
      </View>
      <PricedLinesPdf
        lines={doc.lines}
        totals={doc}
        totalLabel={doc.kind === "credit_note" ? "Total credited" : "Total (KES)"}
      />
      <Text style={[styles.paragraph, styles.muted, { marginTop: 6 }]}>
        Amounts in Kenya shillings. VAT is computed on each line in cents and rounded half up to the cent.
      </Text>
      {doc.payments && doc.payments.length > 0 && (
        <View>
          <Text style={styles.h2}>Payments received</Text>
          {doc.payments.map((p) => (
            <Text key={`${p.method}-${p.code}-${p.receivedOn}-${p.amountCents}`}>
              {formatLongDate(p.receivedOn)} · {p.method}
              {p.code ? ` ${p.code}` : ""} · {formatKes(p.amountCents)}
            </Text>
          ))}
        </View>
      )}
      {doc.kind === "proforma" && (
        <View>
          <Text style={[styles.h2, { color: BRAND }]}>How to pay</Text>
          <Text style={styles.paragraph}>{doc.paymentNote}</Text>
        </View>
      )}
    </BrandedPage>,
  );
}
