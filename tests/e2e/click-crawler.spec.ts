import { expect, type Page, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { gotoHydrated, waitForHydration } from "../helpers/hydration";
import { registerForCourse, sendContactMessage, uniqueTag } from "../helpers/public-submissions";

/*
 * Clicks through the site as a visitor with JavaScript does: every internal link of every page reached,
 * two levels deep, each followed by clicking the <a> so React Router navigates client-side (fetching
 * `<path>.data`, which a full page load never does). A page fails on "Page not found", an error boundary, a
 * 5xx answer (page or data request) or anything but exactly one h1.
 */

const DEPTH = 2;

/*
 * Links not followed, and why: files and downloads are not pages (a click saves or opens a file, nothing the
 * router renders): anything with a file extension (PDF, ICS, ZIP, the gallery's pictures, the sitemap),
 * uploaded files and media, billing documents, the CSV exports, certificate files and NITA packs; the M-PESA
 * callbacks are not for browsers; the admin's Logout is a POST (its GET answers 405) and would end the
 * crawl's session. No other link changes anything: links are GETs.
 */
const NOT_PAGES = [
  /\.[a-z0-9]+$/i,
  /^\/(downloads|files|media|billing|api)\//,
  /^\/admin\/.*\/export(\/|$)/,
  /\/(certificate-files|nita-pack)\//,
  /^\/admin\/logout$/,
];

type Router = {
  state: {
    location: { key: string };
    navigation: { state: string };
    errors: Record<string, unknown> | null;
  };
};
type CrawlWindow = Window & { __reactRouterDataRouter?: Router; __crawlDocument?: string };

type Visit = { key: string; from: string | null };

const keyOf = (url: URL) => `${url.pathname}${url.search}`;

function followable(href: string, origin: string) {
  const url = new URL(href);
  if (url.origin !== origin) return false;
  return !NOT_PAGES.some((pattern) => pattern.test(url.pathname));
}

/** The router's location and a mark on the loaded document, so that a click that loads a new one shows. */
function currentDocument(page: Page) {
  return page.evaluate(() => {
    const w = window as CrawlWindow;
    w.__crawlDocument = `${Date.now()}-${Math.random()}`;
    return { key: w.__reactRouterDataRouter?.state.location.key ?? "", mark: w.__crawlDocument };
  });
}

/** Waits until the router has finished the navigation that followed the click (or a new document hydrated). */
async function settle(page: Page, before: { key: string; mark: string }) {
  await page.waitForFunction(
    ({ key, mark }) => {
      const w = window as CrawlWindow;
      const router = w.__reactRouterDataRouter;
      if (router?.state.navigation.state !== "idle") return false;
      return w.__crawlDocument !== mark || router.state.location.key !== key;
    },
    before,
    { timeout: 15_000 },
  );
  if ((await page.evaluate(() => (window as CrawlWindow).__crawlDocument)) !== before.mark) {
    await waitForHydration(page);
  }
}

/** The problems of the page on screen and the same-origin links on it (pathname+search, in document order). */
async function inspect(page: Page) {
  const found = await page.evaluate(() => {
    const h1s = [...document.querySelectorAll("h1")].map((h) => h.textContent?.trim() ?? "");
    const errors = (window as CrawlWindow).__reactRouterDataRouter?.state.errors;
    const hrefs = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
      // a disabled link (a pager's end) does not take a pointer; a new tab or a download is not a navigation
      .filter((a) => a.getAttribute("aria-disabled") !== "true" && a.target !== "_blank")
      .filter((a) => !a.hasAttribute("download") && (a.protocol === "http:" || a.protocol === "https:"))
      .map((a) => a.href);
    return { h1s, title: document.title, errorRoutes: errors ? Object.keys(errors) : [], hrefs };
  });
  const problems: string[] = [];
  if (/not found/i.test(`${found.h1s.join(" ")} ${found.title}`)) problems.push("shows Page not found");
  if (found.errorRoutes.length > 0) problems.push(`error boundary of ${found.errorRoutes.join(", ")}`);
  if (found.h1s.length !== 1) problems.push(`${found.h1s.length} h1 (${found.h1s.join(" | ")})`);
  const origin = new URL(page.url()).origin;
  const links = found.hrefs.filter((href) => followable(href, origin)).map((href) => keyOf(new URL(href)));
  return { problems, links: [...new Set(links)] };
}

/** Brings the page back to `key`: a step back in history when that is where it came from, else a new load. */
async function returnTo(page: Page, key: string) {
  if (keyOf(new URL(page.url())) === key) return;
  const before = await currentDocument(page);
  await page.goBack();
  if (keyOf(new URL(page.url())) === key) {
    await settle(page, before);
    return;
  }
  await gotoHydrated(page, key);
}

/**
 * Whether the page a failing link was on links to it still. Other specs share the server and delete their
 * own courses and registrations: a record gone meanwhile has left its list too. A route that fails on a click
 * (the category pages did) is still linked, so it still fails.
 */
async function stillLinked(page: Page, visit: Visit) {
  await gotoHydrated(page, visit.from ?? "/");
  const { links } = await inspect(page);
  return links.includes(visit.key);
}

/**
 * Clicks the link to `key` on the page on screen (a link in a closed menu is clicked where it is); false when
 * the page links there no more (its record was deleted meanwhile).
 */
async function clickLinkTo(page: Page, key: string): Promise<boolean> {
  try {
    return await clickLinkOnce(page, key);
  } catch (error) {
    // a list that re-renders after hydration (the catalogue's live search) replaces its anchors: find it again
    if (!String(error).includes("not attached to the DOM")) throw error;
    return clickLinkOnce(page, key);
  }
}

async function clickLinkOnce(page: Page, key: string) {
  const link = await page.evaluateHandle((wanted) => {
    const anchors = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].filter(
      (a) => a.getAttribute("aria-disabled") !== "true" && `${a.pathname}${a.search}` === wanted,
    );
    return anchors.find((a) => a.checkVisibility()) ?? anchors[0] ?? null;
  }, key);
  const element = link.asElement();
  if (!element) return false;
  if (!(await element.isVisible())) {
    await element.dispatchEvent("click");
    return true;
  }
  // at once: the site scrolls smoothly, and a click waits for a moving link to come to rest
  await element.evaluate((a) => a.scrollIntoView({ block: "center", behavior: "instant" }));
  await element.click();
  return true;
}

