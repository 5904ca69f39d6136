import { auditExport } from "#app/back-office/index.server";
import { WITHHOLDING_RATES } from "#app/money/index";
import {
  documentDiscounts,
  listCertificates,
  listFinanceDocuments,
  listPayments,
  withholdingCredits,
} from "#app/money/index.server";
import { csvResponse, exportDate } from "#app/platform/csv.server";
import { canExportMoney } from "#app/staff/index";
import { requireAllowed, requireRecentVerification } from "#app/staff/index.server";
import { centsToDecimal } from "#app/utils/cents";
import { formatSortableDateTime } from "#app/utils/datetime";
import { PAYMENT_METHOD_LABELS as METHOD_LABELS } from "#app/utils/payment-state";
import type { Route } from "./+types/finance.export";

const DOCUMENT_KINDS = { invoices: "proforma", "credit-notes": "credit_note", receipts: "receipt" } as const;

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

async function* rowsOf<T>(items: T[], toRow: (item: T) => unknown[]) {
  for (const item of items) yield toRow(item);
}

/** The accountant's CSV files: invoices, credit notes, receipts and the payments ledger (spec §CSV rules). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canExportMoney);
  requireRecentVerification(admin, args.request);
  const kind = args.params.kind;
  if (kind === "payments") {
    await auditExport(admin.actor, { noun: "payments", tableName: "payments", query: {} });
    const ledger = await listPayments("all", null);
    return csvResponse({
      filename: `payments-${exportDate()}.csv`,
      header: [
        "Received on",
        "Method",
        "Transaction code",
        "Amount (KES)",
        "Payer",
        "Account reference",
        "Booking",
        "Recorded via",
        "Recorded by",
        "Reverses",
        "Reason",
        "Recorded at",
      ],
      rows: rowsOf(ledger, (p) => [
        p.receivedOn,
        METHOD_LABELS[p.method],
        p.transactionCode,
        centsToDecimal(p.amountCents),
        p.payer,
        p.accountReference,
        p.reference,
        p.source,
        p.recordedBy,
        p.reversesId,
        p.reason,
        formatSortableDateTime(p.createdAt),
      ]),
    });
  }
  if (kind === "withholding-certificates") {
    await auditExport(admin.actor, {
      noun: "withholding certificates",
      tableName: "withholding_certificates",
      query: {},
    });
    const certificates = await listCertificates();
    return csvResponse({
      filename: `withholding-certificates-${exportDate()}.csv`,
      header: [
        "Certificate date",
        "Kind",
        "Certificate number",
        "Amount (KES)",
        "Booking",
        "Recorded by",
        "Recorded at",
        "Void reason",
      ],
      rows: rowsOf(certificates, ({ certificate: c, reference }) => [
        c.certificateDate,
        WITHHOLDING_RATES[c.kind].short,
        c.certificateNumber,
        centsToDecimal(c.amountCents),
        reference,
        c.recordedBy,
        formatSortableDateTime(c.createdAt),
        c.voidReason,
      ]),
    });
  }
  if (kind === "withholding-credits") {
    await auditExport(admin.actor, {
      noun: "withholding credits",
      tableName: "withholding_certificates",
      query: { per: "month" },
    });
    const credits = await withholdingCredits();
    return csvResponse({
      filename: `withholding-credits-${exportDate()}.csv`,
      header: [
        "Month",
        "Income tax withheld, credit against income tax (KES)",
        "VAT withheld, claimed in the VAT return (KES)",
        "Certificates",
      ],
      rows: rowsOf(credits, (row) => [
        row.month,
        centsToDecimal(row.whtCents),
        centsToDecimal(row.whvatCents),
        row.certificates,
      ]),
    });
  }
  if (!(kind in DOCUMENT_KINDS)) return notFound();
  const documentKind = DOCUMENT_KINDS[kind as keyof typeof DOCUMENT_KINDS];
  await auditExport(admin.actor, {
    noun: kind.replace("-", " "),
    tableName: "finance_documents",
    query: { kind: documentKind },
  });
  const documents = await listFinanceDocuments(documentKind);
  return csvResponse({
    filename: `${kind}-${exportDate()}.csv`,
    header: [
      "Number",
      "Issued on",
      "Due on",
      "Booking",
      "Client",
      "Client KRA PIN",
      "LPO number",
      "At list prices (KES)",
      "Discounts (KES)",
      "Discounts given",
      "Net (KES)",
      "VAT rate %",
      "VAT (KES)",
      "Total (KES)",
      "Relates to",
      "State",
    ],
    rows: rowsOf(documents, ({ doc, reference, relatedNumber, superseded, credited }) => {
      const discounts = documentDiscounts(doc.lines);
      return [
        doc.number,
        doc.issuedOn,
        doc.dueOn,
        reference,
        doc.buyer.name,
        doc.buyer.kraPin,
        doc.buyer.lpoNumber,
        // what the lines come to at list prices and what the discounts took off (decision 0750), in the lines' terms
        centsToDecimal(discounts.listCents),
        centsToDecimal(discounts.discountCents),
        discounts.labels.join("; "),
        centsToDecimal(doc.netCents),
        doc.vatRatePercent,
        centsToDecimal(doc.vatCents),
        centsToDecimal(doc.totalCents),
        relatedNumber,
        credited ? "cancelled by credit note" : superseded ? "replaced" : "current",
      ];
    }),
  });
}
