import { Text, View } from "@react-pdf/renderer";
import { PricedLinesPdf } from "#app/money/pdf.server";
import { BRAND, BrandedPage, DocumentHeader, renderPdf, styles } from "#app/platform/pdf/pdf-kit.server";
import type { SiteContent } from "#app/site/index";
import { formatLongDate, today } from "#app/utils/dates";
import type { QuoteView } from "./quote.server";

/** A quote in the firm's document design: for whom, its lines and totals as sent, its validity and terms. */
export function renderQuotePdf(view: QuoteView, contact: SiteContent["contact"]) {
  const { quote, enquiry, organisation, courseTitle, lines } = view;
  const client = organisation?.name ?? enquiry.organisationName ?? enquiry.contactName;
  const title = `Quote ${quote.version > 1 ? `(version ${quote.version}) ` : ""}for ${client}`;
  return renderPdf(
    title,
    <BrandedPage contact={contact}>
      <DocumentHeader
        title={title}
        subtitle={`Issued ${formatLongDate(today(quote.createdAt))} · Valid until ${formatLongDate(quote.validUntil)}`}
      />
      <View style={{ marginBottom: 14 }}>
        <Text style={styles.h3}>For</Text>
        <Text style={styles.bold}>{client}</Text>
        <Text>Attention: {enquiry.contactName}</Text>
        <Text>
          {courseTitle ?? enquiry.topic ?? "In-house training"} · {quote.participants} participants
        </Text>
      </View>
      <PricedLinesPdf lines={lines} totals={quote} totalLabel="Total (KES)" />
      <Text style={[styles.h2, { color: BRAND }]}>Terms</Text>
      <Text style={styles.paragraph}>{quote.terms}</Text>
      <Text style={[styles.paragraph, styles.muted]}>
        Accept or decline this quote with the link in our e-mail, by {formatLongDate(quote.validUntil)}.
      </Text>
    </BrandedPage>,
  );
}
