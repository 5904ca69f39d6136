// Starts the built server for end-to-end tests on a fresh data directory.
import fs from "node:fs";

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
fs.mkdirSync(process.env.DATA_DIR, { recursive: true });
await import("../../server/main.js");
