import { Image, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import type { FinanceParty, TaxInvoiceLine } from "#app/money/tables.server";
import type { FirmIdentity } from "#app/platform/pdf/firm";
import { BrandedPage, DocumentHeader, Note, RULE, renderPdf, styles } from "#app/platform/pdf/pdf-kit.server";
import { LineTable, type TotalRow, TotalsTable } from "#app/platform/pdf/pdf-tables.server";
import { formatKes } from "#app/utils/cents";
import { Party, withholdingRows } from "../documents/finance-document-pdf.server";
import { discountRate } from "./etims";
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
  /** a sale's withholding as its proforma states it: printed under the totals (decision 0745) */
  whtCents?: number;
  whvatCents?: number;
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
const BAND_LABELS = { B: "16 % (B)", A: "exempt (A)", C: "zero-rated 0 % (C)" } as const;

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

/**
 * The totals as KRA lists them for a valid electronic tax invoice (decision 0693): for each tax band present
 * its net amount and its VAT, then the total net amount, the total VAT and the gross total the buyer paid (or
 * is credited). Our line amounts include the tax, so a band's net is its amount less its tax.
 */
export function taxTotals(doc: Pick<TaxInvoiceContent, "lines" | "receiptType">): TotalRow[] {
  const band = (type: TaxInvoiceLine["taxType"]) => {
    const lines = doc.lines.filter((line) => line.taxType === type);
    const gross = lines.reduce((sum, line) => sum + line.amountCents, 0);
    const tax = lines.reduce((sum, line) => sum + line.taxCents, 0);
    return { present: lines.length > 0, net: gross - tax, tax };
  };
  const bands = (["B", "A", "C"] as const).map((type) => ({ type, ...band(type) })).filter((b) => b.present);
  const net = bands.reduce((sum, b) => sum + b.net, 0);
  const tax = bands.reduce((sum, b) => sum + b.tax, 0);
  return [
    ...bands.flatMap((b) => [
      { label: `Net amount ${BAND_LABELS[b.type]}`, cents: b.net },
      { label: `VAT ${BAND_LABELS[b.type]}`, cents: b.tax },
    ]),
    { label: "Total net amount", cents: net },
    { label: "Total VAT", cents: tax },
    {
      label: doc.receiptType === "S" ? "Total amount (KES)" : "Total credited (KES)",
      cents: net + tax,
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
          detail: [
            `${line.itemCode ? `Item ${line.itemCode} · ` : ""}Item class ${line.itemClassCode} · ${TAX_TYPES[line.taxType]}`,
            // a discounted line's unit price is its list price: the supply, the discount and the net it is charged
            line.discountCents && line.supplyCents
              ? `At list price ${formatKes(line.supplyCents)}, discount ${formatKes(line.discountCents)} (${discountRate(line)}%), charged ${formatKes(line.amountCents)}`
              : null,
          ]
            .filter(Boolean)
            .join("\n"),
        }))}
      />
      <TotalsTable rows={taxTotals(doc)} />
      {sale && withholdingRows(doc).length > 0 && <TotalsTable rows={withholdingRows(doc)} />}
      <ControlUnitBlock kra={doc.kra} qr={qr} />
      <Note title={sale ? "About this invoice" : "About this credit note"}>
        {sale
          ? `This is the tax invoice for booking ${doc.bookingReference} as KRA's eTIMS recorded it: keep it for your VAT records. Amounts are in Kenya shillings (KES); line amounts include VAT.`
          : `This credit note cancels tax invoice No. ${doc.originalInvoiceNo ?? ""} in KRA's records. Keep it with that invoice. Amounts are in Kenya shillings (KES), tax included.`}
      </Note>
    </BrandedPage>,
    firm.legalName,
  );
}
