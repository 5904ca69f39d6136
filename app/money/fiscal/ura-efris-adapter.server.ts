import crypto from "node:crypto";
import { z } from "zod";
import { readBodyBounded } from "#app/platform/forms/form-input.server";
import { logger } from "#app/platform/logger.server";
import { minorPerMajor } from "#app/utils/minor-units";
import type {
  FiscalAdapter,
  FiscalAnswer,
  FiscalBuyerKind,
  FiscalDocument,
  FiscalReceipt,
  FiscalTaxBand,
} from "./fiscal";
import { wallClockIn } from "./vsdc.server";

/*
 * URA EFRIS, system-to-system (decision 0837), from URA's "API documentation (for system to system users)"
 * v23.4: every call is one JSON POST of an envelope { data: { content (BASE64 JSON), signature,
 * dataDescription }, globalInfo: { interfaceCode, tin, deviceNo, … }, returnStateInfo }, answered in the same
 * envelope with returnStateInfo.returnCode "00" for success. The interfaces the firm uses:
 *   T130 goods upload (a service is registered before an invoice names it),
 *   T106 invoice query (by the seller's referenceNo: asked before every upload, so a retry after a lost answer
 *        finds the FDN URA already gave instead of uploading twice; isCheckReferenceNo "1" is the second guard),
 *   T109 invoice upload (answered with the FDN, invoiceNo, and the verification code, antifakeCode),
 *   T108 invoice details (an FDN's verification code and QR),
 *   T110 credit note application against the original invoice (URA approves it; until then it is pending),
 *   T111 credit note application list (the application's approveStatus: 101 approved, 102 submitted,
 *        103 rejected, 104 voided).
 */

export type EfrisDevice = {
  baseUrl: string;
  timeoutSeconds: number;
  /** the office's URA TIN, ten digits */
  tin: string;
  /** the device number URA issued for system-to-system use (TIN_nn) */
  deviceNo: string;
  seller: { legalName: string; businessName: string; address: string; email: string; phone: string };
};

const TIME_ZONE = "Africa/Kampala";
const BUYER_TYPE: Record<FiscalBuyerKind, string> = {
  business: "0",
  consumer: "1",
  foreigner: "2",
  government: "3",
};
/** URA's tax categories: 01 standard (18 %), 02 zero-rated, 03 exempt ("-" as its rate) */
const TAX_CATEGORY: Record<FiscalTaxBand, { code: string; rate: string }> = {
  standard: { code: "01", rate: "0.18" },
  zero: { code: "02", rate: "0" },
  exempt: { code: "03", rate: "-" },
};
/** URA's currency codes for goods (T115 currencyType) */
const CURRENCY_CODE: Record<string, string> = { UGX: "101", USD: "102" };
/** T110 reasonCode 102: cancellation of the purchase */
const CANCELLED_PURCHASE = "102";
const MAX_ANSWER_BYTES = 512 * 1024;

const requestTime = (at: Date) => {
  const p = wallClockIn(at, TIME_ZONE);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};

const EnvelopeSchema = z.object({
  data: z.object({ content: z.string().nullish() }).nullish(),
  returnStateInfo: z.object({ returnCode: z.string(), returnMessage: z.string().nullish() }),
});

const InvoiceSchema = z.object({
  basicInformation: z.object({
    invoiceNo: z.string().min(1),
    invoiceId: z.string().min(1),
    antifakeCode: z.string().min(1),
    issuedDate: z.string().nullish(),
  }),
  summary: z.object({ qrCode: z.string().nullish() }).nullish(),
});
const QuerySchema = z.object({ records: z.array(z.object({ invoiceNo: z.string(), id: z.string() })) });
const ApplicationSchema = z.object({ referenceNo: z.string().min(1) });
const ApplicationListSchema = z.object({
  records: z.array(
    z.object({
      referenceNo: z.string(),
      approveStatus: z.string(),
      invoiceNo: z.string().nullish(),
      remarks: z.string().nullish(),
    }),
  ),
});

