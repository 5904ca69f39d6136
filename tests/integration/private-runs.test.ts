import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { listRegistrationCourses, listUpcomingRuns } from "#app/booking/index.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import {
  cancelBooking,
  createCourseRun,
  substituteParticipant,
  updateCourseRun,
} from "#app/bookings/index.server";
import { courseInterests } from "#app/bookings/tables.server";
import { createBooking } from "#app/bookings/testing.server";
import { financeDocuments } from "#app/money/tables.server";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs, emailOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as registerPage from "#app/routes/bookings/public/register";
import * as calendarFeed from "#app/routes/site/public/calendar.ics";
import * as runFeed from "#app/routes/site/public/course-run.ics";
import * as cataloguePage from "#app/routes/site/public/courses";
import * as calendarPage from "#app/routes/site/public/courses.calendar";
import * as coursePage from "#app/routes/site/public/courses.course";
import * as homePage from "#app/routes/site/public/home";
import * as sitemap from "#app/routes/site/public/sitemap";
import { acceptQuote, mergeOrganisations, QuoteSchema, sendQuote } from "#app/sales/index.server";
import { enquiries, quoteLines, quotes } from "#app/sales/tables.server";
import { listCourseYears, listRunsForCourse, privateRunLabel } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { countActiveCoursesByCategory } from "#app/site/testing.server";
import { addDays, today } from "#app/utils/dates";
import { ACTOR, SLUG } from "../helpers/money";

const CLIENT = { id: null, email: null, ip: "198.51.100.9", userAgent: "phone" };

let course: { id: string; slug: string; durationDays: number | null };

beforeAll(async () => {
  await setSettingValue(db(), "vat_registered", true, null);
  await setSettingValue(db(), "vat_rate", 16, null);
  await setSettingValue(db(), "prices_include_vat", false, null);
  // a complete finance profile: proformas are issued
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  const [row] = await db()
    .select({ id: courses.id, slug: courses.slug, durationDays: courses.durationDays })
    .from(courses)
    .where(eq(courses.slug, SLUG));
  course = row as typeof course;
});

/**
 * A qualified in-house enquiry from an organisation on record, quoted for 12 participants of the seeded course
 * on `startDate`, in a venue no public run has.
 */
async function quotedEnquiry(startDate = addDays(today(), 60)) {
  const stamp = crypto.randomUUID().slice(0, 8);
  const name = `Kiambu ${stamp} Water Company`;
  const [organisation] = await db()
    .insert(organisations)
    .values({ name, nameKey: name.toLowerCase(), looseKey: `kiambu ${stamp} water` })
    .returning({ id: organisations.id });
  const [enquiry] = await db()
    .insert(enquiries)
    .values({
      kind: "in_house",
      status: "qualified",
      organisationId: organisation?.id,
      organisationName: name,
      contactName: "Grace Wambui",
      contactEmail: `hr.${stamp}@kiambu.example`,
      contactPhone: "0711 222 333",
      participants: 12,
    })
    .returning({ id: enquiries.id, email: enquiries.contactEmail });
  const venue = `Thika ${stamp} Greens Hotel`;
  const sent = await sendQuote(
    ACTOR,
    enquiry?.id as string,
    QuoteSchema.parse({
      courseId: course.id,
      startDate,
      venue,
      participants: "12",
      validUntil: addDays(today(), 14),
      terms: "Net 30 days.",
      lines: [
        { kind: "course_days", description: "Training, 3 days", quantity: "3", unit: "140,000" },
        { kind: "materials", description: "Workbooks", quantity: "12", unit: "1,250.50" },
      ],
    }),
  );
  if (!sent.ok) throw new Error(sent.message);
  return {
    quoteId: sent.id,
    enquiryId: enquiry?.id as string,
    email: enquiry?.email as string,
    organisationId: organisation?.id as string,
    organisation: name,
    venue,
    startDate,
  };
}

const accept = { name: "Grace Wambui", position: "HR Manager", lpoNumber: "LPO/KWC/77" };

