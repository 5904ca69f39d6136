// Screenshots of the home page, a course page and the booking form at 1440 and 360 px, and the contact page's
// form at 1440 and 390 px, for docs/screens/.
// Usage: node scripts/public-screens.mjs <base url>
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { resolveChromium } from "../tests/helpers/chromium.mjs";

const [base] = process.argv.slice(2);
if (!base) {
  console.error("usage: node scripts/public-screens.mjs <base url>");
  process.exit(2);
}
const COURSE = "strategic-planning-and-performance-management";
const WIDTHS = [
  [1440, 900],
  [390, 844],
  [360, 740],
];

/** The booking form as an HR officer has filled it for four: three colleagues and herself. */
async function fillGroupOfFour(page) {
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Organization").fill("County Government of Kisumu");
  await form.getByLabel("KRA PIN (optional)").fill("P051234567X");
  await form.getByLabel("LPO number (optional)").fill("LPO-2291");
  await form.getByLabel("Full Name").fill("Achieng Otieno");
  await form.getByLabel("Email Address").fill("hr@kisumu.example");
  await form.getByRole("radio").first().check();
  await form.getByText("Booking for several people?").click();
  for (const index of [1, 2, 3]) {
    await form.getByRole("button", { name: "Add another participant" }).click();
    const row = page.getByRole("group", { name: `Participant ${index}` });
    await row.getByLabel("Full name").fill(`Colleague ${index}`);
    await row.getByLabel("Email address").fill(`c${index}@kisumu.example`);
  }
  await form.getByLabel("I am attending too").check();
}

/** The contact form with "In-house training" chosen: the way to its own form shows. */
async function chooseInHouse(page) {
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full Name").fill("Grace Wambui");
  await form.getByLabel("Email Address").fill("grace@kenyapower.example");
  await form.getByRole("radio", { name: /In-house training/ }).check();
}

// name, path, what to do first, how many screens from the top (or the element shown), the widths
const SCREENS = [
  ["home", "/", null, 3],
  ["course", `/courses/${COURSE}`, null, 2],
  ["booking", `/register?course=${COURSE}`, fillGroupOfFour, 1],
  ["contact", "/contact", chooseInHouse, "#contact-form", [1440, 390]],
];

const browser = await chromium.launch({
  executablePath: await resolveChromium(),
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  for (const [width, height] of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height } });
    for (const [name, route, prepare, screens, widths] of SCREENS) {
      if (!(widths ?? [1440, 360]).includes(width)) continue;
      await page.goto(`${base}${route}`);
      // hydrated (as tests/helpers/hydration.ts tells): the form's Add another participant then works in the page
      await page.waitForFunction(() => {
        const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
        return Boolean(key && document[key]?.stateNode?.current?.child);
      });
      if (prepare) await prepare(page);
      // from the top: a page scrolled by filling in would draw its sticky header mid-shot
      await page.evaluate(() => window.scrollTo(0, 0));
      const file = path.join("docs/screens", `public-${name}-${width}.png`);
      if (typeof screens === "string") {
        // one part of the page, whole: from a little above it to a little below
        const box = await page.locator(screens).boundingBox();
        const top = Math.max(0, Math.floor(box.y) - 24);
        const clip = { x: 0, y: top, width, height: Math.ceil(box.height) + 48 };
        const shot = await page.screenshot({ fullPage: true, clip });
        await sharp(shot).png({ palette: true, colours: 64, compressionLevel: 9 }).toFile(file);
        console.log(`${file}: ${clip.height} px tall`);
        continue;
      }
      const [scrollHeight, totalBottom] = await page.evaluate(() => {
        const total = document.querySelector("[data-testid=booking-total]")?.getBoundingClientRect();
        return [document.documentElement.scrollHeight, total ? total.bottom + window.scrollY + 40 : 0];
      });
      // the booking form down to its total; the other pages a few screens from the top
      // the phone's home page whole: it shows where the page ends
      const shown = name === "home" && width < 500 ? scrollHeight : height * screens;
      const shotHeight = Math.min(scrollHeight, Math.max(shown, totalBottom));
      const shot = await page.screenshot({ fullPage: true, clip: { x: 0, y: 0, width, height: shotHeight } });
      // a palette of 64 colours keeps a screen of flat UI small
      await sharp(shot).png({ palette: true, colours: 64, compressionLevel: 9 }).toFile(file);
      console.log(`${file}: ${scrollHeight} px tall`);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
