// Builds the app, resolves a Chromium, and runs Playwright with any extra arguments.
import { spawnSync } from "node:child_process";
import { resolveChromium } from "../tests/helpers/chromium.mjs";

const run = (command, args, env = process.env) => {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!process.argv.includes("--no-build")) run("npx", ["react-router", "build"]);
const CHROMIUM_PATH = await resolveChromium();
run("npx", ["playwright", "test", ...process.argv.slice(2).filter((a) => a !== "--no-build")], {
  ...process.env,
  CHROMIUM_PATH,
});
