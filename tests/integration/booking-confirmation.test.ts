import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { BOOKING_PARAM, BOOKING_REFERENCE_PATTERN } from "#app/booking/index.server";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as registerRoute from "#app/routes/bookings/public/register";
import * as contactRoute from "#app/routes/sales/public/contact";
import { courseRuns, courses } from "#app/site/tables.server";
import { addDays, today } from "#app/utils/dates";
import { contextFor, formRequest, oldFormKey } from "../helpers/form-post";

const SLUG = "strategic-planning-and-performance-management";

async function newRun(capacity: number) {
  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
  const startDate = addDays(today(), 40);
  const [run] = await db()
    .insert(courseRuns)
    .values({
      courseId: course?.id as string,
      startDate,
      endDate: addDays(startDate, 2),
      venue: "Kisumu",
      capacity,
    })
    .returning({ id: courseRuns.id });
  return run?.id as string;
}

/** A post as a browser without JavaScript makes it: a navigation. */
async function navigate(
  action: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
) {
  const request = formRequest(path, fields);
  request.headers.set("sec-fetch-mode", "navigate");
  const answer = await action({
    request,
    context: contextFor(`198.19.0.${crypto.randomInt(250)}`),
    params: {},
  } as never);
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location") as string, "http://localhost");
}

const load = async (loader: (args: never) => Promise<unknown>, url: URL | string) =>
  (await loader({ request: new Request(url), params: {}, context: contextFor() } as never)) as {
    confirmation: Awaited<ReturnType<typeof registerRoute.loader>>["confirmation"];
  };

const fields = (runId: string, extra: Record<string, string> = {}) => ({
  name: "Njeri Kamau",
  email: "njeri@example.com",
  course: SLUG,
  run: runId,
  formKey: oldFormKey(),
  ...extra,
});

beforeEach(async () => {
  await setSettingValue(db(), "registration_enabled", true, null);
  await setSettingValue(db(), "max_group_size", 25, null);
});

describe("the confirmation a registration without JavaScript lands on", () => {
  test("a browser's post is redirected to a signed URL whose page shows the booking and how to book another", async () => {
    const runId = await newRun(10);
    const target = await navigate(registerRoute.action, "/register", fields(runId));
    expect(target.pathname).toBe("/register");
    const signed = target.searchParams.get(BOOKING_PARAM) as string;
    expect(signed).toMatch(/^MF-[2-9A-HJKMNP-Z]{8}\.[A-Za-z0-9_-]{43}$/);
    const page = await load(registerRoute.loader, target);
    expect(page.confirmation?.result).toMatchObject({
      ok: true,
      title: "Registration Successful!",
      message: "We'll contact you soon with course details.",
      reference: signed.split(".")[0],
      waitlisted: false,
      participants: 1,
    });
    expect(page.confirmation?.anotherHref).toBe(`/register?course=${SLUG}&run=${runId}`);
  });

  test("a reference without its signature, or with another's, opens nothing", async () => {
    const runId = await newRun(10);
    const target = await navigate(registerRoute.action, "/register", fields(runId));
    const [reference, signature] = (target.searchParams.get(BOOKING_PARAM) as string).split(".");
    const other = await navigate(
      registerRoute.action,
      "/register",
      fields(runId, { email: "other@example.com" }),
    );
    const otherSignature = (other.searchParams.get(BOOKING_PARAM) as string).split(".")[1];
    for (const forged of [
      reference,
      `${reference}.`,
      `${reference}.${otherSignature}`,
      `${reference}.${signature}x`,
    ]) {
      const page = await load(registerRoute.loader, `http://localhost/register?${BOOKING_PARAM}=${forged}`);
      expect(page.confirmation).toBeNull();
    }
  });

  test("a group on a full run lands on its waiting-list confirmation; from the contact page, back on the contact page", async () => {
    const runId = await newRun(1);
    const group = {
      "participants[0].name": "One",
      "participants[0].email": "one@example.com",
      "participants[1].name": "Two",
      "participants[1].email": "two@example.com",
    };
    const target = await navigate(
      contactRoute.action,
      "/contact",
      fields(runId, { intent: "register", ...group }),
    );
    expect(target.pathname).toBe("/contact");
    expect(target.hash).toBe("#register-heading");
    const page = await load(contactRoute.loader, target);
    expect(page.confirmation?.result).toMatchObject({
      ok: true,
      title: "You are on the waiting list",
      waitlisted: true,
      participants: 2,
    });
    expect(page.confirmation?.result.message).toContain("at position 1");
  });

  test("a failed post is answered in the page, not redirected", async () => {
    const request = formRequest("/register", {
      name: "",
      email: "x@example.com",
      course: SLUG,
      formKey: oldFormKey(),
    });
    request.headers.set("sec-fetch-mode", "navigate");
    const answer = (await registerRoute.action({ request, context: contextFor(), params: {} } as never)) as {
      init: { status: number };
    };
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer.init.status).toBe(400);
  });
});

test("the contact page's M-PESA example reference has the format references are made in", async () => {
  const page = (await contactRoute.loader({ request: new Request("http://localhost/contact") } as never)) as {
    payment: { paybillAccountNote: string };
  };
  const examples = page.payment.paybillAccountNote.match(/MF-\S+?(?=[).,\s]|$)/g) ?? [];
  expect(examples.length).toBeGreaterThan(0);
  for (const example of examples) expect(example).toMatch(BOOKING_REFERENCE_PATTERN);
});
