import { z } from "zod";
import { readBodyBounded } from "#app/platform/forms/form-input.server";
import { logger } from "#app/platform/logger.server";
import { minorPerMajor } from "#app/utils/minor-units";
import { discountRate } from "../etims/etims";
import type { FiscalAnswer, FiscalDocument, FiscalTaxBand } from "./fiscal";

/*
 * The VSDC family (decision 0836): KRA's eTIMS OSCU and RRA's EBM VSDC descend from one design. What they really
 * share is what this file holds: a JSON POST answered by { resultCd ("000" succeeded), resultMsg, resultDt,
 * data }, the result codes, and the sale (TrnsSalesSaveWrReq: invcNo/orgInvcNo, rcptTyCd S or R, taxblAmtA…,
 * itemList) answered by a receipt number, internal data and a signature. What differs stays in each adapter:
 * the addresses (KRA saveTrnsSalesOsdc with tin/bhfId/cmcKey headers; RRA trnsSales/saveSales with tin and
 * bhfId in the body), the tax rates (B is 16 % at KRA, 18 % at RRA), RRA's purchase code and buyer's phone.
 */

/** The "API Response Code" list both specifications share, for the messages a person reads. */
const RESULT_MESSAGES: Record<string, string> = {
  "001": "There is no search result",
  "900": "There is no Header information",
  "901": "It is not valid device",
  "902": "This device is installed",
  "903": "Only OSCU device can be verified.",
  "910": "Request parameter error",
  "911": "There is no request full text",
  "912": "There is a request Method error",
  "921": "Sales or sales invoice data which is declared cannot be received.",
  "922": "Sales invoice data can be received after receiving the sales data.",
  "990": "The maximum number of views are exceeded",
  "991": "There is an error during registration",
  "992": "There is an error during modification",
  "993": "There is an error during deletion",
  "994": "There is an overlapped Data",
  "995": "There is no downloaded file",
  "999": "There is an unknown error. Please ask the administrator",
};
/** the authority's own trouble, not the request's: the same request is tried again later */
const RETRY_CODES = new Set(["999"]);

const AnswerSchema = z.object({
  resultCd: z.string().regex(/^\d{3}$/),
  resultMsg: z.string().max(2_000).nullish(),
  resultDt: z.string().nullish(),
  data: z.unknown().nullish(),
});

/** an answer larger than this is no VSDC answer */
const MAX_ANSWER_BYTES = 256 * 1024;

export type VsdcTarget = {
  url: string;
  /** how messages name the authority: "eTIMS", "RRA EBM" */
  name: string;
  headers: Record<string, string>;
  timeoutSeconds: number;
};

/** One VSDC request; never throws for the authority's sake. */
export async function postVsdc(target: VsdcTarget, body: unknown): Promise<FiscalAnswer<unknown>> {
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...target.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(target.timeoutSeconds * 1000),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    logger.warn(
      { url: target.url, err: error instanceof Error ? error.message : String(error) },
      `${target.name} not reached`,
    );
    return {
      kind: "unreachable",
      message: timedOut
        ? `${target.name} did not answer within ${target.timeoutSeconds} s.`
        : `${target.name} could not be reached.`,
    };
  }
  // a connection dropped halfway through the answer is no answer
  const bytes = await readBodyBounded(response.body, MAX_ANSWER_BYTES).catch(() => null);
  const text = bytes?.toString("utf8") ?? null;
  if (!response.ok || text === null) {
    return { kind: "unreachable", message: `${target.name} answered HTTP ${response.status}.` };
  }
  let parsed: z.infer<typeof AnswerSchema>;
  try {
    parsed = AnswerSchema.parse(JSON.parse(text));
  } catch {
    return { kind: "unreachable", message: `${target.name} answered something that is not a VSDC answer.` };
  }
  if (parsed.resultCd === "000") return { kind: "ok", value: parsed.data ?? null };
  const message = `${parsed.resultCd}: ${parsed.resultMsg || RESULT_MESSAGES[parsed.resultCd] || "Refused"}`;
  return RETRY_CODES.has(parsed.resultCd)
    ? { kind: "unreachable", message: `${target.name} answered ${message}` }
    : { kind: "refused", code: parsed.resultCd, message };
}

