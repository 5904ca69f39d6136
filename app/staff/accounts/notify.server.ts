import type { Executor } from "#app/platform/db/client.server";
import { env } from "#app/platform/env.server";
import { listAdmins, listFinanceStaff } from "./user.server";

/** Who hears about new submissions: ADMIN_NOTIFY_EMAIL and every admin account, each once. */
export async function listAdminRecipients(executor: Executor): Promise<string[]> {
  return onceEach([env().ADMIN_NOTIFY_EMAIL, ...(await listAdmins(executor)).map((a) => a.email)]);
}

/** Who hears about money trouble (a refused tax invoice): ADMIN_NOTIFY_EMAIL, finance staff and owners, once each. */
export async function listFinanceRecipients(executor: Executor): Promise<string[]> {
  return onceEach([env().ADMIN_NOTIFY_EMAIL, ...(await listFinanceStaff(executor)).map((a) => a.email)]);
}

function onceEach(addresses: (string | undefined | null)[]) {
  const seen = new Map<string, string>();
  for (const address of addresses) {
    if (address && !seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  }
  return [...seen.values()];
}
