import { Image, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import type { FinanceParty, TaxInvoiceLine } from "#app/platform/db/schema";
import type { FirmIdentity } from "#app/platform/pdf/firm";
import { BrandedPage, DocumentHeader, Note, RULE, renderPdf, styles } from "#app/platform/pdf/pdf-kit.server";
import { LineTable, type TotalRow, TotalsTable } from "#app/platform/pdf/pdf-tables.server";
import { Party } from "../documents/finance-document-pdf.server";
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

const TAX_TYPES = { B: "VAT 16 % (B)", A: "exempt (A)", C: "zero-rated (C)" } as const;
const TAXABLE_LABELS = { B: "Taxable at 16 % (B)", A: "Exempt (A)", C: "Zero-rated (C)" } as const;

/** KRA prints its internal data and signature in groups of four, dash-separated, to be read aloud. */
const grouped = (text: string) => text.match(/.{1,4}/g)?.join("-") ?? text;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <View style={{ flexDirection: "row", marginBottom: 1 }}>
      <Text style={[styles.bold, { width: 110 }]}>{label}</Text>
      <Text style={{ flex: 1 }}>{value}</Text>
    </View>
  );
}

/** The taxable amount of each tax type present, the tax, and the total the buyer paid or is credited. */
function taxTotals(doc: TaxInvoiceContent): TotalRow[] {
  const taxable = (type: TaxInvoiceLine["taxType"]) =>
    doc.lines.filter((line) => line.taxType === type).reduce((sum, line) => sum + line.amountCents, 0);
  return [
    ...(["B", "A", "C"] as const)
      .filter((type) => taxable(type) > 0)
      .map((type) => ({ label: TAXABLE_LABELS[type], cents: taxable(type) })),
    { label: "Total tax", cents: doc.taxCents },
    {
      label: doc.receiptType === "S" ? "Total (KES)" : "Total credited (KES)",
      cents: doc.totalCents,
      strong: true,
    },
  ];
}

/** KRA's signature of the sale as its control unit returned it, with the code that checks it. */
function ControlUnitBlock({ kra, qr }: { kra: TaxInvoiceContent["kra"]; qr: string }) {
  return (
    <View
      style={{ flexDirection: "row", marginTop: 16, borderTopWidth: 1, borderTopColor: RULE, paddingTop: 10 }}
      wrap={false}
    >
      <View style={{ flex: 1, paddingRight: 12 }}>
        <Text style={styles.h3}>KRA eTIMS control unit information</Text>
        <Field
          label="Receipt number"
          value={`${kra.receiptNo}${kra.totalReceiptNo ? ` / ${kra.totalReceiptNo}` : ""}`}
        />
        <Field label="Date and time" value={readableSdcTime(kra.sdcDateTime)} />
        {kra.sdcId && <Field label="SCU ID" value={kra.sdcId} />}
        {kra.mrcNo && <Field label="MRC number" value={kra.mrcNo} />}
        <Field label="Internal data" value={grouped(kra.internalData)} />
        <Field label="Receipt signature" value={grouped(kra.signature)} />
      </View>
      <View style={{ alignItems: "center", width: 100 }}>
        <Image src={qr} style={{ width: 96, height: 96 }} />
        <Text style={[styles.muted, { fontSize: 7.5, textAlign: "center" }]}>Scan to check with KRA</Text>
      </View>
    </View>
  );
}

/** The TAX INVOICE (or CREDIT NOTE) as eTIMS signed it, on the firm's letterhead, with KRA's verification QR code. */
export async function renderTaxInvoicePdf(doc: TaxInvoiceContent, firm: FirmIdentity) {
  const qr = await QRCode.toDataURL(doc.kra.verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: "M" });
  const sale = doc.receiptType === "S";
  const title = sale ? "TAX INVOICE" : "CREDIT NOTE";
  return renderPdf(
    `${title} ${doc.invoiceNo}`,
    <BrandedPage contact={firm} firm={firm}>
      <DocumentHeader
        firm={firm}
        title={`${title} No. ${doc.invoiceNo}`}
        subtitle={
          doc.originalInvoiceNo !== null
            ? `Credit note for tax invoice No. ${doc.originalInvoiceNo}`
            : "Signed by KRA eTIMS"
        }
        facts={[
          ["Date", readableSdcTime(doc.kra.sdcDateTime)],
          ["KRA receipt", String(doc.kra.receiptNo)],
          ["Booking", doc.bookingReference],
          ["Proforma", doc.proformaNumber],
        ]}
      />
      <View style={{ flexDirection: "row", justifyContent: "space-between", marginBottom: 16 }}>
        <Party title="Seller" party={doc.seller} />
        <Party
          title="Buyer"
          party={{
            name: doc.buyer.name,
            kraPin: null,
            lines: [`Buyer PIN: ${doc.buyer.kraPin ?? "not given"}`],
          }}
        />
      </View>
      <LineTable
        lines={doc.lines.map((line) => ({
          ...line,
          detail: `Item class ${line.itemClassCode} · ${TAX_TYPES[line.taxType]}`,
        }))}
      />
      <TotalsTable rows={taxTotals(doc)} />
      <ControlUnitBlock kra={doc.kra} qr={qr} />
      <Note title={sale ? "About this invoice" : "About this credit note"}>
        {sale
          ? `This is the tax invoice for booking ${doc.bookingReference} as KRA's eTIMS recorded it: keep it for your VAT records. Amounts are in Kenya shillings (KES), tax included.`
          : `This credit note cancels tax invoice No. ${doc.originalInvoiceNo ?? ""} in KRA's records. Keep it with that invoice. Amounts are in Kenya shillings (KES), tax included.`}
      </Note>
    </BrandedPage>,
    firm.legalName,
  );
}
