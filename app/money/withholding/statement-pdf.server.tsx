import { Text, View } from "@react-pdf/renderer";
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
import { TotalsTable } from "#app/platform/pdf/pdf-tables.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";
import type { Statement } from "./withholding";

const cell = { paddingVertical: 4, paddingHorizontal: 4 };
const row = { flexDirection: "row" as const, borderBottomWidth: 0.5, borderBottomColor: RULE };
const AMOUNT = 82;
const amountOrBlank = (cents: number) => (cents === 0 ? "" : formatKes(cents));

/**
 * A statement of account (decision 0748): the client, the date it stands at, every invoice, credit note, payment
 * and withholding certificate with the running balance, and the closing balance split into cash owed and
 * certificates due; on the letterhead, for the client's auditor.
 */
export function renderStatementPdf(statement: Statement, firm: FirmIdentity) {
  return renderPdf(
    `Statement of account ${statement.name} ${statement.asAt}`,
    <BrandedPage contact={firm} firm={firm}>
      <DocumentHeader
        firm={firm}
        title="Statement of account"
        subtitle={`${statement.name}${statement.kraPin ? ` · KRA PIN ${statement.kraPin}` : ""}`}
        facts={[
          ["As at", formatLongDate(statement.asAt)],
          ["Covers", statement.scope],
          ["Currency", "KES"],
        ]}
      />
      <View style={[row, { backgroundColor: TINT }]} fixed>
        <Text style={[cell, styles.bold, { width: 58 }]}>Date</Text>
        <Text style={[cell, styles.bold, { width: 80 }]}>Booking</Text>
        <Text style={[cell, styles.bold, { flex: 1 }]}>Details</Text>
        <Text style={[cell, styles.bold, { width: AMOUNT, textAlign: "right" }]}>Charged</Text>
        <Text style={[cell, styles.bold, { width: AMOUNT, textAlign: "right" }]}>Settled</Text>
        <Text style={[cell, styles.bold, { width: AMOUNT, textAlign: "right" }]}>Balance</Text>
      </View>
      {statement.lines.length === 0 ? (
        <Text style={[cell, styles.muted]}>Nothing has been invoiced or paid yet.</Text>
      ) : (
        statement.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed, in the order drawn
          <View key={index} style={row} wrap={false}>
            <Text style={[cell, { width: 58 }]}>{line.date}</Text>
            <Text style={[cell, { width: 80 }]}>{line.reference}</Text>
            <Text style={[cell, { flex: 1 }]}>{line.description}</Text>
            <Text style={[cell, { width: AMOUNT, textAlign: "right" }]}>
              {amountOrBlank(line.debitCents)}
            </Text>
            <Text style={[cell, { width: AMOUNT, textAlign: "right" }]}>
              {amountOrBlank(line.creditCents)}
            </Text>
            <Text style={[cell, { width: AMOUNT, textAlign: "right" }]}>{formatKes(line.balanceCents)}</Text>
          </View>
        ))
      )}
      <TotalsTable
        rows={[
          { label: "Open invoices", cents: statement.invoicedCents },
          { label: "Paid", cents: -statement.paidCents },
          { label: "Settled by withholding certificates", cents: -statement.certifiedCents },
          { label: "Balance", cents: statement.balanceCents, strong: true },
          { label: "of which withholding certificates due", cents: statement.certificatesDueCents },
          { label: "of which to pay in cash", cents: statement.cashOwedCents, strong: true },
        ]}
      />
      <Note title="About this statement">
        Withholding tax and withholding VAT are settled by the certificates iTax issues to the payer, not in
        cash: until a certificate is received its amount is shown as "withholding certificates due", which is
        not a debt. A negative balance is money held for the client. Please tell us of any difference within
        30 days.
      </Note>
    </BrandedPage>,
    firm.legalName,
  );
}
