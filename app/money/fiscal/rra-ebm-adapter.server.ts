import { minorPerMajor } from "#app/utils/minor-units";
import type { FiscalAdapter, FiscalAnswer, FiscalDocument, FiscalReceipt } from "./fiscal";
import {
  postVsdc,
  readableSdcTime,
  VSDC_TAX_TYPE,
  type VsdcReceipt,
  VsdcReceiptSchema,
  type VsdcTaxType,
  vsdcSaleBody,
} from "./vsdc.server";

/*
 * RRA EBM through the VSDC API (decision 0836): the same family as KRA's OSCU, with RRA's own addresses
 * (items/saveItems, trnsSales/saveSales, trnsSales/selectSales), the seller's TIN and branch in the body rather
 * than in headers, RRA's tax bands (A exempt, B 18 %, C zero-rated, D outside VAT), a business buyer's purchase
 * code (prcOrdCd) and a private buyer's phone (custMblNo) on the receipt. RRA answers a sale it already holds
 * (994, overlapped data) and that is success: the adapter reads back what RRA signed.
 */

/** RRA's rates of the VSDC tax types. */
export const RRA_RATES: Record<VsdcTaxType, number> = { A: 0, B: 18, C: 0, D: 0, E: 0 };

export type RraDevice = {
  baseUrl: string;
  timeoutSeconds: number;
  /** the office's RRA TIN, nine digits */
  tin: string;
  branchId: string;
};

/** The EBM receipt's label: N normal, S sale / R refund (NS, NR). */
const receiptLabel = (doc: Pick<FiscalDocument, "kind">) => (doc.kind === "credit" ? "NR" : "NS");

/** What RRA requires printed on the receipt, and the QR code, from its answer. */
export function rraPrintFields(doc: FiscalDocument, receipt: VsdcReceipt): FiscalReceipt {
  const receiptNo = String(receipt.rcptNo ?? receipt.curRcptNo ?? "");
  const total = String(receipt.totRcptNo ?? receiptNo);
  const stamp = receipt.vsdcRcptPbctDate ?? receipt.sdcDateTime ?? "";
  const sdcId = receipt.sdcId ?? "";
  return {
    state: "accepted",
    authorityNumber: `${receiptNo}/${total} ${receiptLabel(doc)}`,
    authorityId: null,
    printFields: [
      { label: "SDC ID", value: sdcId },
      { label: "Receipt number", value: `${receiptNo}/${total} ${receiptLabel(doc)}` },
      { label: "Internal data", value: receipt.intrlData },
      { label: "Receipt signature", value: receipt.rcptSign },
      { label: "SDC date and time", value: readableSdcTime(stamp) },
      ...(receipt.mrcNo ? [{ label: "MRC", value: receipt.mrcNo }] : []),
      ...(doc.buyer.purchaseCode ? [{ label: "Purchase code", value: doc.buyer.purchaseCode }] : []),
      ...(doc.buyer.phone ? [{ label: "Buyer's phone", value: doc.buyer.phone }] : []),
    ],
    // the EBM receipt's QR: SDC date, SDC id, receipt number, internal data and signature, #-separated
    qr: [stamp, sdcId, `${receiptNo}/${total}${receiptLabel(doc)}`, receipt.intrlData, receipt.rcptSign].join(
      "#",
    ),
    signed: {
      receiptNo: Number(receiptNo),
      totalReceiptNo: receipt.totRcptNo ?? null,
      internalData: receipt.intrlData,
      signature: receipt.rcptSign,
      sdcDateTime: stamp,
    },
  };
}

export function rraEbmAdapter(device: RraDevice): FiscalAdapter {
  const target = (path: string) => ({
    url: `${device.baseUrl.replace(/\/+$/, "")}/${path}`,
    name: "RRA EBM",
    headers: {},
    timeoutSeconds: device.timeoutSeconds,
  });
  const identity = { tin: device.tin, bhfId: device.branchId };

  async function stateOf(doc: FiscalDocument): Promise<FiscalAnswer<FiscalReceipt | null>> {
    const answer = await postVsdc(target("trnsSales/selectSales"), { ...identity, invcNo: doc.number });
    if (answer.kind === "refused" && answer.code === "001") return { kind: "ok", value: null };
    if (answer.kind !== "ok") return answer;
    const receipt = VsdcReceiptSchema.safeParse(answer.value);
    if (!receipt.success) {
      return { kind: "unreachable", message: "RRA EBM answered a sale without its receipt and signature." };
    }
    return { kind: "ok", value: rraPrintFields(doc, receipt.data) };
  }

  async function send(doc: FiscalDocument): Promise<FiscalAnswer<FiscalReceipt>> {
    const body = vsdcSaleBody(doc, RRA_RATES, "Africa/Kigali", {
      header: { ...identity, ...(doc.buyer.purchaseCode ? { prcOrdCd: doc.buyer.purchaseCode } : {}) },
      receipt: doc.buyer.phone ? { custMblNo: doc.buyer.phone } : {},
    });
    const answer = await postVsdc(target("trnsSales/saveSales"), body);
    // already fiscalised: the earlier attempt went through and only its answer was lost
    if (answer.kind === "refused" && answer.code === "994") {
      const held = await stateOf(doc);
      if (held.kind !== "ok") return held;
      if (held.value) return { kind: "ok", value: held.value };
      return { kind: "unreachable", message: "RRA EBM says it holds the sale but does not show it yet." };
    }
    if (answer.kind !== "ok") return answer;
    const receipt = VsdcReceiptSchema.safeParse(answer.value);
    if (!receipt.success) {
      return {
        kind: "refused",
        code: "000",
        message: "RRA EBM said it succeeded but sent no receipt number and signature.",
      };
    }
    return { kind: "ok", value: rraPrintFields(doc, receipt.data) };
  }

  return {
    authority: "rra-ebm",
    asksState: true,
    async registerItems(items) {
      for (const item of items) {
        const answer = await postVsdc(target("items/saveItems"), {
          ...identity,
          itemCd: item.code,
          itemClsCd: item.classCode,
          itemTyCd: "3",
          itemNm: item.name.slice(0, 200),
          orgnNatCd: "RW",
          pkgUnitCd: "NT",
          qtyUnitCd: "U",
          taxTyCd: VSDC_TAX_TYPE[item.taxBand],
          dftPrc: item.unitMinor / minorPerMajor(item.currency),
          isrcAplcbYn: "N",
          useYn: "Y",
          regrId: "mafunzo",
          regrNm: "Mafunzo",
          modrId: "mafunzo",
          modrNm: "Mafunzo",
        });
        if (answer.kind !== "ok") return answer;
      }
      return { kind: "ok", value: null };
    },
    sendSale: send,
    sendCreditNote: send,
    documentState: stateOf,
  };
}
