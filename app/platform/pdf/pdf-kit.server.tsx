import { Document, Font, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReactElement, ReactNode } from "react";

// Whole words only: hyphenated titles are harder to read and to search in the PDF.
Font.registerHyphenationCallback((word) => [word]);

export const BRAND = "#0f4c5c";
export const ACCENT = "#e09f3e";

export const styles = StyleSheet.create({
  page: {
    paddingTop: 48,
    paddingBottom: 56,
    paddingHorizontal: 44,
    fontSize: 10,
    fontFamily: "Helvetica",
    color: "#1e293b",
  },
  header: { borderBottomWidth: 2, borderBottomColor: ACCENT, paddingBottom: 10, marginBottom: 18 },
  brand: { fontSize: 18, fontFamily: "Helvetica-Bold", color: BRAND },
  subtitle: { fontSize: 11, color: "#475569", marginTop: 4 },
  h2: { fontSize: 14, fontFamily: "Helvetica-Bold", color: BRAND, marginTop: 16, marginBottom: 8 },
  h3: { fontSize: 11, fontFamily: "Helvetica-Bold", color: "#0b3a46", marginBottom: 3 },
  paragraph: { lineHeight: 1.45, marginBottom: 6 },
  muted: { color: "#64748b" },
  bold: { fontFamily: "Helvetica-Bold" },
  footer: {
    position: "absolute",
    bottom: 24,
    left: 44,
    right: 44,
    fontSize: 8,
    color: "#64748b",
    flexDirection: "row",
    justifyContent: "space-between",
  },
});

/** The firm's contact line as a page's foot shows it (the site copy's contact section has this shape). */
export type FirmContact = { phone: string; email: string };

/** A branded A4 page with the firm's contact line and page numbers at the foot. */
export function BrandedPage({
  contact,
  children,
  orientation = "portrait",
}: {
  contact: FirmContact;
  children: ReactNode;
  orientation?: "portrait" | "landscape";
}) {
  return (
    <Page size="A4" orientation={orientation} style={styles.page} wrap>
      {children}
      <View style={styles.footer} fixed>
        <Text>
          Mafunzo Training &amp; Consultancy · {contact.phone} · {contact.email}
        </Text>
        <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
      </View>
    </Page>
  );
}

export function DocumentHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <View style={styles.header}>
      <Text style={styles.brand}>Mafunzo Training &amp; Consultancy</Text>
      <Text style={[styles.h2, { marginTop: 6, marginBottom: 0 }]}>{title}</Text>
      {subtitle && <Text style={styles.subtitle}>{subtitle}</Text>}
    </View>
  );
}

export async function renderPdf(title: string, page: ReactElement) {
  return renderToBuffer(
    <Document title={title} author="Mafunzo Training & Consultancy" creator="Mafunzo" producer="Mafunzo">
      {page}
    </Document>,
  );
}
