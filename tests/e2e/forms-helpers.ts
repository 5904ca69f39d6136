import type { Page } from "@playwright/test";

let visitor = 0;

/** Each test speaks for its own visitor address, so the per-address rate limit never couples tests. */
export async function asNewVisitor(page: Page) {
  visitor += 1;
  await page.setExtraHTTPHeaders({
    "x-forwarded-for": `100.${64 + (process.pid % 60)}.${visitor % 250}.${Math.floor(Math.random() * 250) + 1}`,
  });
}

/** The forms refuse posts made faster than a person types (2 s after the page was served). */
export { waitLikeAPerson } from "../helpers/like-a-person";

export const COURSE = {
  slug: "strategic-planning-and-performance-management",
  title: "Strategic Planning and Performance Management",
  cost: "KES 95,000",
};
