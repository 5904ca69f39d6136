import { Text, View } from "@react-pdf/renderer";
import type { FirmIdentity } from "#app/platform/pdf/firm";
import { BrandedPage, DocumentHeader, Note, renderPdf, styles } from "#app/platform/pdf/pdf-kit.server";
import { LineTable, pricedTotalRows, TotalsTable } from "#app/platform/pdf/pdf-tables.server";
import { formatLongDate, today } from "#app/utils/dates";
import { QUOTE_KIND_LABELS, quoteSubject } from "./quote";
import type { QuoteView } from "./quote.server";

/** A quote in the firm's document design: for whom, its lines and totals as sent, its validity and terms. */
export function renderQuotePdf(view: QuoteView, firm: FirmIdentity, options: { preview?: boolean } = {}) {
  const { quote, enquiry, organisation, courseTitle, lines } = view;
  const client = organisation?.name ?? enquiry.organisationName ?? enquiry.contactName;
  return renderPdf(
    `Quote for ${client}`,
    <BrandedPage contact={firm} firm={firm}>
      <DocumentHeader
        firm={firm}
        title={options.preview ? "Quote: preview, not sent" : "Quote"}
        subtitle={`For ${client}`}
        facts={[
          ["Kind", QUOTE_KIND_LABELS[quote.kind]],
          ["Version", String(quote.version)],
          ["Date", formatLongDate(today(quote.createdAt))],
          ["Valid until", formatLongDate(quote.validUntil)],
        ]}
      />
      <View style={{ marginBottom: 14 }}>
        <Text style={styles.h3}>For</Text>
        <Text style={styles.bold}>{client}</Text>
        <Text>Attention: {enquiry.contactName}</Text>
        <Text>
          {quoteSubject(quote.kind, { courseTitle, topic: enquiry.topic })}
          {quote.kind === "training" ? ` · ${quote.participants} participants` : ""}
        </Text>
        {view.schedule ? <Text>On {view.schedule}</Text> : null}
      </View>
      <LineTable lines={lines} />
      <TotalsTable rows={pricedTotalRows(quote, "Total (KES)")} />
      <Note title="Terms">{quote.terms}</Note>
      <Text style={[styles.paragraph, styles.muted]}>
        Accept or decline this quote with the link in our e-mail, by {formatLongDate(quote.validUntil)}.
      </Text>
    </BrandedPage>,
    firm.legalName,
  );
}
