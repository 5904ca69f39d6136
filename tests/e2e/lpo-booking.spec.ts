import { expect } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { addCourseDate, bookOnline, inDays } from "./course-dates";
import { classifyCourse, setUpEtimsDevice, taxInvoiceRowShows } from "./etims-steps";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// Issue 47 #2, decisions 0755 and 0758: a county books with an LPO number; confirming it sends its eTIMS tax
// invoice to KRA's stand-in before any payment (the firm sends others on full payment), and the office keeps the
// LPO document with the booking.
test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const own = serverOfItsOwn();

test("an LPO booking gets its tax invoice on confirmation, and its LPO is kept with it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const base = own.server.url;
  await loginAsAdmin(page, OWNER, base);
  await setUpEtimsDevice(page);
  await classifyCourse(page);

  const runPath = await addCourseDate(page, base, { start: inDays(40), venue: `Nakuru ${stamp}` });
  const lpoNumber = `LPO/NKR/${stamp}`;
  const reference = await bookOnline(browser, base, runPath.split("/runs/")[1] as string, {
    contact: `procurement.${stamp}@county.example`,
    people: ["Kiprop Ruto"],
    lpoNumber,
  });
  await page.reload();
  await page.getByRole("button", { name: "Confirm Kiprop Ruto" }).click();
  await expect(page.getByText("Kiprop Ruto is confirmed.")).toBeVisible();

  // nothing paid, yet the sale goes to KRA
  await page.getByRole("link", { name: "Finance" }).first().click();
  await page.getByRole("link", { name: "Tax invoices" }).click();
  const row = await taxInvoiceRowShows(page, reference, "Sent");
  const invoiceNo = Number(/Tax invoice (\d+)/.exec((await row.textContent()) ?? "")?.[1]);
  expect(own.kra.sales.get(invoiceNo)?.rcptTyCd).toBe("S");

  // the booking's page: its LPO uploaded, then opened
  await row.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  const panel = page.getByRole("region", { name: "Local purchase order" });
  await expect(panel).toContainText(`LPO ${lpoNumber}`);
  await panel.getByLabel("The LPO document").setInputFiles({
    name: `lpo-${stamp}.pdf`,
    mimeType: "application/pdf",
    buffer: Buffer.from(`%PDF-1.4\n% LPO ${lpoNumber}\n%%EOF\n`),
  });
  await panel.getByRole("button", { name: "Upload LPO" }).click();
  await expect(page.getByText("LPO uploaded: it is kept with the booking.")).toBeVisible();
  const link = panel.getByRole("link", { name: `lpo-${stamp}.pdf` });
  const file = await page.request.get(`${base}${await link.getAttribute("href")}`);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(await file.text()).toContain(lpoNumber);

  // a page that is not a document is refused, said on the booking's page
  await panel.getByLabel("Replace the LPO").setInputFiles({
    name: "lpo.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><body>not an order</body></html>"),
  });
  await panel.getByRole("button", { name: "Upload LPO" }).click();
  await expect(page.getByText("The LPO must be a PDF, a JPG or a PNG")).toBeVisible();
  await expect(panel.getByRole("link", { name: `lpo-${stamp}.pdf` })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
});
