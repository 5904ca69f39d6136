import { Image, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import type { FinanceParty, TaxInvoiceLine } from "#app/platform/db/schema";
import { BrandedPage, DocumentHeader, renderPdf, styles } from "#app/platform/pdf/pdf-kit.server";
import type { SiteContent } from "#app/site/index";
import { formatKes } from "#app/utils/cents";
import { readableSdcTime } from "./oscu.server";

/** What a tax invoice or its credit note prints: our figures and KRA's signature of them. */
export type TaxInvoiceContent = {
  receiptType: "S" | "R";
  invoiceNo: number;
  /** a credit note's original invoice number */
  originalInvoiceNo: number | null;
  bookingReference: string;
  proformaNumber: string;
  seller: FinanceParty;
  buyer: { name: string; kraPin: string | null };
  lines: TaxInvoiceLine[];
  totalCents: number;
  taxCents: number;
  kra: {
    receiptNo: number;
    totalReceiptNo: number | null;
    internalData: string;
    signature: string;
    sdcDateTime: string;
    sdcId: string | null;
    mrcNo: string | null;
    verifyUrl: string;
  };
};

const TAXABLE_LABELS = { B: "Taxable at 16 % (B)", A: "Exempt (A)", C: "Zero-rated (C)" } as const;

const cell = { paddingVertical: 4, paddingHorizontal: 4 };
const row = { flexDirection: "row" as const, borderBottomWidth: 0.5, borderBottomColor: "#cbd5e1" };

/** KRA prints its internal data and signature in groups of four, dash-separated, to be read aloud. */
const grouped = (text: string) => text.match(/.{1,4}/g)?.join("-") ?? text;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <View style={{ flexDirection: "row" }}>
      <Text style={[styles.bold, { width: 120 }]}>{label}</Text>
      <Text style={{ flex: 1 }}>{value}</Text>
    </View>
  );
}

/** The TAX INVOICE (or CREDIT NOTE) as eTIMS signed it, with KRA's verification QR code. */
export async function renderTaxInvoicePdf(doc: TaxInvoiceContent, contact: SiteContent["contact"]) {
  const qr = await QRCode.toDataURL(doc.kra.verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: "M" });
  const title = doc.receiptType === "S" ? "TAX INVOICE" : "CREDIT NOTE";
  const taxable = (type: TaxInvoiceLine["taxType"]) =>
    doc.lines.filter((line) => line.taxType === type).reduce((sum, line) => sum + line.amountCents, 0);
  return renderPdf(
    `${title} ${doc.invoiceNo}`,
    <BrandedPage contact={contact}>
      <DocumentHeader
        title={`${title} No. ${doc.invoiceNo}`}
        subtitle={`KRA eTIMS · ${readableSdcTime(doc.kra.sdcDateTime)} · Booking ${doc.bookingReference} · Proforma ${doc.proformaNumber}`}
      />
      {doc.originalInvoiceNo !== null && (
        <Text style={[styles.paragraph, styles.bold]}>
          Credit note for tax invoice No. {doc.originalInvoiceNo}.
        </Text>
      )}
      <View style={{ flexDirection: "row", justifyContent: "space-between", marginBottom: 14 }}>
        <View style={{ width: "48%" }}>
          <Text style={styles.h3}>Seller</Text>
          <Text style={styles.bold}>{doc.seller.name}</Text>
          {doc.seller.kraPin && <Text>PIN: {doc.seller.kraPin}</Text>}
          {doc.seller.lines.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </View>
        <View style={{ width: "48%" }}>
          <Text style={styles.h3}>Buyer</Text>
          <Text style={styles.bold}>{doc.buyer.name}</Text>
          <Text>Buyer PIN: {doc.buyer.kraPin ?? "not given"}</Text>
        </View>
      </View>
      <View style={[row, { backgroundColor: "#eef7f8" }]}>
        <Text style={[cell, styles.bold, { flex: 1 }]}>Item</Text>
        <Text style={[cell, styles.bold, { width: 70 }]}>Class</Text>
        <Text style={[cell, styles.bold, { width: 30 }]}>Tax</Text>
        <Text style={[cell, styles.bold, { width: 34, textAlign: "right" }]}>Qty</Text>
        <Text style={[cell, styles.bold, { width: 90, textAlign: "right" }]}>Unit price</Text>
        <Text style={[cell, styles.bold, { width: 96, textAlign: "right" }]}>Amount</Text>
      </View>
      {doc.lines.map((line) => (
        <View key={`${line.description}-${line.itemClassCode}`} style={row} wrap={false}>
          <Text style={[cell, { flex: 1 }]}>{line.description}</Text>
          <Text style={[cell, { width: 70 }]}>{line.itemClassCode}</Text>
          <Text style={[cell, { width: 30 }]}>{line.taxType}</Text>
          <Text style={[cell, { width: 34, textAlign: "right" }]}>{line.quantity}</Text>
          <Text style={[cell, { width: 90, textAlign: "right" }]}>{formatKes(line.unitCents)}</Text>
          <Text style={[cell, { width: 96, textAlign: "right" }]}>{formatKes(line.amountCents)}</Text>
        </View>
      ))}
      <View style={{ marginTop: 6, alignItems: "flex-end" }}>
        {(["B", "A", "C"] as const)
          .filter((type) => taxable(type) > 0)
          .map((type) => (
            <Text key={type} style={cell}>
              {TAXABLE_LABELS[type]}: {formatKes(taxable(type))}
            </Text>
          ))}
        <Text style={cell}>Total tax: {formatKes(doc.taxCents)}</Text>
        <Text style={[cell, styles.bold]}>
          {doc.receiptType === "S" ? "Total (KES)" : "Total credited (KES)"}: {formatKes(doc.totalCents)}
        </Text>
      </View>
      <View
        style={{
          flexDirection: "row",
          marginTop: 16,
          borderTopWidth: 1,
          borderTopColor: "#cbd5e1",
          paddingTop: 10,
        }}
      >
        <View style={{ flex: 1 }}>
          <Text style={styles.h3}>KRA eTIMS control unit information</Text>
          <Field
            label="Receipt number"
            value={`${doc.kra.receiptNo}${doc.kra.totalReceiptNo ? ` / ${doc.kra.totalReceiptNo}` : ""}`}
          />
          <Field label="Date and time" value={readableSdcTime(doc.kra.sdcDateTime)} />
          {doc.kra.sdcId && <Field label="SCU ID" value={doc.kra.sdcId} />}
          {doc.kra.mrcNo && <Field label="MRC number" value={doc.kra.mrcNo} />}
          <Field label="Internal data" value={grouped(doc.kra.internalData)} />
          <Field label="Receipt signature" value={grouped(doc.kra.signature)} />
          <Text style={[styles.muted, { marginTop: 6 }]}>Scan the code to check this invoice with KRA.</Text>
        </View>
        <Image src={qr} style={{ width: 96, height: 96 }} />
      </View>
    </BrandedPage>,
  );
}
