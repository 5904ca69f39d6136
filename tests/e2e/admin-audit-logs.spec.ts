import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { originOf } from "../helpers/audit";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { holdRequests } from "../helpers/held-requests";

test("audit logs: filters in the URL, Recent Activity count, View Changes, empty and loading states", async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto("/admin/audit-logs");
  await expect(page.getByRole("heading", { level: 1, name: "Audit Logs" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Recent Activity \(\d+ records\)$/ })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText([
    "Timestamp",
    "Action",
    "Table",
    "Record ID",
    "Changes",
  ]);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Action type").selectOption("login");
  await expect(page).toHaveURL(/action=login/);
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toContainText("Admin login");
  for (const text of await rows.getByRole("cell").nth(1).allTextContents())
    expect(text.toLowerCase()).toContain("login");

  await page.getByLabel("Action type").selectOption("all");
  await page.getByLabel("Table").selectOption("users");
  await expect(page).toHaveURL(/table=users/);
  for (const text of await rows.locator("td:nth-child(3)").allTextContents()) expect(text).toBe("users");

  await page.getByLabel("Search").fill("ADMIN LOG");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=ADMIN\+LOG/);
  await expect(rows.first()).toContainText(/Admin log(in|out)/);
  await rows.first().getByText("View Changes").click();
  await expect(rows.first().getByText("Before", { exact: true })).toBeVisible();
  await expect(rows.first().locator("pre").nth(1)).toContainText('"email"');

  await page.goto("/admin/audit-logs?q=no-such-entry-anywhere");
  await expect(page.getByRole("heading", { name: "Recent Activity (0 records)" })).toBeVisible();
  await expect(page.getByText("No audit logs found.")).toBeVisible();

  // a slow answer shows the loading state while the filter is applied
  const answer = await holdRequests(page, "**/admin/audit-logs.data**");
  await page.getByLabel("Action type").selectOption("update");
  await expect(page.getByText("Loading audit logs...")).toBeVisible();
  answer();
  await expect(page.getByText("Loading audit logs...")).toBeHidden();
  await page.unroute("**/admin/audit-logs.data**");
});

test("audit logs: entries beyond the first 100 are reached by page", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/settings");
  // 105 saves of an unchanged setting: each is audited, none changes how the site behaves
  for (let i = 0; i < 105; i++) {
    const response = await page.request.post("/admin/settings", {
      headers: originOf(page),
      form: { key: "contact_form_enabled", value: "true" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  }
  await page.goto("/admin/audit-logs?q=contact_form_enabled");
  const heading = page.getByRole("heading", { name: /^Recent Activity/ });
  const total = Number((await heading.textContent())?.match(/\((\d+) records\)/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(105);
  await expect(page.getByTestId("audit-row")).toHaveCount(100);
  const firstPage = await page.getByTestId("audit-row").locator("time").first().getAttribute("datetime");
  await page.getByRole("link", { name: "Load older" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`Page 2 of ${Math.ceil(total / 100)}`)).toBeVisible();
  await expect(page.getByTestId("audit-row")).toHaveCount(Math.min(100, total - 100));
  const older = await page.getByTestId("audit-row").locator("time").first().getAttribute("datetime");
  expect(Date.parse(older as string)).toBeLessThanOrEqual(Date.parse(firstPage as string));
  await page.getByRole("link", { name: "Newer" }).click();
  await expect(page.getByTestId("audit-row")).toHaveCount(100);
});

test("audit logs: Export CSV downloads exactly the filtered rows", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/audit-logs?action=login");
  const shown = Number(
    (await page.getByRole("heading", { name: /^Recent Activity/ }).textContent())?.match(
      /\((\d+) records\)/,
    )?.[1],
  );
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`audit-logs-${new Date().toISOString().slice(0, 10)}.csv`);
  const text = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  });
  expect(text.startsWith("\uFEFF")).toBe(true);
  const lines = text.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toBe("Timestamp,Action,Table,Record ID,Details");
  const body = lines.slice(1);
  // every login at the time of the page, plus any made since (none in this test)
  expect(body.length).toBeGreaterThanOrEqual(shown);
  for (const line of body) expect(line.toLowerCase()).toContain("login");
  const ADMIN_LOGIN_LINE =
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Admin login,users,[0-9a-f-]{36},"\{""old"":null,""new"":\{""email"":/;
  expect(body.some((line) => ADMIN_LOGIN_LINE.test(line))).toBe(true);
});
