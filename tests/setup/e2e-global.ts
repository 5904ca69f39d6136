import fs from "node:fs";
import { E2E_ADMIN, E2E_FIRM_KRA_PIN } from "../helpers/admin";

/**
 * Runs after the web server is up: checks the browser, creates the first administrator and, as that
 * administrator, completes the firm's finance profile (a fresh installation has no KRA PIN, and no invoice is
 * issued without one; the specs that book and pay expect invoices).
 */
export default async function globalSetup() {
  if (!process.env.CHROMIUM_PATH || !fs.existsSync(process.env.CHROMIUM_PATH)) {
    throw new Error("CHROMIUM_PATH is not set: run end-to-end tests with `npm run test:e2e`");
  }
  const base = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const post = (path: string, form: Record<string, string>, cookie = "") =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(form),
    });
  const response = await post("/admin/signup", {
    email: E2E_ADMIN.email,
    password: E2E_ADMIN.password,
    confirmPassword: E2E_ADMIN.password,
  });
  if (response.status !== 302) throw new Error(`Creating the e2e admin failed: HTTP ${response.status}`);
  const session = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.startsWith("mafunzo_admin="));
  const pin = await post("/admin/settings", { key: "finance_kra_pin", value: E2E_FIRM_KRA_PIN }, session);
  if (pin.status !== 302) throw new Error(`Setting the firm's KRA PIN failed: HTTP ${pin.status}`);
  return () => {
    if (process.env.E2E_DATA_DIR) fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  };
}