async function privateBooking(quoteId: string) {
  const rows = await db().select().from(bookings).where(eq(bookings.quoteId, quoteId));
  expect(rows).toHaveLength(1);
  return rows[0] as typeof bookings.$inferSelect;
}

const proformas = (bookingId: string) =>
  db()
    .select()
    .from(financeDocuments)
    .where(eq(financeDocuments.bookingId, bookingId))
    .orderBy(asc(financeDocuments.createdAt));

describe("accepting a training quote", () => {
  test("makes the private run, the organisation's confirmed booking with named-later seats, and a proforma equal to the quote", async () => {
    const q = await quotedEnquiry();
    const answer = await acceptQuote(CLIENT, q.quoteId, accept);
    expect(answer.ok).toBe(true);
    const booking = await privateBooking(q.quoteId);
    expect(answer.message).toContain(`Your booking ${booking.reference} is confirmed`);
    expect(booking).toMatchObject({
      courseId: course.id,
      status: "confirmed",
      participants: 12,
      lpoNumber: "LPO/KWC/77",
      organisationId: q.organisationId,
      organization: q.organisation,
      contactName: "Grace Wambui",
      contactEmail: q.email,
    });
    const [run] = await db()
      .select()
      .from(courseRuns)
      .where(eq(courseRuns.id, booking.runId as string));
    expect(run).toMatchObject({
      private: true,
      organisationId: q.organisationId,
      courseId: course.id,
      startDate: q.startDate,
      // the office left the end date empty: as many days as the course lasts
      endDate: addDays(q.startDate, (course.durationDays ?? 1) - 1),
      venue: q.venue,
      capacity: 12,
    });
    const listed = (await listRunsForCourse(course.id)).find((r) => r.id === run?.id);
    expect(listed && privateRunLabel(listed)).toBe(`Private — ${q.organisation}`);
    const seats = await db()
      .select({ name: courseRegistrations.name, status: courseRegistrations.status })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.bookingId, booking.id));
    expect(seats).toHaveLength(12);
    expect(
      seats.every((s) => s.status === "confirmed" && /^Participant \d+ \(to be named\)$/.test(s.name)),
    ).toBe(true);

    const [quote] = await db().select().from(quotes).where(eq(quotes.id, q.quoteId));
    const lines = await db()
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, q.quoteId))
      .orderBy(asc(quoteLines.position));
    const [proforma, ...others] = await proformas(booking.id);
    expect(others).toEqual([]);
    // 3 × 140,000 + 12 × 1,250.50 = 435,006.00 net, 16% VAT per line
    expect(proforma).toMatchObject({
      kind: "proforma",
      netCents: quote?.netCents,
      vatCents: quote?.vatCents,
      totalCents: quote?.totalCents,
      vatRatePercent: 16,
    });
    expect(quote?.totalCents).toBe(50_460_696);
    expect(proforma?.lines.map((l) => [l.description, l.quantity, l.unitCents, l.amountCents])).toEqual(
      lines.map((l) => [l.description, l.quantity, l.unitCents, l.amountCents]),
    );
    expect(proforma?.buyer).toMatchObject({ name: q.organisation, lpoNumber: "LPO/KWC/77" });
    const [mail] = await db()
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.kind, "finance_proforma"), eq(emailOutbox.relatedId, proforma?.id as string)),
      );
    expect(mail?.to).toBe(q.email);
    expect((await db().select().from(enquiries).where(eq(enquiries.id, q.enquiryId)))[0]?.status).toBe("won");

    // every step is the client's, as the acceptance is
    const audits = await db()
      .select({ action: adminAuditLogs.action, ip: adminAuditLogs.ip })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.ip, CLIENT.ip));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "Quote accepted",
        "Created private course run",
        "Created booking from accepted quote",
        "Issued proforma invoice",
      ]),
    );
  });

  test("accepted twice, or twice at once, it makes one run and one booking", async () => {
    const q = await quotedEnquiry();
    const answers = await Promise.all([
      acceptQuote(CLIENT, q.quoteId, accept),
      acceptQuote(CLIENT, q.quoteId, { ...accept, lpoNumber: null }),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const again = await acceptQuote(CLIENT, q.quoteId, accept);
    expect(again).toMatchObject({ ok: false, status: 409 });
    const booking = await privateBooking(q.quoteId);
    const runs = await db().select().from(courseRuns).where(eq(courseRuns.organisationId, q.organisationId));
    expect(runs.map((r) => r.id)).toEqual([booking.runId]);
    expect(await proformas(booking.id)).toHaveLength(1);
  });

  test("merging its organisation into another moves the private run with its booking", async () => {
    const q = await quotedEnquiry();
    await acceptQuote(CLIENT, q.quoteId, accept);
    const [kept] = await db()
      .insert(organisations)
      .values({ name: "Kiambu Water", nameKey: `kiambu water ${q.quoteId}`, looseKey: `kiambu ${q.quoteId}` })
      .returning({ id: organisations.id });
    await db().update(enquiries).set({ organisationId: kept?.id }).where(eq(enquiries.id, q.enquiryId));
    expect((await mergeOrganisations(ACTOR, kept?.id as string, q.organisationId)).ok).toBe(true);
    const booking = await privateBooking(q.quoteId);
    const [run] = await db()
      .select()
      .from(courseRuns)
      .where(eq(courseRuns.id, booking.runId as string));
    expect([booking.organisationId, run?.organisationId]).toEqual([kept?.id, kept?.id]);
  });

  test("after its validity it books nothing", async () => {
    const q = await quotedEnquiry();
    await db()
      .update(quotes)
      .set({ validUntil: addDays(today(), -1) })
      .where(eq(quotes.id, q.quoteId));
    expect(await acceptQuote(CLIENT, q.quoteId, accept)).toMatchObject({ ok: false, status: 409 });
    expect(await db().select().from(bookings).where(eq(bookings.quoteId, q.quoteId))).toEqual([]);
    expect(
      await db().select().from(courseRuns).where(eq(courseRuns.organisationId, q.organisationId)),
    ).toEqual([]);
  });

  test("the office names a seat with Substitute: the proforma stands; cancelling credits the quote's total", async () => {
    const q = await quotedEnquiry();
    await acceptQuote(CLIENT, q.quoteId, accept);
    const booking = await privateBooking(q.quoteId);
    const [seat] = await db()
      .select({ id: courseRegistrations.id })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.bookingId, booking.id))
      .orderBy(asc(courseRegistrations.createdAt), asc(courseRegistrations.id))
      .limit(1);
    const office = { actor: ACTOR, overridesNotice: false };
    const named = await substituteParticipant(office, booking.id, seat?.id as string, {
      name: "Peter Njoroge",
      email: "peter.njoroge@kiambu.example",
      phone: null,
      idNumber: null,
    });
    expect(named.ok).toBe(true);
    const [first] = await proformas(booking.id);
    expect(await proformas(booking.id)).toHaveLength(1);
    expect((await cancelBooking(office, booking.id)).ok).toBe(true);
    const credit = (await proformas(booking.id)).find((d) => d.kind === "credit_note");
    expect(credit).toMatchObject({ totalCents: first?.totalCents, relatesToId: first?.id });
  });
});