/** The wall-clock parts of a moment in a time zone (Kigali keeps UTC+2, Nairobi and Kampala UTC+3). */
export function wallClockIn(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const p = Object.fromEntries(parts.map((part) => [part.type, part.value]));
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/** YYYYMMDDhhmmss in the seller's zone, as VSDC dates are written. */
export function vsdcDateTime(at: Date, timeZone: string) {
  const p = wallClockIn(at, timeZone);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/** The tax type codes both authorities use: A exempt, B the standard rate, C zero-rated, D and E their own. */
const TAX_TYPES = ["A", "B", "C", "D", "E"] as const;
export type VsdcTaxType = (typeof TAX_TYPES)[number];
export const VSDC_TAX_TYPE: Record<FiscalTaxBand, VsdcTaxType> = { exempt: "A", standard: "B", zero: "C" };

/**
 * The VSDC sale (TrnsSalesSaveWrReq) of a document: invcNo is the firm's own number, so a retry is the same sale.
 * `rates` gives each tax type's rate at the authority; `extra` and `receiptExtra` add the authority's own
 * fields. Amounts are in the currency's major unit (to the cent where it has cents), tax included.
 */
export function vsdcSaleBody(
  doc: FiscalDocument,
  rates: Record<VsdcTaxType, number>,
  timeZone: string,
  extra: { header?: Record<string, unknown>; receipt?: Record<string, unknown> } = {},
) {
  const stamp = vsdcDateTime(doc.issuedAt, timeZone);
  const major = (minor: number) => minor / minorPerMajor(doc.currency);
  const perType = (type: string, pick: (line: FiscalDocument["lines"][number]) => number) =>
    major(
      doc.lines
        .filter((line) => VSDC_TAX_TYPE[line.taxBand] === type)
        .reduce((sum, line) => sum + pick(line), 0),
    );
  const byType = Object.fromEntries(
    TAX_TYPES.flatMap((type) => [
      [`taxblAmt${type}`, perType(type, (line) => line.amountMinor)],
      [`taxRt${type}`, rates[type]],
      [`taxAmt${type}`, perType(type, (line) => line.taxMinor)],
    ]),
  );
  const credit = doc.kind === "credit";
  return {
    ...extra.header,
    trdInvcNo: String(doc.number),
    invcNo: doc.number,
    orgInvcNo: doc.original?.number ?? 0,
    custTin: doc.buyer.taxId ?? undefined,
    custNm: doc.buyer.name.slice(0, 60),
    salesTyCd: "N",
    rcptTyCd: credit ? "R" : "S",
    salesSttsCd: "02",
    cfmDt: stamp,
    salesDt: stamp.slice(0, 8),
    ...(credit ? { rfdDt: stamp, rfdRsnCd: "06" } : {}),
    totItemCnt: doc.lines.length,
    ...byType,
    totTaxblAmt: major(doc.totalMinor),
    totTaxAmt: major(doc.taxMinor),
    totAmt: major(doc.totalMinor),
    prchrAcptcYn: "N",
    remark: `Booking ${doc.bookingReference}`,
    regrId: "mafunzo",
    regrNm: "Mafunzo",
    modrId: "mafunzo",
    modrNm: "Mafunzo",
    receipt: {
      custTin: doc.buyer.taxId ?? undefined,
      rcptPbctDt: stamp,
      trdeNm: doc.buyer.name.slice(0, 60),
      prchrAcptcYn: "N",
      ...extra.receipt,
    },
    itemList: doc.lines.map((line, i) => ({
      itemSeq: i + 1,
      itemCd: line.itemCode,
      itemClsCd: line.classCode,
      itemNm: line.description.slice(0, 200),
      pkgUnitCd: "NT",
      pkg: line.quantity,
      qtyUnitCd: "U",
      qty: line.quantity,
      prc: major(line.unitMinor),
      splyAmt: major(line.supplyMinor ?? line.amountMinor),
      dcRt: discountRate({ supplyCents: line.supplyMinor, discountCents: line.discountMinor }),
      dcAmt: major(line.discountMinor ?? 0),
      taxTyCd: VSDC_TAX_TYPE[line.taxBand],
      taxblAmt: major(line.amountMinor),
      taxAmt: major(line.taxMinor),
      totAmt: major(line.amountMinor),
    })),
  };
}

/** The receipt a VSDC sends back for an accepted sale (KRA names the date sdcDateTime, RRA vsdcRcptPbctDate). */
export const VsdcReceiptSchema = z.object({
  curRcptNo: z.coerce.number().int().min(0).optional(),
  rcptNo: z.coerce.number().int().min(0).optional(),
  totRcptNo: z.coerce.number().int().min(0).nullish(),
  intrlData: z.string().min(1).max(200),
  rcptSign: z.string().min(1).max(200),
  sdcDateTime: z
    .string()
    .regex(/^\d{14}$/)
    .optional(),
  vsdcRcptPbctDate: z
    .string()
    .regex(/^\d{14}$/)
    .optional(),
  sdcId: z.string().max(100).nullish(),
  mrcNo: z.string().max(100).nullish(),
});
export type VsdcReceipt = z.infer<typeof VsdcReceiptSchema>;

/** "20260127210300" → "27 Jan 2026, 21:03:00" for a person. */
export function readableSdcTime(stamp: string | null) {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp ?? "");
  if (!m) return stamp ?? "";
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${Number(m[3])} ${months[Number(m[2]) - 1]} ${m[1]}, ${m[4]}:${m[5]}:${m[6]}`;
}