export function uraEfrisAdapter(device: EfrisDevice): FiscalAdapter {
  /** One EFRIS call; never throws for URA's sake. */
  async function call(interfaceCode: string, content: unknown): Promise<FiscalAnswer<unknown>> {
    const envelope = {
      data: {
        content: Buffer.from(JSON.stringify(content), "utf8").toString("base64"),
        signature: "",
        dataDescription: { codeType: "0", encryptCode: "1", zipCode: "0" },
      },
      globalInfo: {
        appId: "AP04",
        version: "1.1.20191201",
        dataExchangeId: crypto.randomUUID().replace(/-/g, ""),
        interfaceCode,
        requestCode: "TP",
        requestTime: requestTime(new Date()),
        responseCode: "TA",
        userName: "mafunzo",
        deviceMAC: "FFFFFFFFFFFF",
        deviceNo: device.deviceNo,
        tin: device.tin,
        brn: "",
        taxpayerID: "1",
        longitude: "32.5825",
        latitude: "0.3476",
        agentType: "0",
        extendField: { responseDateFormat: "dd/MM/yyyy", responseTimeFormat: "dd/MM/yyyy HH:mm:ss" },
      },
      returnStateInfo: { returnCode: "", returnMessage: "" },
    };
    let response: Response;
    try {
      response = await fetch(device.baseUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(envelope),
        signal: AbortSignal.timeout(device.timeoutSeconds * 1000),
        redirect: "error",
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      logger.warn(
        { interfaceCode, err: error instanceof Error ? error.message : String(error) },
        "EFRIS not reached",
      );
      return {
        kind: "unreachable",
        message: timedOut
          ? `URA EFRIS did not answer within ${device.timeoutSeconds} s.`
          : "URA EFRIS could not be reached.",
      };
    }
    const bytes = await readBodyBounded(response.body, MAX_ANSWER_BYTES).catch(() => null);
    if (!response.ok || bytes === null) {
      return { kind: "unreachable", message: `URA EFRIS answered HTTP ${response.status}.` };
    }
    let parsed: z.infer<typeof EnvelopeSchema>;
    let inner: unknown = null;
    try {
      parsed = EnvelopeSchema.parse(JSON.parse(bytes.toString("utf8")));
      const text = parsed.data?.content ? Buffer.from(parsed.data.content, "base64").toString("utf8") : "";
      inner = text ? JSON.parse(text) : null;
    } catch {
      return { kind: "unreachable", message: "URA EFRIS answered something that is not an EFRIS answer." };
    }
    const { returnCode, returnMessage } = parsed.returnStateInfo;
    if (returnCode === "00") return { kind: "ok", value: inner };
    const message = `${returnCode}: ${returnMessage || "Refused"}`;
    // 99 is URA's "Unknow error": its trouble, not the request's
    return returnCode === "99"
      ? { kind: "unreachable", message: `URA EFRIS answered ${message}` }
      : { kind: "refused", code: returnCode, message };
  }

  const major = (doc: FiscalDocument, minor: number) => minor / minorPerMajor(doc.currency);

  function goodsDetails(doc: FiscalDocument, sign: 1 | -1) {
    return doc.lines.map((line, i) => ({
      item: line.description.slice(0, 200),
      itemCode: line.itemCode,
      qty: String(sign * line.quantity),
      unitOfMeasure: "102",
      // a discounted line is declared at what it was sold for: its unit price is that over the quantity
      unitPrice: String(major(doc, line.amountMinor) / Math.max(line.quantity, 1)),
      total: String(sign * major(doc, line.amountMinor)),
      taxRate: TAX_CATEGORY[line.taxBand].rate,
      tax: String(sign * major(doc, line.taxMinor)),
      orderNumber: String(i),
      discountFlag: "2",
      deemedFlag: "2",
      exciseFlag: "2",
      goodsCategoryId: line.classCode.slice(0, 8),
    }));
  }

  function taxDetails(doc: FiscalDocument, sign: 1 | -1) {
    const bands = [...new Set(doc.lines.map((line) => line.taxBand))];
    return bands.map((band) => {
      const lines = doc.lines.filter((line) => line.taxBand === band);
      const gross = lines.reduce((sum, line) => sum + line.amountMinor, 0);
      const tax = lines.reduce((sum, line) => sum + line.taxMinor, 0);
      return {
        taxCategoryCode: TAX_CATEGORY[band].code,
        netAmount: String(sign * major(doc, gross - tax)),
        taxRate: TAX_CATEGORY[band].rate,
        taxAmount: String(sign * major(doc, tax)),
        grossAmount: String(sign * major(doc, gross)),
      };
    });
  }

  const summary = (doc: FiscalDocument, sign: 1 | -1) => ({
    netAmount: String(sign * major(doc, doc.totalMinor - doc.taxMinor)),
    taxAmount: String(sign * major(doc, doc.taxMinor)),
    grossAmount: String(sign * major(doc, doc.totalMinor)),
    itemCount: String(doc.lines.length),
    modeCode: "1",
    remarks: `Booking ${doc.bookingReference}`,
  });

  const buyerDetails = (doc: FiscalDocument) => ({
    buyerTin: doc.buyer.kind === "business" || doc.buyer.kind === "government" ? (doc.buyer.taxId ?? "") : "",
    buyerLegalName: doc.buyer.name.slice(0, 256),
    buyerBusinessName: doc.buyer.name.slice(0, 256),
    buyerEmail: doc.buyer.email,
    buyerMobilePhone: doc.buyer.phone ?? "",
    buyerType: BUYER_TYPE[doc.buyer.kind],
  });

  /** The FDN's verification code and QR (T108), as the invoice prints them. */
  async function invoiceReceipt(
    doc: FiscalDocument,
    fdn: string,
    label: "Fiscal document number" | "Credit note FDN",
  ): Promise<FiscalAnswer<FiscalReceipt>> {
    const details = await call("T108", { invoiceNo: fdn });
    if (details.kind !== "ok") return details;
    const invoice = InvoiceSchema.safeParse(details.value);
    if (!invoice.success) {
      return { kind: "unreachable", message: `URA EFRIS answered FDN ${fdn} without its verification code.` };
    }
    return { kind: "ok", value: receiptOf(doc, invoice.data, label) };
  }

  function receiptOf(
    doc: FiscalDocument,
    invoice: z.infer<typeof InvoiceSchema>,
    label: "Fiscal document number" | "Credit note FDN",
  ): FiscalReceipt {
    const { invoiceNo, invoiceId, antifakeCode } = invoice.basicInformation;
    return {
      state: "accepted",
      authorityNumber: invoiceNo,
      authorityId: invoiceId,
      printFields: [
        { label, value: invoiceNo },
        { label: "Verification code", value: antifakeCode },
        ...(doc.original?.authorityNumber
          ? [{ label: "Original invoice FDN", value: doc.original.authorityNumber }]
          : []),
        { label: "Device number", value: device.deviceNo },
        ...(invoice.basicInformation.issuedDate
          ? [{ label: "Issued", value: invoice.basicInformation.issuedDate }]
          : []),
      ],
      qr: invoice.summary?.qrCode ?? null,
      signed: null,
    };
  }

  async function saleState(doc: FiscalDocument): Promise<FiscalAnswer<FiscalReceipt | null>> {
    const found = await call("T106", { referenceNo: doc.reference, pageNo: "1", pageSize: "10" });
    if (found.kind !== "ok") return found;
    const records = QuerySchema.safeParse(found.value);
    const fdn = records.success ? records.data.records[0]?.invoiceNo : undefined;
    if (!fdn) return { kind: "ok", value: null };
    return invoiceReceipt(doc, fdn, "Fiscal document number");
  }

  /** The credit note application against the document's original invoice (a sale is credited once, whole). */
  async function creditState(doc: FiscalDocument): Promise<FiscalAnswer<FiscalReceipt | null>> {
    if (!doc.original?.authorityNumber) return { kind: "ok", value: null };
    const listed = await call("T111", {
      oriInvoiceNo: doc.original.authorityNumber,
      queryType: "1",
      pageNo: "1",
      pageSize: "10",
    });
    if (listed.kind !== "ok") return listed;
    const list = ApplicationListSchema.safeParse(listed.value);
    const application = list.success ? list.data.records[0] : undefined;
    if (!application) return { kind: "ok", value: null };
    if (application.approveStatus === "101" && application.invoiceNo) {
      return invoiceReceipt(doc, application.invoiceNo, "Credit note FDN");
    }
    if (application.approveStatus === "103" || application.approveStatus === "104") {
      return {
        kind: "refused",
        code: application.approveStatus,
        message: `URA ${application.approveStatus === "103" ? "rejected" : "voided"} credit note application ${application.referenceNo}${application.remarks ? `: ${application.remarks}` : "."}`,
      };
    }
    return { kind: "ok", value: pending(doc, application.referenceNo) };
  }

  const pending = (doc: FiscalDocument, referenceNo: string): FiscalReceipt => ({
    state: "pending",
    authorityNumber: referenceNo,
    authorityId: referenceNo,
    printFields: [
      { label: "Credit note application", value: referenceNo },
      ...(doc.original?.authorityNumber
        ? [{ label: "Original invoice FDN", value: doc.original.authorityNumber }]
        : []),
    ],
    qr: null,
    signed: null,
  });

  return {
    authority: "ura-efris",
    asksState: true,
    async registerItems(items) {
      if (items.length === 0) return { kind: "ok", value: null };
      const answer = await call(
        "T130",
        items.map((item) => ({
          operationType: "101",
          goodsName: item.name.slice(0, 200),
          goodsCode: item.code,
          measureUnit: "102",
          unitPrice: String(item.unitMinor / minorPerMajor(item.currency)),
          currency: CURRENCY_CODE[item.currency] ?? "101",
          commodityCategoryId: item.classCode.slice(0, 8),
          haveExciseTax: "102",
          stockPrewarning: "0",
          havePieceUnit: "102",
          goodsOtherUnits: [],
        })),
      );
      if (answer.kind !== "ok") return answer;
      // T130 answers the goods it could not take, each with its own code; none means all were taken
      const failed = z
        .array(
          z.object({
            goodsCode: z.string().nullish(),
            returnCode: z.string(),
            returnMessage: z.string().nullish(),
          }),
        )
        .safeParse(answer.value ?? []);
      const first = failed.success ? failed.data[0] : undefined;
      if (first) {
        return {
          kind: "refused",
          code: first.returnCode,
          message: `URA refused item ${first.goodsCode ?? ""}: ${first.returnCode}: ${first.returnMessage ?? "Refused"}`,
        };
      }
      return { kind: "ok", value: null };
    },
    async sendSale(doc) {
      // asked first: a sale whose answer was lost is found here, never uploaded twice
      const held = await saleState(doc);
      if (held.kind !== "ok") return held;
      if (held.value) return { kind: "ok", value: held.value };
      const answer = await call("T109", {
        sellerDetails: {
          tin: device.tin,
          legalName: device.seller.legalName,
          businessName: device.seller.businessName,
          address: device.seller.address,
          mobilePhone: device.seller.phone,
          emailAddress: device.seller.email,
          placeOfBusiness: device.seller.address,
          referenceNo: doc.reference,
          isCheckReferenceNo: "1",
        },
        basicInformation: {
          deviceNo: device.deviceNo,
          issuedDate: requestTime(doc.issuedAt),
          operator: "Mafunzo",
          currency: doc.currency,
          ...(doc.exchangeRate ? { currencyRate: String(doc.exchangeRate) } : {}),
          invoiceType: "1",
          invoiceKind: "1",
          dataSource: "103",
          invoiceIndustryCode: "101",
          isBatch: "0",
        },
        buyerDetails: buyerDetails(doc),
        goodsDetails: goodsDetails(doc, 1),
        taxDetails: taxDetails(doc, 1),
        summary: summary(doc, 1),
        payWay: [{ paymentMode: "107", paymentAmount: String(major(doc, doc.totalMinor)), orderNumber: "a" }],
      });
      if (answer.kind !== "ok") return answer;
      const invoice = InvoiceSchema.safeParse(answer.value);
      if (!invoice.success) {
        return {
          kind: "refused",
          code: "00",
          message: "URA EFRIS said it succeeded but sent no FDN and verification code.",
        };
      }
      return { kind: "ok", value: receiptOf(doc, invoice.data, "Fiscal document number") };
    },
    async sendCreditNote(doc) {
      if (!doc.original?.authorityId || !doc.original.authorityNumber) {
        return {
          kind: "refused",
          code: "local",
          message: "A URA credit note needs the original invoice's FDN: the sale was not fiscalised by URA.",
        };
      }
      const held = await creditState(doc);
      if (held.kind !== "ok") return held;
      if (held.value) return { kind: "ok", value: held.value };
      const answer = await call("T110", {
        oriInvoiceId: doc.original.authorityId,
        oriInvoiceNo: doc.original.authorityNumber,
        reasonCode: CANCELLED_PURCHASE,
        reason: "",
        applicationTime: requestTime(doc.issuedAt),
        invoiceApplyCategoryCode: "101",
        currency: doc.currency,
        contactName: doc.buyer.name.slice(0, 100),
        contactMobileNum: doc.buyer.phone ?? "",
        contactEmail: doc.buyer.email,
        source: "103",
        remarks: `Booking ${doc.bookingReference} cancelled`,
        sellersReferenceNo: doc.reference,
        goodsDetails: goodsDetails(doc, -1),
        taxDetails: taxDetails(doc, -1),
        summary: summary(doc, -1),
        buyerDetails: buyerDetails(doc),
      });
      if (answer.kind !== "ok") return answer;
      const application = ApplicationSchema.safeParse(answer.value);
      if (!application.success) {
        return {
          kind: "refused",
          code: "00",
          message: "URA EFRIS took the credit note but gave no reference.",
        };
      }
      return { kind: "ok", value: pending(doc, application.data.referenceNo) };
    },
    documentState: (doc) => (doc.kind === "credit" ? creditState(doc) : saleState(doc)),
  };
}
