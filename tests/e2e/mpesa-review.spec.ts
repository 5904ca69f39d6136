import crypto from "node:crypto";
import { expect } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { OWNER, type OwnServer, test } from "./own-server";
import { setCallbackSecret } from "./settings-steps";

// M-PESA confirmations as Safaricom sends them today, and what the finance officer does with the odd ones.
test.describe.configure({ mode: "serial" });

let server: OwnServer["server"];
const ADMIN = OWNER;
const SECRET = "e2e-review-secret-0123456789abcd";
const stamp = Date.now().toString(36).toUpperCase();

test.beforeAll(async ({ ownServer }) => {
  ({ server } = ownServer);
});

/** A C2B confirmation shaped as Daraja posts it since July 2024: the payer's number as its SHA-256. */
function confirmation(fields: Record<string, string>) {
  return fetch(`${server.url}/api/mpesa/${SECRET}/confirmation`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      TransactionType: "Pay Bill",
      TransID: "",
      TransTime: new Date(Date.now() + 3 * 3_600_000).toISOString().replace(/\D/g, "").slice(0, 14),
      TransAmount: "2500.00",
      BusinessShortCode: "880142",
      BillRefNumber: "",
      InvoiceNumber: "",
      OrgAccountBalance: "",
      ThirdPartyTransID: "",
      MSISDN: crypto.createHash("sha256").update("254711222333").digest("hex"),
      FirstName: "Wanjiru",
      MiddleName: "",
      LastName: "",
      ...fields,
    }),
  });
}

test("a payment with a mistyped account is offered to the booking whose phone paid it", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page, ADMIN, server.url);
  await setCallbackSecret(page, server.url, SECRET);

  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error("no browser");
  await asNewVisitor(visitor);
  await visitor.goto(`${server.url}/register?course=${COURSE.slug}`);
  const form = visitor.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill("Wanjiru Kamau");
  await form.getByLabel("Email Address").fill(`wanjiru.${stamp.toLowerCase()}@example.com`);
  await form.getByLabel("Phone Number").fill("0711 222 333");
  await waitLikeAPerson(visitor);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  const done = visitor.getByTestId("booking-confirmation");
  await expect(done).toContainText("Registration Successful!");
  const reference = /MF-[A-Z0-9]{8}/.exec((await done.textContent()) ?? "")?.[0] as string;

  const code = `TP${stamp}`.slice(0, 10).padEnd(10, "Q");
  const answer = await confirmation({ TransID: code, BillRefNumber: "WANJIRU" });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });

  await page.goto(`${server.url}/admin/finance`);
  await page
    .getByRole("link", { name: /payments/i })
    .first()
    .click();
  await page.getByRole("link", { name: "Waiting to be assigned" }).click();
  const row = page.getByTestId("payment-row").filter({ hasText: code });
  await expect(row).toContainText("KES 2,500.00");
  await expect(row).toContainText("Wanjiru");
  await expect(row).not.toContainText(/[0-9a-f]{64}/);
  await row.getByRole("button", { name: new RegExp(`Assign to ${reference}.*phone matches`) }).click();
  await expect(page.getByText(`now pays ${reference}`)).toBeVisible();
});

test("a confirmation dated year 0000 waits for review, out of the totals, until it is recorded", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const code = `TZ${stamp}`.slice(0, 10).padEnd(10, "Z");
  const forged = `TF${stamp}`.slice(0, 10).padEnd(10, "F");
  expect(
    (await confirmation({ TransID: code, TransTime: "00000101000000", BillRefNumber: "MF-\u0000X" })).status,
  ).toBe(200);
  expect(
    (await confirmation({ TransID: forged, TransTime: "29991201000000", TransAmount: "9000000000" })).status,
  ).toBe(200);

  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/admin/finance`);
  await expect(page.getByText("December 2999")).toHaveCount(0);
  await page
    .getByRole("link", { name: /payments/i })
    .first()
    .click();
  const held = page.getByTestId("payment-review").filter({ hasText: code });
  await expect(held).toContainText("TransTime “00000101000000” is not a real date");
  await expect(held).toContainText("Control characters in BillRefNumber");
  await expect(page.getByTestId("payment-row").filter({ hasText: code })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expectScreensFit(page, [page.url()]);

  await held.getByLabel("Date received").fill(new Date().toISOString().slice(0, 10));
  await held.getByRole("button", { name: "Record in the ledger" }).click();
  await expect(page.getByText(`${code}: KES 2,500.00 recorded.`)).toBeVisible();
  await expect(page.getByTestId("payment-row").filter({ hasText: code })).toContainText("KES 2,500.00");
  await expect(page.getByTestId("payment-review").filter({ hasText: code })).toHaveCount(0);

  const fake = page.getByTestId("payment-review").filter({ hasText: forged });
  await fake.getByText("Not the firm's money…").click();
  await fake.getByLabel("Reason").fill("Not in the M-PESA portal");
  await fake.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText(`${forged} was dismissed.`)).toBeVisible();
  await expect(page.getByTestId("payment-review")).toHaveCount(0);
  await expect(page.getByTestId("payment-row").filter({ hasText: forged })).toHaveCount(0);
});
