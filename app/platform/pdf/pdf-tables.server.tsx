import { Text, View } from "@react-pdf/renderer";
import { formatMinor, type MinorCurrency } from "#app/utils/minor-units";
import { RULE, styles, TINT } from "./pdf-kit.server";

const cell = { paddingVertical: 5, paddingHorizontal: 5 };
const row = { flexDirection: "row" as const, borderBottomWidth: 0.5, borderBottomColor: RULE };
const AMOUNT = 100;

/** One priced line of a money document: what, how many, at what price, for how much (integer cents). */
export type PricedRow = {
  description: string;
  detail?: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
};

/** The lines of an invoice, receipt, credit note or quote: description, quantity, unit price and amount. */
export function LineTable({ lines, currency = "KES" }: { lines: PricedRow[]; currency?: MinorCurrency }) {
  return (
    <View>
      <View style={[row, { backgroundColor: TINT }]} fixed>
        <Text style={[cell, styles.bold, { flex: 1 }]}>Description</Text>
        <Text style={[cell, styles.bold, { width: 40, textAlign: "right" }]}>Qty</Text>
        <Text style={[cell, styles.bold, { width: AMOUNT, textAlign: "right" }]}>Unit price</Text>
        <Text style={[cell, styles.bold, { width: AMOUNT, textAlign: "right" }]}>Amount</Text>
      </View>
      {lines.map((line) => (
        <View key={line.description} style={row} wrap={false}>
          <View style={[cell, { flex: 1 }]}>
            <Text>{line.description}</Text>
            {line.detail ? (
              <Text style={[styles.muted, { fontSize: 8.5, marginTop: 2 }]}>{line.detail}</Text>
            ) : null}
          </View>
          <Text style={[cell, { width: 40, textAlign: "right" }]}>{line.quantity}</Text>
          <Text style={[cell, { width: AMOUNT, textAlign: "right" }]}>
            {formatMinor(line.unitCents, currency)}
          </Text>
          <Text style={[cell, { width: AMOUNT, textAlign: "right" }]}>
            {formatMinor(line.amountCents, currency)}
          </Text>
        </View>
      ))}
    </View>
  );
}

/** A totals row: its label, its amount, and whether it is the figure the reader acts on. */
export type TotalRow = { label: string; cents: number; strong?: boolean };

/** The totals under a table, right-aligned; the strong row (the total or the balance) stands out. */
export function TotalsTable({ rows, currency = "KES" }: { rows: TotalRow[]; currency?: MinorCurrency }) {
  return (
    <View style={{ alignItems: "flex-end", marginTop: 6 }} wrap={false}>
      {rows.map((total) => (
        <View
          key={total.label}
          style={[
            { flexDirection: "row", width: 300 },
            total.strong ? { backgroundColor: TINT, borderTopWidth: 1, borderTopColor: "#0f4c5c" } : {},
          ]}
        >
          <Text style={[cell, { flex: 1, textAlign: "right" }, total.strong ? styles.bold : {}]}>
            {total.label}
          </Text>
          <Text style={[cell, { width: AMOUNT + 10, textAlign: "right" }, total.strong ? styles.bold : {}]}>
            {formatMinor(total.cents, currency)}
          </Text>
        </View>
      ))}
    </View>
  );
}

/** What a document's VAT and prices say about each other, as its totals print it. */
export type VatTerms = { vatRatePercent: number; pricesIncludeVat: boolean };

/** The net, the VAT (with its rate and whether the prices include it) and the total, as the totals rows. */
export function pricedTotalRows(
  totals: VatTerms & { netCents: number; vatCents: number; totalCents: number },
  totalLabel: string,
): TotalRow[] {
  const vat =
    totals.vatRatePercent === 0
      ? "VAT (not charged)"
      : `VAT ${totals.vatRatePercent}%${totals.pricesIncludeVat ? " (included in the prices)" : ""}`;
  return [
    { label: "Net amount", cents: totals.netCents },
    { label: vat, cents: totals.vatCents },
    { label: totalLabel, cents: totals.totalCents, strong: true },
  ];
}