describe("a private run is on no public page", () => {
  test("not the catalogue, the course page, the calendar, its feeds, the sitemap, the registration form, the years or the figures", async () => {
    // a year no public run has, so the years list would show it if the private run leaked
    const year = Number(today().slice(0, 4)) + 11;
    const countsBefore = await countActiveCoursesByCategory();
    const q = await quotedEnquiry(`${year}-03-02`);
    expect((await acceptQuote(CLIENT, q.quoteId, accept)).ok).toBe(true);
    const { runId } = (await privateBooking(q.quoteId)) as { runId: string };

    const leaks = (what: unknown) => {
      const text = typeof what === "string" ? what : JSON.stringify(what);
      return text.includes(runId) || text.includes(q.venue);
    };
    const request = (path: string) => new Request(`http://localhost${path}`);
    const text = async (response: unknown) => (response instanceof Response ? response.text() : response);

    expect(leaks(await cataloguePage.loader())).toBe(false);
    expect(leaks(await homePage.loader())).toBe(false);
    expect(
      leaks(
        await coursePage.loader({
          params: { slug: course.slug },
          request: request(`/courses/${course.slug}`),
        } as never),
      ),
    ).toBe(false);
    expect(leaks(await calendarPage.loader({ request: request("/courses/calendar") } as never))).toBe(false);
    // its venue is no venue of the calendar's: asked for, it lists nothing
    const byVenue = await calendarPage.loader({
      request: request(`/courses/calendar?venue=${encodeURIComponent(q.venue)}`),
    } as never);
    expect(byVenue.runs).toEqual([]);
    expect(leaks(byVenue.venues)).toBe(false);
    expect(leaks(await text(await calendarFeed.loader()))).toBe(false);
    const runFile = (await runFeed.loader({
      params: { slug: course.slug, runFile: `${runId}.ics` },
    } as never)) as Response;
    expect(runFile.status).toBe(404);
    const siteMap = (await sitemap.loader()) as Response;
    expect(leaks(await siteMap.text())).toBe(false);
    expect(
      leaks(await registerPage.loader({ request: request(`/register?course=${course.slug}`) } as never)),
    ).toBe(false);
    expect(leaks(await listRegistrationCourses())).toBe(false);
    expect(await listCourseYears()).not.toContain(year);
    expect(await countActiveCoursesByCategory()).toEqual(countsBefore);

    // nor does a registration posted with its id book it
    const refused = await createBooking({
      name: "Someone Else",
      email: "someone@elsewhere.example",
      phone: "0712000111",
      organization: null,
      kraPin: null,
      lpoNumber: null,
      nitaLevyNumber: null,
      course: course.slug,
      run: runId,
      message: null,
      participants: [],
      contactAttends: true,
      source: "register",
      idempotencyKey: `private-${runId}`,
      ip: null,
    } as never);
    expect(refused).toMatchObject({ ok: false, field: "run" });
  });
});

