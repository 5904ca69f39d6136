import { expect } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { OWNER, type OwnServer, test } from "./own-server";

// A server of its own with a real SMTP server: the client's quote link only exists in the e-mail.
let server: OwnServer["server"];
let smtp: OwnServer["smtp"];
const ADMIN = OWNER;
const PHONE = { viewport: { width: 390, height: 844 } };

test.beforeAll(async ({ ownServer }) => {
  ({ server, smtp } = ownServer);
});

test("an in-house request on a phone is qualified, quoted by the office, and accepted by the client through the e-mailed link on a phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const base = server.url;
  const tag = Date.now().toString(36);
  const organisation = `Nyeri ${tag} County Government`;
  const email = `hr.${tag}@nyeri.example`;

  // the HR officer asks on a phone
  const phone = await browser.newContext(PHONE);
  const officer = await phone.newPage();
  await asNewVisitor(officer);
  await officer.goto(`${base}/in-house-training?course=${COURSE.slug}`);
  const form = officer.getByRole("form", { name: "In-house training request" });
  await form.getByLabel("Organisation").fill(organisation);
  await form.getByLabel("Number of participants").fill("20");
  await form.getByLabel("County or venue").fill("Nyeri");
  await form.getByLabel("Full Name").fill("Wanjiru Maina");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("0722 333 444");
  await waitLikeAPerson(officer);
  await form.getByRole("button", { name: "Send Request" }).click();
  await expect(form.getByRole("status")).toContainText("Request received");
  await phone.close();

  // the office qualifies it and sends a quote, by clicking
  await loginAsAdmin(page, ADMIN, base);
  await page.getByRole("link", { name: "Enquiries" }).first().click();
  await page.getByRole("link", { name: organisation }).click();
  const enquiryUrl = page.url();
  await page.getByLabel("Status").selectOption("qualified");
  await page.getByRole("button", { name: "Save follow-up" }).click();
  await expect(page.getByText("The enquiry was saved.")).toBeVisible();
  await page.getByRole("link", { name: "Send a quote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Quote for ${organisation}` })).toBeVisible();
  await expect(page.getByLabel("Number of participants")).toHaveValue("20");
  await expectNoSeriousA11yViolations(page);
  const quoteForm = page.url();
  await expectScreensFit(page, [quoteForm, enquiryUrl]);
  await page.goto(quoteForm);
  // what the quote schedules: the requested course, on a day two months ahead, at a venue no public date has
  await expect(page.getByLabel("Course", { exact: true })).toHaveValue(/.+/);
  const startDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const venue = `Outspan ${tag}, Nyeri`;
  await page.getByLabel("Start date").fill(startDate);
  await page.getByLabel("Venue or county").fill(venue);
  await page.getByLabel("Line 1: description").fill("Training, 3 days");
  await page.getByLabel("Line 1: quantity").fill("3");
  await page.getByLabel("Line 1: unit price (KES)").fill("120,000");
  await page.getByLabel("Line 4: description").fill("Facilitators' travel to Nyeri");
  await page.getByLabel("Line 4: quantity").fill("1");
  await page.getByLabel("Line 4: unit price (KES)").fill("x");
  await page.getByRole("button", { name: "Send quote" }).click();
  await expect(
    page.getByText("Enter each line's unit price in Kenya shillings (for example 45,000 or 45,000.50)."),
  ).toBeVisible();
  await page.getByLabel("Line 4: unit price (KES)").fill("15,000");
  await page.getByRole("button", { name: "Send quote" }).click();
  await expect(page.getByText(`Quote version 1 was sent to ${email}.`)).toBeVisible();
  await expect(page.getByText("Quoted", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Awaiting answer")).toBeVisible();

  // the client opens the e-mailed link on a phone and accepts
  await smtp.waitFor(
    (messages) => messages.some((m) => m.to.includes(email) && /quote/i.test(m.subject)),
    30_000,
  );
  const mail = smtp.messages.find((m) => m.to.includes(email) && /quote/i.test(m.subject));
  const link = /http\S+\/quote\/[\w-]+\/[\w-]+/.exec(mail?.text ?? "")?.[0] as string;
  expect(link).toBeTruthy();
  const path = new URL(link).pathname;
  const clientContext = await browser.newContext(PHONE);
  const client = await clientContext.newPage();
  await client.goto(`${base}${path}`);
  await expect(client.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();
  // 3 × 120,000 + 15,000 = 375,000, with the invoices' VAT
  await expect(client.getByText("KES 375,000.00")).toBeVisible();
  await expect(client.getByText(venue)).toBeVisible();
  await expectNoSeriousA11yViolations(client);
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await client.getByLabel("Your name").fill("Wanjiru Maina");
  await client.getByLabel("Your position").fill("HR Manager");
  await client.getByLabel("LPO number (optional)").fill("LPO/2026/118");
  await client.getByRole("button", { name: "Accept quote" }).click();
  await expect(client.getByRole("status")).toContainText("you accepted this quote");
  const reference = /MF-[2-9A-HJKMNP-Z]{8}/.exec((await client.getByRole("status").textContent()) ?? "")?.[0];
  expect(reference).toBeTruthy();
  await client.reload();
  await expect(client.getByRole("status")).toContainText("This quote was already accepted");
  await expect(client.getByRole("button", { name: "Accept quote" })).toHaveCount(0);
  await clientContext.close();

  // the office sees it won
  await page.reload();
  await expect(page.getByText("Won", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Accepted by Wanjiru Maina")).toBeVisible();
  await expect(page.getByRole("link", { name: "Send a new version" })).toHaveCount(0);

  // the acceptance booked the organisation's private run: its booking, seats to name, and its proforma
  await page.getByRole("link", { name: `Booking ${reference} on the private course date` }).click();
  await expect(page.getByText("Participant 1 (to be named)", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Participant 20 (to be named)", { exact: true }).first()).toBeVisible();
  // the proforma is the quote: its total as the client read it
  await expect(page.getByTestId("booking-documents")).toContainText("Proforma invoice version 1");
  await expect(page.getByTestId("booking-documents")).toContainText("KES 375,000.00");
  await expect(page.getByText("LPO/2026/118", { exact: true })).toBeVisible();
  await page.goto(`${base}/admin/courses`);
  await page.getByRole("link", { name: COURSE.title }).first().click();
  const privateDate = page.getByTestId("course-run").filter({ hasText: `Private — ${organisation}` });
  await expect(privateDate).toHaveCount(1);
  await expect(privateDate).toContainText(venue);
  await privateDate.getByRole("link", { name: /Participants/ }).click();
  await page.waitForURL(/\/runs\/[\w-]+$/);
  await expect(page.getByText(`Private — ${organisation}`)).toBeVisible();
  const runId = /\/runs\/([\w-]+)/.exec(page.url())?.[1] as string;
  expect(runId).toBeTruthy();

  // and it is on no public page, feed or sitemap
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await asNewVisitor(publicPage);
  for (const path of [`/courses/${COURSE.slug}`, "/courses/calendar", "/register", "/"]) {
    await publicPage.goto(`${base}${path}`);
    const html = await publicPage.content();
    expect(html, path).not.toContain(venue);
    expect(html, path).not.toContain(runId);
  }
  for (const path of ["/courses/calendar.ics", "/sitemap.xml"]) {
    const body = await (await publicPage.request.get(`${base}${path}`)).text();
    expect(body, path).not.toContain(venue);
    expect(body, path).not.toContain(runId);
  }
  expect((await publicPage.request.get(`${base}/courses/${COURSE.slug}/runs/${runId}.ics`)).status()).toBe(
    404,
  );
  await visitor.close();
});
