import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { OWNER, serverOfItsOwn, test } from "./own-server";

test.describe.configure({ timeout: 240_000 });

// a server of its own: the logo and the facilitator change what the home, About and course pages show, which
// other specs count
const own = serverOfItsOwn();

const COURSE = {
  slug: "strategic-planning-and-performance-management",
  title: "Strategic Planning and Performance Management",
};
const CLIENT = "Lake Basin Development Authority";
const FACILITATOR = "Dr. Wanjiru Mwangi";

const picture = async (name: string, background: string, width: number, height: number) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer(),
});

/** The ids of the main sections, in page order. */
const sectionOrder = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll("main section[id]")].map((section) => section.id));

test("an admin adds a client logo and a facilitator with a course; the home, About and course pages show them", async ({
  page,
}) => {
  const base = own.base;
  // nothing is seeded: no strip, no section until the office adds them
  await page.goto(`${base}/`);
  await expect(page.getByRole("heading", { name: "Our Clients", exact: true })).toHaveCount(0);
  await page.goto(`${base}/about`);
  await expect(page.getByRole("heading", { name: "Our Facilitators", exact: true })).toHaveCount(0);

  await loginAsAdmin(page, OWNER, base);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Clients" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
  await page.getByRole("link", { name: "Add Client Logo" }).click();
  const logoForm = page.getByRole("form", { name: "Add Client Logo" });
  await logoForm.getByLabel("Organisation name").fill(CLIENT);
  await logoForm.getByLabel("Logo").setInputFiles(await picture("lbda.png", "#1d6f42", 600, 240));
  await logoForm.getByLabel("Website").fill("javascript:alert(1)");
  await logoForm.getByLabel("Alt text").fill(`${CLIENT} logo`);
  await logoForm.getByRole("button", { name: "Add Client Logo" }).click();
  // the website is refused with its own message, the rest kept
  await expect(page.getByRole("alert").filter({ hasText: "Website must be a full address" })).toBeVisible();
  await expect(logoForm.getByLabel("Organisation name")).toHaveValue(CLIENT);
  await logoForm.getByLabel("Website").fill("https://www.lbda.co.ke");
  await logoForm.getByLabel("Logo").setInputFiles(await picture("lbda.png", "#1d6f42", 600, 240));
  await logoForm.getByRole("button", { name: "Add Client Logo" }).click();
  await expect(page.getByText("Client logo added successfully")).toBeVisible();
  await expect(page.getByTestId("client-logo-card").filter({ hasText: `${CLIENT} logo` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Facilitators" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Facilitators" })).toBeVisible();
  await page.getByRole("link", { name: "Add Facilitator" }).click();
  const facilitatorForm = page.getByRole("form", { name: "Add Facilitator" });
  await facilitatorForm.getByLabel("Name").fill(FACILITATOR);
  await facilitatorForm.getByLabel("Title").fill("Lead Facilitator, Strategy");
  await facilitatorForm
    .getByLabel("Short bio")
    .fill("Strategy consultant who has guided county and corporate planning teams across East Africa.");
  await facilitatorForm.getByLabel("Photo").setInputFiles(await picture("wanjiru.png", "#c08457", 400, 400));
  await facilitatorForm.getByLabel(COURSE.title, { exact: true }).check();
  await expectNoSeriousA11yViolations(page);
  await facilitatorForm.getByRole("button", { name: "Add Facilitator" }).click();
  await expect(page.getByText("Facilitator added successfully")).toBeVisible();
  await expect(page.getByTestId("facilitator-card").filter({ hasText: COURSE.title })).toContainText(
    "Lead Facilitator, Strategy",
  );

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    const phone = viewport.width === 390;

    await page.goto(`${base}/`);
    const strip = page.locator("#clients");
    await expect(strip.getByRole("heading", { name: "Our Clients", exact: true })).toBeVisible();
    const logo = strip.getByRole("img", { name: `${CLIENT} logo` });
    await expect(logo).toHaveAttribute("loading", "lazy");
    await expect(strip.getByRole("link", { name: `${CLIENT} logo` })).toHaveAttribute(
      "href",
      "https://www.lbda.co.ke",
    );
    expect(await sectionOrder(page)).toEqual(["about", "services", "courses", "testimonials", "contact"]);
    if (phone) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThanOrEqual(6 * 844);
    }
    await expectNoSeriousA11yViolations(page);
    await strip.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`public-home-clients-${viewport.width}.png`) });

    await page.goto(`${base}/about`);
    const section = page.locator("#facilitators");
    await expect(section.getByRole("heading", { name: "Our Facilitators", exact: true })).toBeVisible();
    await expect(section.getByRole("heading", { name: FACILITATOR })).toBeVisible();
    await expect(section.getByRole("img", { name: `Photo of ${FACILITATOR}` })).toBeVisible();
    await expect(section.getByRole("link", { name: COURSE.title })).toHaveAttribute(
      "href",
      `/courses/${COURSE.slug}`,
    );
    await expect(page.locator("#clients").getByRole("img", { name: `${CLIENT} logo` })).toBeAttached();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`public-about-${viewport.width}.png`),
      fullPage: true,
    });

    await section.getByRole("link", { name: COURSE.title }).click();
    await expect(page.getByRole("heading", { level: 1, name: COURSE.title })).toBeVisible();
    const onCourse = page.locator("#facilitators");
    await expect(onCourse.getByRole("heading", { name: FACILITATOR })).toBeVisible();
    await expect(onCourse).toContainText("Strategy consultant who has guided");
    // after the certificate (the fee's terms), before the dates
    const headings = await page.locator("main h2").allTextContents();
    const at = (name: string) => headings.indexOf(name);
    expect(at("What the Fee Covers")).toBeGreaterThan(-1);
    expect(at("Facilitators")).toBeGreaterThan(at("What the Fee Covers"));
    expect(at("Dates and Venues")).toBeGreaterThan(at("Facilitators"));
    await expectNoSeriousA11yViolations(page);
    await onCourse.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: test.info().outputPath(`public-course-facilitators-${viewport.width}.png`),
    });
  }
});
