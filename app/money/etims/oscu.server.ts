import { env } from "#app/platform/env.server";
import { now } from "#app/utils/clock";
import { formatCompactDateTime } from "#app/utils/datetime";
import { postVsdc, readableSdcTime } from "../fiscal/vsdc.server";

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

export type OscuAnswer =
  | { kind: "ok"; data: unknown }
  /** KRA read the request and said no: its code and message; sending it again unchanged cannot help */
  | { kind: "refused"; code: string; message: string }
  /** no answer KRA stands by (down, slow, a 5xx, an unreadable body): the same request goes again later */
  | { kind: "unreachable"; message: string };

export type OscuHeaders = { tin: string; bhfId: string; cmcKey?: string };

/** One OSCU request, through the VSDC family's client (decision 0836). */
export async function postOscu(
  environment: EtimsEnvironment,
  path: "selectInitOsdcInfo" | "saveItem" | "saveTrnsSalesOsdc",
  headers: OscuHeaders,
  body: unknown,
): Promise<OscuAnswer> {
  const answer = await postVsdc(
    {
      url: `${etimsBaseUrl(environment)}/${path}`,
      name: "eTIMS",
      headers: {
        tin: headers.tin,
        bhfId: headers.bhfId,
        ...(headers.cmcKey ? { cmcKey: headers.cmcKey } : {}),
      },
      timeoutSeconds: env().ETIMS_TIMEOUT_SECONDS,
    },
    body,
  );
  return answer.kind === "ok" ? { kind: "ok", data: answer.value } : answer;
}

/** YYYYMMDDhhmmss in Nairobi, as OSCU dates are written. */
export const oscuDateTime = (at: Date = now()) => formatCompactDateTime(at);

export { readableSdcTime };
