import type { Executor } from "#app/platform/db/client.server";
import { env } from "#app/platform/env.server";
import { listAdmins } from "./user.server";

/** Who hears about new submissions: ADMIN_NOTIFY_EMAIL and every admin account, each once. */
export async function listAdminRecipients(executor: Executor): Promise<string[]> {
  const admins = await listAdmins(executor);
  const seen = new Map<string, string>();
  for (const address of [env().ADMIN_NOTIFY_EMAIL, ...admins.map((a) => a.email)]) {
    if (address && !seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  }
  return [...seen.values()];
}
