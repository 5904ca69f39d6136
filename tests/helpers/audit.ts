import { expect, type Page } from "@playwright/test";

/**
 * Opens the audit log filtered by `search` and checks its newest matching row: the action, the table, the
 * record id shown as 8 characters and an ellipsis, and the Before/After JSON behind View Changes.
 */
export async function expectAuditEntry(
  page: Page,
  entry: {
    search: string;
    action: string;
    table: string;
    recordId?: string;
    before?: string;
    after?: string;
  },
) {
  await page.goto(`/admin/audit-logs?q=${encodeURIComponent(entry.search)}&table=${entry.table}`);
  const row = page.getByTestId("audit-row").filter({ hasText: entry.action }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText(entry.table);
  if (entry.recordId)
    await expect(row.getByRole("cell").nth(3)).toHaveText(`${entry.recordId.slice(0, 8)}...`);
  await row.getByText("View Changes").click();
  const before = row.locator("pre").first();
  const after = row.locator("pre").nth(1);
  await expect(row.getByText("Before", { exact: true })).toBeVisible();
  await expect(row.getByText("After", { exact: true })).toBeVisible();
  if (entry.before !== undefined) await expect(before).toContainText(entry.before);
  if (entry.after !== undefined) await expect(after).toContainText(entry.after);
  return row;
}

/** The origin header React Router's actions require for posts made outside a page. */
export const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });
