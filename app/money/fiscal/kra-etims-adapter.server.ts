import { ETIMS_TAX_RATES } from "../etims/etims";
import { itemSaveRequest } from "../etims/etims-items.server";
import { type EtimsEnvironment, verificationUrl } from "../etims/oscu.server";
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

/** KRA's rates of the VSDC tax types: B the standard 16 %, E the reduced 8 %. */
/** KRA's dates are Nairobi's wall clock. */
export const KRA_TIME_ZONE = "Africa/Nairobi";
export const KRA_RATES: Record<VsdcTaxType, number> = { ...ETIMS_TAX_RATES, D: 0, E: 8 };

export type KraDevice = {
  environment: EtimsEnvironment;
  baseUrl: string;
  timeoutSeconds: number;
  tin: string;
  branchId: string;
  cmcKey: string;
  sdcId: string | null;
  mrcNo: string | null;
};

/** What KRA requires printed, from its receipt (the outbox stores the same fields on the tax invoice). */
export function kraPrintFields(device: KraDevice, receipt: VsdcReceipt): FiscalReceipt {
  const receiptNo = String(receipt.curRcptNo ?? receipt.rcptNo ?? "");
  return {
    state: "accepted",
    authorityNumber: receiptNo,
    authorityId: null,
    printFields: [
      { label: "SCU ID", value: device.sdcId ?? "" },
      { label: "CU invoice number", value: `${device.sdcId ?? ""}/${receiptNo}` },
      { label: "Internal data", value: receipt.intrlData },
      { label: "Receipt signature", value: receipt.rcptSign },
      { label: "SCU date and time", value: readableSdcTime(receipt.sdcDateTime ?? null) },
    ],
    qr: verificationUrl(device.environment, device.tin, device.branchId, receipt.rcptSign),
    signed: {
      receiptNo: Number(receiptNo),
      totalReceiptNo: receipt.totRcptNo ?? null,
      internalData: receipt.intrlData,
      signature: receipt.rcptSign,
      sdcDateTime: receipt.sdcDateTime ?? "",
    },
  };
}

/**
 * KRA eTIMS OSCU behind the fiscal adapter (decision 0835): saveItem, then saveTrnsSalesOsdc for a sale (S) or
 * a credit note (R). OSCU offers the firm no look-up of one sale, so documentState is not asked of KRA: a sale
 * KRA already holds is answered 994 and stays with finance (decision 0692).
 */
export function kraEtimsAdapter(device: KraDevice): FiscalAdapter {
  const target = (path: string) => ({
    url: `${device.baseUrl.replace(/\/+$/, "")}/${path}`,
    name: "eTIMS",
    headers: { tin: device.tin, bhfId: device.branchId, cmcKey: device.cmcKey },
    timeoutSeconds: device.timeoutSeconds,
  });
  async function send(doc: FiscalDocument): Promise<FiscalAnswer<FiscalReceipt>> {
    const answer = await postVsdc(target("saveTrnsSalesOsdc"), vsdcSaleBody(doc, KRA_RATES, KRA_TIME_ZONE));
    if (answer.kind !== "ok") return answer;
    const receipt = VsdcReceiptSchema.safeParse(answer.value);
    if (!receipt.success || receipt.data.curRcptNo === undefined || !receipt.data.sdcDateTime) {
      return {
        kind: "refused",
        code: "000",
        message: "eTIMS said it succeeded but sent no receipt number and signature.",
      };
    }
    return { kind: "ok", value: kraPrintFields(device, receipt.data) };
  }
  return {
    authority: "kra-etims",
    asksState: false,
    async registerItems(items) {
      for (const item of items) {
        const answer = await postVsdc(
          target("saveItem"),
          itemSaveRequest(
            {
              itemCode: item.code,
              itemClassCode: item.classCode,
              itemName: item.name,
              taxType: VSDC_TAX_TYPE[item.taxBand] as "A" | "B" | "C",
            },
            item.unitMinor,
          ),
        );
        if (answer.kind !== "ok") return answer;
      }
      return { kind: "ok", value: null };
    },
    sendSale: send,
    sendCreditNote: send,
    async documentState() {
      return {
        kind: "refused",
        code: "n/a",
        message: "KRA's OSCU offers no look-up of one sale: finance checks it on the eTIMS portal.",
      };
    },
  };
}
