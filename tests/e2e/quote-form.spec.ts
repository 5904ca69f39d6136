import { expect, type Page } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { extractPdfText } from "../helpers/pdf-text";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { OWNER, type OwnServer, test } from "./own-server";

// Issue 45 #11: the office sees the quote's total as it types and the PDF before sending, from a new enquiry,
// and the client reads the quote's table on a phone. On the worker's server, for its mail; each test's
// enquiry has an organisation and an e-mail of its own.
let server: OwnServer["server"];
let smtp: OwnServer["smtp"];
const ADMIN = OWNER;

test.beforeAll(async ({ ownServer }) => {
  ({ server, smtp } = ownServer);
});

async function requestInHouse(page: Page, organisation: string, email: string) {
  await asNewVisitor(page);
  await page.goto(`${server.url}/in-house-training?course=${COURSE.slug}`);
  const form = page.getByRole("form", { name: "In-house training request" });
  await form.getByLabel("Organisation").fill(organisation);
  await form.getByLabel("Number of participants").fill("25");
  await form.getByLabel("County or venue").fill("Machakos");
  await form.getByLabel("Full Name").fill("Mwende Musyoka");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("0722 555 666");
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Send Request" }).click();
  await expect(form.getByRole("status")).toContainText("Request received");
}

for (const width of [1280, 390]) {
  test(`at ${width} px: a new enquiry is quoted with a running total and a PDF preview, and the client reads it`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const tag = `${width}-${Date.now().toString(36)}`;
    const organisation = `Machakos ${tag} Water`;
    const email = `hr.${tag}@machakos.example`;
    await requestInHouse(page, organisation, email);

    await page.setViewportSize({ width, height: 900 });
    await loginAsAdmin(page, ADMIN, server.url);
    if (width === 390) await page.getByText("Menu", { exact: true }).click();
    await page.getByRole("link", { name: "Enquiries", exact: true }).locator("visible=true").first().click();
    await page.getByRole("link", { name: organisation }).click();
    // a new enquiry: no need to qualify it first
    await page.getByRole("link", { name: "Send a quote" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Quote for ${organisation}` })).toBeVisible();
    await expect(page.getByText("including VAT at 16%, as on invoices")).toBeVisible();
    await expect(page.getByText("VAT added as on invoices")).toHaveCount(0);
    const start = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("Start date").fill(start);
    await page.getByLabel("Venue or county").fill("Machakos");

    const total = page.getByTestId("quote-total");
    await page.getByLabel("Line 1: description").fill("Training, 3 days");
    await page.getByLabel("Line 1: quantity").fill("3");
    await page.getByLabel("Line 1: unit price (KES)").fill("116,000");
    await expect(total).toHaveText("KES 348,000.00");
    // the price includes VAT: 348,000 is 300,000 net and 48,000 VAT
    await expect(page.getByTestId("quote-running-total")).toContainText("KES 300,000.00");
    await expect(page.getByTestId("quote-running-total")).toContainText("KES 48,000.00");
    // more lines than the form opened with
    await page.getByRole("button", { name: "Add a line" }).click();
    await page.getByLabel("Line 5: description").fill("Per diem, facilitators");
    await page.getByLabel("Line 5: quantity").fill("6");
    await page.getByLabel("Line 5: unit price (KES)").fill("7,000");
    await expect(total).toHaveText("KES 390,000.00");
    await expectNoSeriousA11yViolations(page);
    await page
      .getByTestId("quote-running-total")
      .screenshot({ path: `test-results/quote-total-${width}.png` });

    // the PDF as the client would get it, before anything is sent
    // the PDF opens in a tab of its own, which a headless browser saves rather than shows: read it on its way
    let preview: { status: number; type: string; body: Buffer } | null = null;
    await page.context().route("**/quote/preview.pdf", async (route) => {
      const response = await route.fetch();
      preview = {
        status: response.status(),
        type: response.headers()["content-type"] ?? "",
        body: await response.body(),
      };
      await route.fulfill({ response });
    });
    await page.getByRole("button", { name: "Preview PDF" }).click();
    await expect.poll(() => preview?.status ?? 0, { timeout: 20_000 }).toBe(200);
    const shown = preview as unknown as { type: string; body: Buffer };
    expect(shown.type).toBe("application/pdf");
    const text = extractPdfText(shown.body);
    expect(text).toContain("preview, not sent");
    expect(text).toContain("390,000.00");
    expect(text).toContain("Per diem, facilitators");
    expect(smtp.messages.filter((m) => m.to.includes(email) && /quote/i.test(m.subject))).toHaveLength(0);

    await page.getByRole("button", { name: "Send quote" }).click();
    await expect(page.getByText(`Quote version 1 was sent to ${email}.`)).toBeVisible();

    // the client reads the lines on a phone: the item column is not squeezed to a letter a line
    await smtp.waitFor((m) => m.some((x) => x.to.includes(email) && /quote/i.test(x.subject)), 30_000);
    const mail = smtp.messages.find((m) => m.to.includes(email) && /quote/i.test(m.subject));
    const link = /http\S+\/quote\/[\w-]+\/[\w-]+/.exec(mail?.text ?? "")?.[0] as string;
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const client = await phone.newPage();
    await client.goto(`${server.url}${new URL(link).pathname}`);
    await expect(client.getByText("KES 390,000.00").first()).toBeVisible();
    const item = client.getByTestId("quote-item").filter({ hasText: "Per diem, facilitators" });
    expect((await item.boundingBox())?.width ?? 0).toBeGreaterThan(110);
    await expect(item).toContainText("6 × KES 7,000.00");
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await client.screenshot({ path: `test-results/quote-page-390-from-${width}.png`, fullPage: true });
    await phone.close();
  });
}
