import { payUrl } from "#app/booking/index.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { env } from "#app/platform/env.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { type DarajaCredentials, getDarajaCredentials } from "./daraja-credentials.server";

const siteUrl = () => env().PUBLIC_URL.replace(/\/$/, "");

/** M-PESA Express as it can be used now: credentials that open and the callbacks switched on; else null. */
export async function stkSetup(
  executor: Executor = db(),
): Promise<{ credentials: DarajaCredentials; callbackUrl: string } | null> {
  // one query at a time: on a transaction's connection pg warns about overlapping ones
  const credentials = await getDarajaCredentials(executor);
  const settings = await getSettings(executor);
  if (!credentials || !settings.mpesa_callback_secret) return null;
  return { credentials, callbackUrl: `${siteUrl()}/api/mpesa/${settings.mpesa_callback_secret}/stk` };
}

/** Whether M-PESA Express can be offered at all. */
export async function stkAvailable(executor: Executor = db()) {
  return (await stkSetup(executor)) !== null;
}

/** The booking's "Pay with M-PESA" page as a full address for an e-mail, when M-PESA Express can be offered. */
export async function mpesaPayUrl(executor: Executor, reference: string) {
  return (await stkAvailable(executor)) ? payUrl(reference) : null;
}
