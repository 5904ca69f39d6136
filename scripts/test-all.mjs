// `npm test`: unit and integration tests, then the end-to-end suite in a real browser.
import { spawnSync } from "node:child_process";

const steps = [
  ["npx", ["vitest", "run"]],
  ["node", ["scripts/test-e2e.mjs"]],
];
for (const [command, args] of steps) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
