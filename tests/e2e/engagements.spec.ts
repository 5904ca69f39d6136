import { expect } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";
import { asNewVisitor, waitLikeAPerson } from "./forms-helpers";
import { OWNER, type OwnServer, test } from "./own-server";
import { saveSetting } from "./settings-steps";

// A server of its own with a real SMTP server: the quote link and the milestone's invoice only exist in e-mails,
// and the invoice takes a number from the shared sequence other specs count.
let server: OwnServer["server"];
let smtp: OwnServer["smtp"];
const ADMIN = OWNER;
const PHONE = { viewport: { width: 390, height: 844 } };

test.beforeAll(async ({ ownServer }) => {
  ({ server, smtp } = ownServer);
});

test("a consultancy quote accepted on a phone opens an engagement; a milestone reached is invoiced, listed and e-mailed", async ({
  page,
  browser,
}) => {
  // a long walk on a shared machine: two browsers, two e-mails, a PDF rendered
  test.setTimeout(480_000);
  const base = server.url;
  const tag = Date.now().toString(36);
  const organisation = `Tana ${tag} Water Works`;
  const email = `md.${tag}@tana.example`;

  // the client asks on a phone
  const phone = await browser.newContext(PHONE);
  const asker = await phone.newPage();
  await asNewVisitor(asker);
  await asker.goto(`${base}/in-house-training`);
  const request = asker.getByRole("form", { name: "In-house training request" });
  await request.getByLabel("Organisation").fill(organisation);
  await request.getByLabel("Topic or needs").fill("A review of our water governance");
  await request.getByLabel("Number of participants").fill("1");
  await request.getByLabel("County or venue").fill("Garissa");
  await request.getByLabel("Full Name").fill("Abdi Hassan");
  await request.getByLabel("Email Address").fill(email);
  await request.getByLabel("Phone Number").fill("0722 555 666");
  await waitLikeAPerson(asker);
  await request.getByRole("button", { name: "Send Request" }).click();
  await expect(request.getByRole("status")).toContainText("Request received");
  await phone.close();

  await loginAsAdmin(page, ADMIN, base);
  // the office qualifies the enquiry and sends a consultancy quote
  await page.getByRole("link", { name: "Enquiries" }).first().click();
  await page.getByRole("link", { name: organisation }).click();
  await page.waitForURL(/\/admin\/enquiries\/[\w-]+$/);
  const enquiryUrl = page.url();
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Status").selectOption("qualified");
  await expect(page.getByLabel("Status")).toHaveValue("qualified");
  await page.getByRole("button", { name: "Save follow-up" }).click();
  await expect(page.getByText("The enquiry was saved.")).toBeVisible();
  await page.getByRole("link", { name: "Send a quote" }).click();
  await page.getByLabel("What the quote sells").selectOption("consultancy");
  await page.getByLabel("Line 1: charge").selectOption("consultancy_days");
  await page.getByLabel("Line 1: description").fill("Water governance review");
  await page.getByLabel("Line 1: quantity").fill("5");
  await page.getByLabel("Line 1: unit price (KES)").fill("80,000");
  await page.getByRole("button", { name: "Send quote" }).click();
  await expect(page.getByText(`Quote version 1 was sent to ${email}.`)).toBeVisible();

  // the client accepts through the e-mailed link on a phone
  await smtp.waitFor(
    (messages) => messages.some((m) => m.to.includes(email) && /quote/i.test(m.subject)),
    30_000,
  );
  const mail = smtp.messages.find((m) => m.to.includes(email) && /quote/i.test(m.subject));
  const link = /http\S+\/quote\/[\w-]+\/[\w-]+/.exec(mail?.text ?? "")?.[0] as string;
  const clientContext = await browser.newContext(PHONE);
  const client = await clientContext.newPage();
  await client.goto(`${base}${new URL(link).pathname}`);
  await expect(client.getByText(/^Consultancy for/)).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await client.getByLabel("Your name").fill("Abdi Hassan");
  await client.getByLabel("Your position").fill("Managing Director");
  await client.getByRole("button", { name: "Accept quote" }).click();
  await expect(client.getByRole("status")).toContainText("We will be in touch to agree the milestones");
  await clientContext.close();

  // the firm's KRA PIN completes the finance profile, so invoices can be issued
  await saveSetting(page, "finance_kra_pin", "P051111111Q", base);

  // the enquiry leads to its engagement, for the quote's total (5 × 80,000 + VAT as the firm charges it)
  await page.goto(enquiryUrl);
  await page.getByRole("region", { name: "Engagement" }).getByRole("link").first().click();
  // the enquiry's heading names the organisation too: wait for the engagement's own address
  await page.waitForURL(/\/admin\/engagements\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(organisation);
  const engagementUrl = page.url();
  const total = await page.getByText("Engagement total").locator("..").locator("dd").innerText();
  const totalShillings = Number(total.replace(/[^\d.]/g, ""));
  const half = (totalShillings / 2).toFixed(2);

  // milestones that do not add up are refused, then a plan that does is saved
  await page.getByLabel("Milestone 1: title").fill("Inception report");
  await page.getByLabel("Milestone 1: due date").fill("2030-01-15");
  await page.getByLabel("Milestone 1: amount (KES)").fill("1,000");
  await page.getByRole("button", { name: "Save milestones" }).click();
  await expect(
    page.getByText(/The milestones come to KES 1,000\.00; the engagement's total is/),
  ).toBeVisible();
  await page.getByLabel("Milestone 1: amount (KES)").fill(half);
  await page.getByLabel("Milestone 2: title").fill("Final report");
  await page.getByLabel("Milestone 2: due date").fill("2030-03-15");
  await page.getByLabel("Milestone 2: amount (KES)").fill(half);
  await page.getByRole("button", { name: "Save milestones" }).click();
  await expect(page.getByText(/2 milestones were saved/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectScreensFit(page, [engagementUrl, `${base}/admin/engagements`]);

  // the first is reached: one invoice, listed on the page and e-mailed to the contact with its PDF
  await page.goto(engagementUrl);
  const first = page.getByTestId("milestone").first();
  await first.getByRole("button", { name: "Mark reached and invoice" }).click();
  await expect(
    page.getByText(/Inception report was marked reached\. Invoice PRO-\d{4}-\d{4} was issued/),
  ).toBeVisible();
  const invoice = page.getByTestId("milestone").first().getByTestId("booking-documents").getByRole("link");
  await expect(invoice).toHaveCount(1);
  const number = await invoice.innerText();
  await expect(
    page.getByTestId("milestone").first().getByRole("button", { name: "Mark reached and invoice" }),
  ).toHaveCount(0);
  await smtp.waitFor(
    (messages) => messages.some((m) => m.to.includes(email) && m.subject.includes(number)),
    30_000,
  );
  const sent = smtp.messages.find((m) => m.to.includes(email) && m.subject.includes(number));
  expect(sent?.raw).toMatch(new RegExp(`filename="?${number}\\.pdf`));

  // the list shows what is invoiced of it
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Engagements" }).click();
  await expect(page.getByTestId("engagement-row").filter({ hasText: organisation })).toContainText(
    "invoiced",
  );
});