describe("a private date the office adds by hand", () => {
  test("tells no one on the course's notify-me list and is on no calendar; a quote's run cannot be made public", async () => {
    const startDate = addDays(today(), 90);
    await db()
      .insert(courseInterests)
      .values({ courseId: course.id, name: "Otieno Ouma", email: "otieno@waiting.example" });
    const run = await createCourseRun(ACTOR, course.id, {
      startDate,
      endDate: addDays(startDate, 4),
      label: null,
      venue: "Eldoret Club",
      country: "Kenya",
      deliveryMode: "physical",
      capacity: 20,
      minParticipants: null,
      costOverride: null,
      status: "open",
      private: true,
    });
    expect(run).toMatchObject({ private: true, organisationId: null });
    const notices = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "new_run_notice"), eq(emailOutbox.relatedId, run.id)));
    expect(notices).toEqual([]);
    expect((await listUpcomingRuns()).map((r) => r.id)).not.toContain(run.id);

    const q = await quotedEnquiry();
    await acceptQuote(CLIENT, q.quoteId, accept);
    const { runId } = (await privateBooking(q.quoteId)) as { runId: string };
    const [quoted] = await db().select().from(courseRuns).where(eq(courseRuns.id, runId));
    const made = await updateCourseRun(ACTOR, course.id, runId, {
      ...(quoted as typeof courseRuns.$inferSelect),
      costOverride: null,
      private: false,
    });
    expect(made).toMatchObject({ ok: false, status: 409 });
    expect((await db().select().from(courseRuns).where(eq(courseRuns.id, runId)))[0]?.private).toBe(true);
  });
});
