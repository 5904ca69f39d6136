import { eq, gte } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import {
  findDeliveryRun,
  getJoiningInstructions,
  joiningRows,
  setMeetingLink,
} from "#app/delivery/index.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import * as calendarFeed from "#app/routes/site/public/calendar.ics";
import * as runFeed from "#app/routes/site/public/course-run.ics";
import * as calendarPage from "#app/routes/site/public/courses.calendar";
import * as coursePage from "#app/routes/site/public/courses.course";
import { courseRuns } from "#app/site/tables.server";
import { signedInAdmin } from "../helpers/admin-session";
import { book, newRun, SLUG } from "../helpers/delivery";

const LINK = "https://us06web.zoom.us/j/85512345678?pwd=privateToBookedOnly";
let run: Awaited<ReturnType<typeof newRun>>;

beforeAll(async () => {
  const admin = await signedInAdmin();
  run = await newRun({ inDays: 20, days: 2, venue: "Online" });
  await db().update(courseRuns).set({ deliveryMode: "virtual" }).where(eq(courseRuns.id, run.id));
  const delivery = await findDeliveryRun(run.id);
  for (const day of delivery?.days ?? []) {
    await setMeetingLink(admin.actor, delivery as never, { day, link: LINK, passcode: "845120" });
  }
});

test("the meeting link reaches the booked participants: the joining instructions in their confirmation", async () => {
  expect(joiningRows(await getJoiningInstructions(run.id))).toEqual(
    expect.arrayContaining([
      ["Join online", LINK],
      ["Meeting passcode", "845120"],
    ]),
  );
  const since = new Date();
  await book(run.id, [{ name: "Zawadi Mutua", email: "zawadi.privacy@example.com" }]);
  // the booking's confirmation carries the instructions, the link with them
  const mails = await db()
    .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(gte(emailOutbox.createdAt, since));
  expect(mails.filter((mail) => mail.text.includes(LINK)).map((mail) => mail.subject)).not.toEqual([]);
});

test("never the public pages: the course page (and its JSON-LD data), the calendar, the .ics feeds", async () => {
  const request = (path: string) => new Request(`http://localhost${path}`);
  const leaks = async (value: unknown) => {
    const text = value instanceof Response ? await value.text() : JSON.stringify(value);
    return text.includes("85512345678") || text.includes("privateToBookedOnly");
  };
  const page = await coursePage.loader({
    params: { slug: SLUG },
    request: request(`/courses/${SLUG}`),
  } as never);
  // the run is on the page: what it shows of it carries no meeting
  expect(JSON.stringify(page)).toContain(run.id);
  expect(await leaks(page)).toBe(false);
  expect(await leaks(await calendarPage.loader({ request: request("/courses/calendar") } as never))).toBe(
    false,
  );
  expect(await leaks(await calendarFeed.loader())).toBe(false);
  const file = await runFeed.loader({ params: { slug: SLUG, runFile: `${run.id}.ics` } } as never);
  expect((file as Response).status).toBe(200);
  expect(await leaks(file)).toBe(false);
});
