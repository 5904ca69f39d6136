import fs from "node:fs";
import { E2E_ADMIN } from "../helpers/admin";

/** Runs after the web server is up: checks the browser and creates the first administrator. */
export default async function globalSetup() {
  if (!process.env.CHROMIUM_PATH || !fs.existsSync(process.env.CHROMIUM_PATH)) {
    throw new Error("CHROMIUM_PATH is not set: run end-to-end tests with `npm run test:e2e`");
  }
  const base = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const response = await fetch(`${base}/admin/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: E2E_ADMIN.email,
      password: E2E_ADMIN.password,
      confirmPassword: E2E_ADMIN.password,
    }),
  });
  if (response.status !== 302) throw new Error(`Creating the e2e admin failed: HTTP ${response.status}`);
  return () => {
    if (process.env.E2E_DATA_DIR) fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  };
}
