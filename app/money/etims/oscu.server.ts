import { z } from "zod";
import { env } from "#app/platform/env.server";
import { readBodyBounded } from "#app/platform/forms/form-input.server";
import { logger } from "#app/platform/logger.server";
import { now } from "#app/utils/clock";
import { formatCompactDateTime } from "#app/utils/datetime";

/*
 * KRA eTIMS OSCU v2.0, the endpoints the firm uses (decision 0643): selectInitOsdcInfo (the device's
 * initialisation, which returns the communication key), saveItem (registers an item before a sale uses its
 * code, decision 0690) and saveTrnsSalesOsdc (a sale, receipt type S, or a credit note, R). Every request is a JSON POST with the headers tin, bhfId and, after initialisation, cmcKey;
 * every answer carries resultCd ("000" succeeded), resultMsg and resultDt.
 */

export type EtimsEnvironment = "sandbox" | "production";
const KRA_URLS: Record<EtimsEnvironment, string> = {
  sandbox: "https://etims-api-sbx.kra.go.ke/etims-api",
  production: "https://etims-api.kra.go.ke/etims-api",
};
/** KRA's page that shows a signed receipt, which the QR code on the tax invoice opens. */
const VERIFY_URLS: Record<EtimsEnvironment, string> = {
  sandbox: "https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData",
  production: "https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData",
};

export const etimsBaseUrl = (environment: EtimsEnvironment) =>
  (env().ETIMS_BASE_URL ?? KRA_URLS[environment]).replace(/\/+$/, "");

/** The address the QR code carries: the PIN, the branch and KRA's signature of the receipt. */
export const verificationUrl = (environment: EtimsEnvironment, tin: string, branchId: string, sign: string) =>
  `${VERIFY_URLS[environment]}?Data=${encodeURIComponent(`${tin}${branchId}${sign}`)}`;

/** The "API Response Code" list of the specification, for the messages a person reads. */
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
/** KRA's own trouble, not the request's: the same request is tried again later. */
const RETRY_CODES = new Set(["999"]);

const AnswerSchema = z.object({
  resultCd: z.string().regex(/^\d{3}$/),
  resultMsg: z.string().max(2_000).nullish(),
  resultDt: z.string().nullish(),
  data: z.unknown().nullish(),
});

export type OscuAnswer =
  | { kind: "ok"; data: unknown }
  /** KRA read the request and said no: its code and message; sending it again unchanged cannot help */
  | { kind: "refused"; code: string; message: string }
  /** no answer KRA stands by (down, slow, a 5xx, an unreadable body): the same request goes again later */
  | { kind: "unreachable"; message: string };

export type OscuHeaders = { tin: string; bhfId: string; cmcKey?: string };

/** an answer larger than this is no OSCU answer */
const MAX_ANSWER_BYTES = 256 * 1024;

export async function postOscu(
  environment: EtimsEnvironment,
  path: "selectInitOsdcInfo" | "saveItem" | "saveTrnsSalesOsdc",
  headers: OscuHeaders,
  body: unknown,
): Promise<OscuAnswer> {
  const url = `${etimsBaseUrl(environment)}/${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        tin: headers.tin,
        bhfId: headers.bhfId,
        ...(headers.cmcKey ? { cmcKey: headers.cmcKey } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(env().ETIMS_TIMEOUT_SECONDS * 1000),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    logger.warn({ url, err: error instanceof Error ? error.message : String(error) }, "eTIMS not reached");
    return {
      kind: "unreachable",
      message: timedOut
        ? `eTIMS did not answer within ${env().ETIMS_TIMEOUT_SECONDS} s.`
        : "eTIMS could not be reached.",
    };
  }
  // a connection dropped halfway through the answer is no answer
  const bytes = await readBodyBounded(response.body, MAX_ANSWER_BYTES).catch(() => null);
  const text = bytes?.toString("utf8") ?? null;
  if (!response.ok || text === null) {
    return { kind: "unreachable", message: `eTIMS answered HTTP ${response.status}.` };
  }
  let parsed: z.infer<typeof AnswerSchema>;
  try {
    parsed = AnswerSchema.parse(JSON.parse(text));
  } catch {
    return { kind: "unreachable", message: "eTIMS answered something that is not an OSCU answer." };
  }
  if (parsed.resultCd === "000") return { kind: "ok", data: parsed.data ?? null };
  const message = `${parsed.resultCd}: ${parsed.resultMsg || RESULT_MESSAGES[parsed.resultCd] || "Refused"}`;
  return RETRY_CODES.has(parsed.resultCd)
    ? { kind: "unreachable", message: `eTIMS answered ${message}` }
    : { kind: "refused", code: parsed.resultCd, message };
}

/** YYYYMMDDhhmmss in Nairobi, as OSCU dates are written. */
export const oscuDateTime = (at: Date = now()) => formatCompactDateTime(at);

/** "20260127210300" → "27 Jan 2026, 21:03:00" for a person. */
export function readableSdcTime(stamp: string | null) {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp ?? "");
  if (!m) return stamp ?? "";
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${Number(m[3])} ${months[Number(m[2]) - 1]} ${m[1]}, ${m[4]}:${m[5]}:${m[6]}`;
}
