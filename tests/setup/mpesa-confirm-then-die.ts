// A server process that answers one M-PESA confirmation and is killed (SIGKILL) at once, before its receipt
// worker's pass: `node --import tsx tests/setup/mpesa-confirm-then-die.ts '<C2B JSON>'` with DATA_DIR or
// DATABASE_URL naming a migrated database. Prints the answer's status, then dies without any shutdown handler.
import fs from "node:fs";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app/context";
import { openDatabase } from "#app/database.server";
import { startReceiptWorker } from "#app/money/index.server";
import { setDatabase } from "#app/platform/db/client.server";
import { getSettings } from "#app/platform/settings/setting.server";
import * as mpesaRoute from "#app/routes/money/public/mpesa-callback";

const [body] = process.argv.slice(2);
if (!body) throw new Error("usage: mpesa-confirm-then-die.ts '<C2B JSON>'");
const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? "",
  skipMigrate: true,
});
setDatabase(handle);
// as the server runs it; its pass at start has found nothing by the time the confirmation arrives
startReceiptWorker({ intervalMs: 60_000, onError: (error) => console.error(error) });
await new Promise((resolve) => setTimeout(resolve, 300));

const { mpesa_callback_secret: secret } = await getSettings();
const context = new RouterContextProvider();
context.set(requestInfoContext, { requestId: "die", nonce: "", ip: "196.201.214.200", userAgent: "Daraja" });
const response = await mpesaRoute.action({
  request: new Request(`http://localhost/api/mpesa/${secret}/confirmation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  }),
  params: { secret, kind: "confirmation" },
  context,
} as never);
// the answer is on its way to Safaricom; the receipt worker was woken for the next turn of the event loop
fs.writeSync(1, `${JSON.stringify({ status: response.status })}\n`);
process.kill(process.pid, "SIGKILL");
