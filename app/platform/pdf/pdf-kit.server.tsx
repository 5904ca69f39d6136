import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReactElement, ReactNode } from "react";
import type { FirmContact, FirmIdentity } from "./firm";
import { FOOTER_BOTTOM, FOOTER_SIZE, PAGE_MARGIN } from "./page-foot";

// Whole words only: hyphenated titles are harder to read and to search in the PDF.
Font.registerHyphenationCallback((word) => [word]);

export type { FirmContact, FirmIdentity };

export const BRAND = "#0f4c5c";
export const ACCENT = "#e09f3e";
export const INK = "#1e293b";
export const MUTED = "#64748b";
export const RULE = "#cbd5e1";
export const TINT = "#eef7f8";

export const styles = StyleSheet.create({
  page: {
    paddingTop: 40,
    paddingBottom: 56,
    paddingHorizontal: PAGE_MARGIN,
    fontSize: 10,
    fontFamily: "Helvetica",
    color: INK,
  },
  brand: { fontSize: 15, fontFamily: "Helvetica-Bold", color: BRAND },
  subtitle: { fontSize: 10.5, color: "#475569", marginTop: 3 },
  h2: { fontSize: 14, fontFamily: "Helvetica-Bold", color: BRAND, marginTop: 16, marginBottom: 8 },
  h3: { fontSize: 11, fontFamily: "Helvetica-Bold", color: "#0b3a46", marginBottom: 3 },
  paragraph: { marginBottom: 5 },
  muted: { color: MUTED },
  bold: { fontFamily: "Helvetica-Bold" },
  footer: {
    position: "absolute",
    bottom: FOOTER_BOTTOM,
    left: PAGE_MARGIN,
    right: PAGE_MARGIN,
    fontSize: FOOTER_SIZE,
    color: MUTED,
    flexDirection: "row",
    justifyContent: "space-between",
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 4,
  },
});

const DEFAULT_NAME = "Mafunzo Training & Consultancy";

/**
 * A branded A4 page with the firm's contact line and page numbers at the foot. `numbered={false}` leaves the
 * numbers to `bindPdfs`, which counts the pages of a whole pack ("Page n of N" across every part).
 */
export function BrandedPage({
  contact,
  firm,
  children,
  orientation = "portrait",
  numbered = true,
}: {
  contact: FirmContact;
  firm?: FirmIdentity;
  children: ReactNode;
  orientation?: "portrait" | "landscape";
  numbered?: boolean;
}) {
  return (
    <Page size="A4" orientation={orientation} style={styles.page} wrap>
      {children}
      <View style={styles.footer} fixed>
        <Text>
          {[firm?.legalName ?? DEFAULT_NAME, contact.phone, contact.email].filter(Boolean).join(" · ")}
        </Text>
        {numbered && <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />}
      </View>
    </Page>
  );
}

/** The firm's letterhead: logo and legal name on the left, address, PIN and contact on the right. */
export function Letterhead({ firm }: { firm: FirmIdentity }) {
  return (
    <View
      style={{
        flexDirection: "row",
        justifyContent: "space-between",
        alignItems: "center",
        borderBottomWidth: 2,
        borderBottomColor: ACCENT,
        paddingBottom: 8,
        marginBottom: 14,
      }}
      fixed
    >
      <View style={{ flexDirection: "row", alignItems: "center", maxWidth: "60%" }}>
        {firm.logo && <Image src={firm.logo} style={{ maxHeight: 44, maxWidth: 120, marginRight: 10 }} />}
        <Text style={styles.brand}>{firm.legalName}</Text>
      </View>
      <View style={{ alignItems: "flex-end", fontSize: 8, color: "#475569", maxWidth: "40%" }}>
        {firm.address ? <Text style={{ textAlign: "right" }}>{firm.address}</Text> : null}
        <Text>{[firm.phone, firm.email].filter(Boolean).join(" · ")}</Text>
        {firm.kraPin ? <Text>KRA PIN {firm.kraPin}</Text> : null}
      </View>
    </View>
  );
}

/** A label and its value, as a title block lists a document's number, dates and reference. */
export type Fact = [label: string, value: string | null | undefined];

/**
 * The top of a document: the letterhead (when the firm is given), then the title, a subtitle and the facts
 * that identify it (number, dates, reference) in a tinted block.
 */
export function DocumentHeader({
  title,
  subtitle,
  firm,
  facts = [],
}: {
  title: string;
  subtitle?: string;
  firm?: FirmIdentity;
  facts?: Fact[];
}) {
  const shown = facts.filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <View style={{ marginBottom: 16 }}>
      {firm ? (
        <Letterhead firm={firm} />
      ) : (
        <View style={{ borderBottomWidth: 2, borderBottomColor: ACCENT, paddingBottom: 8, marginBottom: 12 }}>
          <Text style={styles.brand}>{DEFAULT_NAME}</Text>
        </View>
      )}
      <View style={{ flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start" }}>
        <View style={{ flex: 1, paddingRight: 12 }}>
          <Text style={{ fontSize: 20, fontFamily: "Helvetica-Bold", color: BRAND }}>{title}</Text>
          {subtitle && <Text style={styles.subtitle}>{subtitle}</Text>}
        </View>
        {shown.length > 0 && (
          <View style={{ backgroundColor: TINT, padding: 8, borderRadius: 3, minWidth: 180 }}>
            {shown.map(([label, value]) => (
              <View
                key={label}
                style={{ flexDirection: "row", justifyContent: "space-between", marginBottom: 2 }}
              >
                <Text style={[styles.muted, { marginRight: 10 }]}>{label}</Text>
                <Text style={styles.bold}>{value}</Text>
              </View>
            ))}
          </View>
        )}
      </View>
    </View>
  );
}

/** A short note written for the reader (how to pay, what happens next), set apart from the tables. */
export function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View style={{ borderLeftWidth: 3, borderLeftColor: ACCENT, paddingLeft: 8, marginTop: 14 }} wrap={false}>
      <Text style={styles.h3}>{title}</Text>
      <Text>{children}</Text>
    </View>
  );
}

export async function renderPdf(title: string, page: ReactElement, author = DEFAULT_NAME) {
  return renderToBuffer(
    <Document title={title} author={author} creator="Mafunzo" producer="Mafunzo">
      {page}
    </Document>,
  );
}
