// Resolves the browser for end-to-end tests: CHROMIUM_PATH, else the Chromium shipped in @sparticuz/chromium.
export async function resolveChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const { default: chromium } = await import("@sparticuz/chromium");
  return chromium.executablePath();
}
