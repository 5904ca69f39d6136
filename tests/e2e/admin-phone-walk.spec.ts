import { expect, type Page, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { COURSES, registerForCourse, uniqueTag } from "../helpers/public-submissions";
import { expectScreensFit } from "../helpers/screen-fit";

test.describe.configure({ timeout: 180_000 });

// a line for a booking nobody has, one for an account name, one paid out (refused)
const mpesaStatement = (tag: string) => {
  const day = new Date().toISOString().slice(0, 10);
  const row = (code: string, paidIn: string, withdrawn: string, account: string) =>
    `${code},${day} 09:30:00,${day} 09:30:00,Pay Bill,Completed,${paidIn},${withdrawn},0,true,Pay Bill Online,254700000000 - WANJIKU NYAMBURA KAMAU,,${account}`;
  const code = tag.slice(-6).toUpperCase();
  return [
    "Account Holder:,Mafunzo Training and Consultancy Ltd",
    "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.",
    row(`TWA${code}1`, "95000.00", "", "MF-2026-NOSUCHBOOKING"),
    row(`TWA${code}2`, "190000.00", "", "KENYA PORTS AUTHORITY TRAINING DEPARTMENT MOMBASA"),
    row(`TWA${code}3`, "", "1500.00", "REVERSAL"),
  ].join("\n");
};
// a bank statement is first shown as its columns, to say which holds what
const BANK_STATEMENT = [
  "Transaction Date,Value Date,Narrative,Customer Reference,Debit Amount,Credit Amount,Running Balance",
  "2026-11-02,2026-11-02,RTGS KENYA PORTS AUTHORITY TRAINING,KPA-PO-4471,,190000.00,1190000.00",
].join("\n");

/** Uploads a statement; returns the address of its preview. */
async function uploadStatement(page: Page, kind: "mpesa" | "bank", name: string, csv: string) {
  await page.goto("/admin/finance/imports");
  await page.getByLabel("Kind of statement").selectOption(kind);
  await page
    .getByLabel("Statement file")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page).toHaveURL(/\/admin\/finance\/imports\/[\w-]+$/);
  return new URL(page.url()).pathname;
}

/** Every admin screen, the detail screens with a real record of each kind. */
async function adminScreens(page: Page) {
  const tag = uniqueTag();
  await registerForCourse(page, {
    name: `Walker ${tag}`,
    email: `walker.${tag}@example.com`,
    course: COURSES.project,
  });
  await loginAsAdmin(page);
  await page.goto(`/admin/registrations?q=${tag}`);
  const registration = await page
    .getByRole("link", { name: `Walker ${tag}`, exact: true })
    .first()
    .getAttribute("href");
  await page.goto("/admin/courses");
  // a seeded course, which has runs: the first in the list may be one another spec has just made without any
  const course = await page
    .getByRole("link", { name: `Edit ${COURSES.strategic}`, exact: true })
    .getAttribute("href");
  await page.goto(course ?? "/admin/courses");
  const run = await page
    .getByRole("link", { name: /^Participants/ })
    .first()
    .getAttribute("href");
  // the statement previews, named as the portals name their exports
  const mpesa = await uploadStatement(
    page,
    "mpesa",
    `ORG_880142_MPESA_Statement_${tag}.csv`,
    mpesaStatement(tag),
  );
  await expect(page.getByTestId("import-line")).toHaveCount(3);
  const bank = await uploadStatement(
    page,
    "bank",
    `KCB_Account_1234567890_Statement_${tag}.csv`,
    BANK_STATEMENT,
  );
  await expect(page.getByRole("heading", { name: "Which column holds what?" })).toBeVisible();
  return [
    "/admin/dashboard",
    "/admin/registrations",
    "/admin/registrations?view=cards",
    "/admin/registrations/deleted",
    registration,
    "/admin/contacts",
    "/admin/contacts/deleted",
    "/admin/courses",
    "/admin/courses/new",
    course,
    run ? new URL(run, page.url()).pathname : null,
    ...(run
      ? ["instructions", "attendance", "certificates", "feedback", "nita"].map(
          (child) => `${new URL(run, page.url()).pathname}/${child}`,
        )
      : []),
    "/admin/finance",
    "/admin/finance/payments",
    "/admin/finance/payments?view=unmatched",
    "/admin/finance/imports",
    "/admin/engagements",
    mpesa,
    bank,
    "/admin/testimonials",
    "/admin/clients",
    "/admin/clients?form=new",
    "/admin/facilitators",
    "/admin/facilitators?form=new",
    "/admin/trainers",
    "/admin/venues",
    "/admin/documents",
    "/admin/images",
    "/admin/content",
    "/admin/gallery",
    "/admin/audit-logs",
    "/admin/settings",
    "/admin/account",
    "/admin/security",
    "/admin/administrators",
    "/admin/registrations/00000000-0000-4000-8000-000000000000",
  ];
}

// the public /verify and /feedback pages are walked the same way in delivery.spec.ts, where a certificate and a
// feedback link are made
test("every admin screen fits a 390 px phone (no sideways scrolling, 44 px tap targets) and a 1440 px desktop", async ({
  page,
}) => {
  const screens = (await adminScreens(page)).filter((path): path is string => Boolean(path));
  expect(screens.length).toBeGreaterThanOrEqual(35);
  await expectScreensFit(page, screens);
  // on a phone the registrations list is cards by default: the table's header row is not shown
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/registrations");
  await expect(page.getByRole("table", { name: "Course registrations" }).locator("thead")).toBeHidden();
  // and the filters fold behind a switch, so the first screen shows registrations
  await expect(page.getByRole("search", { name: "Filter" })).toBeHidden();
  await page.getByText("Filters", { exact: true }).click();
  await expect(page.getByRole("search", { name: "Filter" })).toBeVisible();
  await page.goto("/admin/registrations?status=new");
  await expect(page.getByText("Filters (1 set)")).toBeVisible();
  await expect(page.getByRole("search", { name: "Filter" })).toBeVisible();
});
