import fs from "node:fs";

export default function globalSetup() {
  if (!process.env.CHROMIUM_PATH || !fs.existsSync(process.env.CHROMIUM_PATH)) {
    throw new Error("CHROMIUM_PATH is not set: run end-to-end tests with `npm run test:e2e`");
  }
  return () => {
    if (process.env.E2E_DATA_DIR) fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  };
}
