import fs from "node:fs";
import { E2E_ADMIN, signUpFirstAdmin } from "../helpers/admin";

/** Runs after the web server is up: checks the browser and creates the first administrator. */
export default async function globalSetup() {
  if (!process.env.CHROMIUM_PATH || !fs.existsSync(process.env.CHROMIUM_PATH)) {
    throw new Error("CHROMIUM_PATH is not set: run end-to-end tests with `npm run test:e2e`");
  }
  await signUpFirstAdmin(`http://127.0.0.1:${process.env.E2E_PORT}`, E2E_ADMIN);
  return () => {
    if (!process.env.E2E_DATA_DIR) return;
    fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
    // the seeded directory startAppServer copies from (scripts/reliability/app-server.mjs)
    fs.rmSync(`${process.env.E2E_DATA_DIR}-seeded`, { recursive: true, force: true });
  };
}
