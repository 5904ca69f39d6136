// Screenshots of the dashboard and the registrations list at desktop and phone widths, for docs/screens/.
// Usage: node scripts/admin-screens.mjs <base url> <email> <password> <prefix: before|after>
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { resolveChromium } from "../tests/helpers/chromium.mjs";

const [base, email, password, prefix] = process.argv.slice(2);
if (!base || !email || !password || !prefix) {
  console.error("usage: node scripts/admin-screens.mjs <base url> <email> <password> <before|after>");
  process.exit(2);
}
const SCREENS = [
  ["dashboard", "/admin/dashboard"],
  ["registrations", "/admin/registrations"],
];
const WIDTHS = [
  [1440, 900],
  [390, 844],
];

const browser = await chromium.launch({
  executablePath: await resolveChromium(),
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  for (const [width, height] of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${base}/admin/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(/\/admin\/dashboard/);
    for (const [name, route] of SCREENS) {
      await page.goto(`${base}${route}`);
      // the whole width the page takes (a page wider than the phone shows as such), cut to about two screens
      const file = path.join("docs/screens", `${prefix}-${name}-${width}.png`);
      const [scrollWidth, scrollHeight] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.scrollHeight,
      ]);
      const shot = await page.screenshot({
        fullPage: true,
        clip: { x: 0, y: 0, width: scrollWidth, height: Math.min(scrollHeight, height * 2) },
      });
      // a palette of 64 colours keeps a screen of flat UI under about 100 kB
      await sharp(shot).png({ palette: true, colours: 64, compressionLevel: 9 }).toFile(file);
      console.log(`${file}: page width ${scrollWidth} px at a ${width} px viewport`);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