/**
 * Visits `start`, then, level by level, each page a link leads to, by clicking that link on the page that
 * has it. Two tabs share the work (and the session); each distinct pathname+search is visited once.
 */
async function crawl(tabs: Page[], start: string) {
  const failures: string[] = [];
  const seen = new Set([start]);
  const visited: Visit[] = [];
  let level: Visit[] = [{ key: start, from: null }];
  for (let depth = 0; depth <= DEPTH; depth++) {
    const next: Visit[] = [];
    const queue = [...level];
    const work = async (page: Page) => {
      let current: Visit | undefined;
      page.on("response", (response) => {
        if (response.status() >= 500) {
          failures.push(
            `${current?.key} (from ${current?.from}): HTTP ${response.status()} ${response.url()}`,
          );
        }
      });
      for (current = queue.shift(); current; current = queue.shift()) {
        if (current.from === null) {
          await gotoHydrated(page, current.key);
        } else {
          await returnTo(page, current.from);
          const before = await currentDocument(page);
          if (!(await clickLinkTo(page, current.key))) continue;
          await settle(page, before);
        }
        visited.push(current);
        const at = keyOf(new URL(page.url()));
        const { problems, links } = await inspect(page);
        if (problems.length > 0 && current.from !== null && !(await stillLinked(page, current))) continue;
        for (const problem of problems)
          failures.push(`${current.key} (from ${current.from}, at ${at}): ${problem}`);
        if (depth === DEPTH) continue;
        for (const key of links.filter((link) => !seen.has(link))) {
          seen.add(key);
          next.push({ key, from: at });
        }
      }
      page.removeAllListeners("response");
    };
    await Promise.all(tabs.map(work));
    level = next;
  }
  return { failures, visited: visited.map((v) => v.key) };
}

test.describe("every internal link, clicked with JavaScript on", () => {
  // the back office's crawl grows with its screens (organisations, enquiries and the pipeline link to records)
  test.describe.configure({ mode: "parallel", timeout: 300_000 });

  test("the public site from the home page", async ({ page, context }) => {
    const { failures, visited } = await crawl([page, await context.newPage()], "/");
    expect(failures).toEqual([]);
    // the crawl went where a visitor goes: the menu's pages and the four category pages among them
    for (const key of ["/courses", "/courses/management", "/courses/county-government", "/contact"]) {
      expect(visited).toContain(key);
    }
  });

  test("the back office from the dashboard", async ({ page, context }) => {
    // a booking and a message of its own, so the dashboard links to records as well as to lists
    const tag = uniqueTag();
    await registerForCourse(page, { name: `Crawl ${tag}`, email: `crawl.${tag}@example.com` });
    await sendContactMessage(page, {
      name: `Crawl ${tag}`,
      email: `crawlm.${tag}@example.com`,
      message: tag,
    });
    await loginAsAdmin(page);
    const { failures, visited } = await crawl([page, await context.newPage()], "/admin/dashboard");
    expect(failures).toEqual([]);
    for (const key of [
      "/admin/registrations",
      "/admin/courses",
      "/admin/finance",
      "/admin/settings",
      "/admin/clients",
      "/admin/facilitators",
      "/admin/engagements",
    ]) {
      expect(visited).toContain(key);
    }
  });
});
