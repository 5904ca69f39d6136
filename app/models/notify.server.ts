import { eq } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { users } from "#app/db/schema";
import { env } from "#app/services/env.server";

/** Who hears about new submissions: ADMIN_NOTIFY_EMAIL and every admin account, each once. */
export async function listAdminRecipients(executor: Executor): Promise<string[]> {
  const admins = await executor.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
  const configured = env().ADMIN_NOTIFY_EMAIL;
  const seen = new Map<string, string>();
  for (const address of [configured, ...admins.map((a) => a.email)]) {
    if (address && !seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  }
  return [...seen.values()];
}
