import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Resolves once no finite animation or transition is running (a toast fading in, a stacked toast fading out). */
async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    for (let round = 0; round < 20; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.allSettled(running.map((a) => a.finished));
    }
  });
}

async function seriousViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/**
 * Fails when axe finds a serious or critical violation on the page as it rests. A text half-way through a
 * fade measures as pale grey, and a toast's timer can start one while axe reads the page, so a finding is
 * looked at once more after the animations have ended: one that is real is still there.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  let serious = await seriousViolations(page);
  if (serious.length > 0) serious = await seriousViolations(page);
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `accessibility violations on ${page.url()}`,
  ).toEqual([]);
}
