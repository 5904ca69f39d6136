import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { freePort, startAppServer, tempDataDir } from "../../scripts/reliability/app-server.mjs";
import { loginAsAdmin, signUpFirstAdminOn } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { extractPdfText, squash } from "../helpers/pdf-text";
import { expectScreensFit } from "../helpers/screen-fit";
import { addCourseDate, bookOnline } from "./course-dates";
import { COURSE } from "./forms-helpers";

// Issue 45: a run from Monday 18 to Tuesday 26 October 2027 crosses a weekend and Mashujaa Day (Wednesday 20th),
// so it is held on six days. The business clock (TEST_NOW) is moved to the first day, then past the last session.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const ADMIN = { email: "sessions@mafunzo.test", password: "Mashujaa-Sessions-2027" };
const PHONE = { width: 390, height: 844 };
const SESSIONS = [
  "18 October 2027",
  "19 October 2027",
  "21 October 2027",
  "22 October 2027",
  "25 October 2027",
  "26 October 2027",
];

let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
let port: number;
let dataDir: string;
let base = "";
let runPath = "";

async function startAt(now: string) {
  await server?.stop();
  server = await startAppServer({ port, dataDir, env: { TEST_NOW: now } });
  base = server.url;
}

test.beforeAll(async () => {
  // a fresh database is migrated and seeded first: on a busy machine that outlasts the default hook timeout
  test.setTimeout(180_000);
  port = await freePort();
  dataDir = tempDataDir("run-sessions");
  await startAt("2027-10-01T10:00:00+03:00");
  await signUpFirstAdminOn(base, ADMIN.email, ADMIN.password);
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function phone(page: Page) {
  await page.setViewportSize(PHONE);
  await loginAsAdmin(page, ADMIN, base);
}

test("the office adds a run across a weekend and Mashujaa Day: it is told, and the run is held on six days", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, ADMIN, base);
  runPath = await addCourseDate(page, base, {
    start: "2027-10-18",
    end: "2027-10-26",
    venue: "Nairobi, Kenya",
  });
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Course date added" })).toContainText(
    "Mashujaa Day (20 October 2027)",
  );
  const sessions = page.getByRole("region", { name: /Sessions/ });
  await expect(sessions.getByRole("heading", { name: "Sessions (6 days)" })).toBeVisible();
  await expect(sessions.getByTestId("run-session")).toHaveCount(6);
  await expect(sessions.getByTestId("run-holidays")).toContainText(
    "Mashujaa Day (Wednesday 20 October 2027)",
  );
  await expectNoSeriousA11yViolations(page);
  // a Saturday added on purpose, then taken off again
  await sessions.getByLabel("Session date").fill("2027-10-23");
  await sessions.getByRole("button", { name: "Add session" }).click();
  await expect(page.getByText("Session added on Saturday, 23 October 2027.")).toBeVisible();
  await expect(sessions.getByTestId("run-session")).toHaveCount(7);
  await sessions.getByRole("button", { name: "Remove the session on 23 October 2027" }).click();
  await expect(sessions.getByTestId("run-session")).toHaveCount(6);

  // a one-off holiday gazetted after the run is made does not move it: it is recorded for the next runs
  await sessions.getByRole("link", { name: "Public holidays" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Public holidays" })).toBeVisible();
  await page.getByLabel(/^Date/).fill("2027-11-05");
  await page.getByLabel(/^Name/).fill("National census day");
  await page.getByRole("button", { name: "Add holiday" }).click();
  await expect(page.getByText("National census day recorded for Kenya.")).toBeVisible();
  await expect(page.getByTestId("gazetted-holiday")).toContainText(
    "5 November 2027: National census day (Kenya)",
  );
  await expectNoSeriousA11yViolations(page);
  await expectScreensFit(page, [`${base}${runPath}`, `${base}/admin/holidays`]);
  await page.goto(`${base}${runPath}`);

  await page.getByRole("link", { name: "Joining instructions" }).click();
  // a trainer reads the same page: no internal setting names (issue 45, finding 12)
  await expect(page.getByText("reminder_days")).toHaveCount(0);
  await expect(page.getByText("days before the first session")).toBeVisible();
  await page.getByLabel("Daily timetable").fill("09:00 sessions, 13:00 lunch, 17:00 close");
  await page.getByRole("button", { name: "Save instructions" }).click();
  await expect(page.getByText("Joining instructions saved")).toBeVisible();
  await bookOnline(browser, base, runPath.split("/runs/")[1] as string, {
    contact: "hr@kpa.example.com",
    people: ["Zawadi Kamau"],
    organization: "Kenya Ports Authority",
  });

  // the attendee's calendar: one event per session, at its times, none on the weekend or the holiday
  await page.goto(`${base}/courses/calendar`);
  const runId = runPath.split("/runs/")[1] as string;
  const add = page.locator(`a[href$="/runs/${runId}.ics"]`);
  await expect(add).toHaveAccessibleName(new RegExp(`Add to calendar.*${COURSE.title}`));
  const href = (await add.getAttribute("href")) as string;
  const ics = await (await page.request.get(`${base}${href}`)).text();
  expect([...ics.matchAll(/DTSTART:(\d{8})T060000Z/g)].map((m) => m[1])).toEqual([
    "20271018",
    "20271019",
    "20271021",
    "20271022",
    "20271025",
    "20271026",
  ]);
});

test("on the first day: only today can be marked, certificates are not due, the NITA pack is a draft", async ({
  page,
}) => {
  await startAt("2027-10-18T10:00:00+03:00");
  await phone(page);
  await page.goto(`${base}${runPath}/attendance`);
  const tabs = page.getByRole("navigation", { name: "Course days" }).getByRole("link");
  await expect(tabs).toHaveCount(6);
  for (const [i, day] of SESSIONS.entries()) await expect(tabs.nth(i)).toContainText(`Day ${i + 1} · ${day}`);
  await expect(tabs.filter({ hasText: /23 October|24 October|20 October/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Present Zawadi Kamau" }).click();
  await expect(page.getByTestId("mark-state")).toContainText(`Present · ${ADMIN.email}`);
  await page.getByRole("link", { name: /^Day 2/ }).click();
  await expect(page.getByText("This day has not started yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Present Zawadi Kamau" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Certificates" }).click();
  await expect(page.getByText("The course is still under way")).toContainText("26 October 2027 at 17:00");
  await expect(page.getByRole("button", { name: /Issue certificates/ })).toHaveCount(0);
  await expect(page.getByText("certificate_threshold")).toHaveCount(0);
  await expect(page.getByText("of the 6 sessions")).toBeVisible();

  await page.goto(`${base}${runPath}/nita`);
  const draft = page.getByTestId("nita-draft");
  await expect(draft).toContainText("NITA training provider registration number");
  await expect(draft).toContainText("the course is still under way");
  await expect(page.getByRole("link", { name: /Draft PDF pack for Kenya Ports Authority/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("after the last session: six days marked, 100 % over six, 42 hours on the certificate and in the NITA pack", async ({
  page,
}) => {
  await startAt("2027-10-26T17:05:00+03:00");
  await phone(page);
  for (const [i] of SESSIONS.entries()) {
    await page.goto(`${base}${runPath}/attendance`);
    await page.getByRole("link", { name: new RegExp(`^Day ${i + 1} `) }).click();
    await expect(page.getByRole("link", { name: new RegExp(`^Day ${i + 1} `) })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("button", { name: "Present Zawadi Kamau" }).click();
    await expect(page.getByTestId("mark-state")).toContainText(`Present · ${ADMIN.email}`);
  }
  await page.getByRole("link", { name: "Certificates" }).click();
  const row = page.getByTestId("certificate-row").filter({ hasText: "Zawadi Kamau" });
  await expect(row).toContainText("Attendance 100% (6 of 6 sessions)");
  await page.getByRole("button", { name: "Issue certificates (1 due)" }).click();
  await expect(page.getByText("1 certificate(s) issued and e-mailed.")).toBeVisible();
  // revoking is folded away: no open reason box and no red button under the card on a phone
  await expect(row.getByLabel(/Reason to revoke/)).toBeHidden();
  await expect(row.getByRole("button", { name: "Revoke" })).toBeHidden();
  await expect(row.getByText("Revoke this certificate…")).toBeVisible();
  const pdfHref = (await row.getByRole("link", { name: /PDF/ }).getAttribute("href")) as string;
  const certificate = squash(
    extractPdfText(Buffer.from(await (await page.request.get(`${base}${pdfHref}`)).body())),
  );
  expect(certificate).toContain(squash("42 hours of training"));

  await page.goto(`${base}${runPath}/nita`);
  const draft = page.getByTestId("nita-draft");
  await expect(draft).toContainText("NITA training provider registration number");
  await expect(draft).not.toContainText("certificates");
  const packHref = (await page
    .getByRole("link", { name: /PDF pack for Kenya Ports Authority/ })
    .getAttribute("href")) as string;
  const pack = squash(
    extractPdfText(Buffer.from(await (await page.request.get(`${base}${packHref}`)).body())),
  );
  expect(pack).toContain(squash("6 training day(s), 42 training hours"));
  expect(pack).toContain(squash("Day 3: 21 October 2027, 09:00-17:00"));
  expect(pack).toContain(squash("Certificates (1)"));
  expect(pack).toContain(squash("DRAFT - NOT FOR SUBMISSION TO NITA"));
});
