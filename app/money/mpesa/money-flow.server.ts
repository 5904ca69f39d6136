import { getSettings } from "#app/platform/settings/setting.server";
import type { FinanceProfileGap } from "#app/platform/settings/settings";
import { darajaCredentialsSummary } from "./daraja-credentials.server";

/** Where the M-PESA section of the finance settings is. */
export const MPESA_SETTINGS_PATH = "/admin/settings?section=payments#mpesa-settings";

/**
 * What M-PESA still lacks before money can flow by itself (beyond the finance profile, which invoices need): the
 * callbacks' secret path, without which no confirmation is recorded, and the M-PESA Express credentials, without
 * which clients cannot pay from their booking page.
 */
export async function mpesaGaps(): Promise<FinanceProfileGap[]> {
  const [settings, credentials] = await Promise.all([getSettings(), darajaCredentialsSummary()]);
  return [
    settings.mpesa_callback_secret
      ? null
      : {
          label: "the M-PESA callback secret (paybill payments are not recorded by themselves)",
          to: MPESA_SETTINGS_PATH,
        },
    credentials?.opens
      ? null
      : {
          label: credentials
            ? "M-PESA Express credentials this server can open (enter them again)"
            : "the M-PESA Express credentials (clients cannot pay from their booking page)",
          to: MPESA_SETTINGS_PATH,
        },
  ].filter((gap) => gap !== null);
}
