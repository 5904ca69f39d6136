import { and, count, eq, gte } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as registerRoute from "#app/routes/bookings/public/register";
import * as contactRoute from "#app/routes/sales/public/contact";
import { contactSubmissions } from "#app/sales/tables.server";
import type { FormResult } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { callAction, contextFor, oldFormKey } from "../helpers/form-post";

const SLUG = "strategic-planning-and-performance-management";

async function counts() {
  const [r] = await db().select({ n: count() }).from(courseRegistrations);
  const [c] = await db().select({ n: count() }).from(contactSubmissions);
  const [o] = await db().select({ n: count() }).from(emailOutbox);
  return { registrations: r?.n, contacts: c?.n, outbox: o?.n };
}

const register = (fields: Record<string, string>, context = contextFor()) =>
  callAction<FormResult>(registerRoute.action, "/register", fields, context);
const contact = (fields: Record<string, string>, context = contextFor()) =>
  callAction<FormResult>(contactRoute.action, "/contact", fields, context);

beforeEach(async () => {
  await setSettingValue(db(), "registration_enabled", true, null);
  await setSettingValue(db(), "contact_form_enabled", true, null);
});

describe("registration", () => {
  test("stores the server's snapshot of the course and run, not the posted text", async () => {
    const [run] = await db()
      .select({ id: courseRuns.id, label: courseRuns.label, venue: courseRuns.venue })
      .from(courseRuns)
      .innerJoin(courses, eq(courses.id, courseRuns.courseId))
      // an upcoming run: a past one is refused
      .where(and(eq(courses.slug, SLUG), gte(courseRuns.startDate, today())));
    const answer = await register({
      name: "Amina Wanjiru",
      email: "amina@example.com",
      phone: "+254 712 345 678",
      organization: "County Government of Nakuru",
      course: SLUG,
      run: run?.id ?? "",
      message: "Vegetarian meals",
      formKey: oldFormKey(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ok: true,
      title: "Registration Successful!",
      message: "We'll contact you soon with course details.",
    });
    expect(answer.body.reference).toMatch(/^MF-[2-9A-HJKMNP-Z]{8}$/);
    const [row] = await db()
      .select()
      .from(courseRegistrations)
      .where(eq(courseRegistrations.reference, answer.body.reference as string));
    expect(row).toMatchObject({
      name: "Amina Wanjiru",
      phone: "+254 712 345 678",
      courseName: "Strategic Planning and Performance Management",
      courseDate: run?.label,
      courseVenue: run?.venue,
      courseCost: "KES 95,000",
      courseDuration: "5 days",
      runId: run?.id,
      specialRequirements: "Vegetarian meals",
      source: "register",
      status: "new",
    });
    expect(row?.courseId).toBeTruthy();
  });

  test("a posted course name or price is not a field of the form: refused, nothing stored", async () => {
    const before = await db().$count(courseRegistrations);
    const forgeries: Record<string, string>[] = [{ course_cost: "KSH 1" }, { courseName: "Free course" }];
    for (const forged of forgeries) {
      const answer = await register({
        name: "Amina Wanjiru",
        email: "amina@example.com",
        course: SLUG,
        ...forged,
        formKey: oldFormKey(),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, message: "The form has a field it does not expect." });
      expect(JSON.stringify(answer.body)).not.toContain(Object.values(forged)[0]);
    }
    expect(await db().$count(courseRegistrations)).toBe(before);
  });

  test("the contact page's form stores a registration and answers in its own words", async () => {
    const answer = await contact({
      intent: "register",
      name: "Peter Otieno",
      email: "peter@example.com",
      course: SLUG,
      formKey: oldFormKey(),
    });
    expect(answer.body).toMatchObject({
      ok: true,
      title: "Registration Received!",
      message: "We'll contact you within 24 hours to confirm your registration.",
    });
    const [row] = await db()
      .select({ source: courseRegistrations.source, courseDate: courseRegistrations.courseDate })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.reference, answer.body.reference as string));
    expect(row).toEqual({ source: "contact", courseDate: null });
  });

  test("the same form key twice stores one registration and answers with the same reference", async () => {
    const fields = { name: "Twice", email: "twice@example.com", course: SLUG, formKey: oldFormKey() };
    const [first, second] = await Promise.all([register(fields), register(fields)]);
    expect(first.body.reference).toBe(second.body.reference);
    const rows = await db()
      .select({ id: courseRegistrations.id })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.email, "twice@example.com"));
    expect(rows).toHaveLength(1);
  });

  test("missing required fields, an unknown course and a bad e-mail are refused and nothing is stored", async () => {
    const before = await counts();
    const missing = await register({ name: "", email: "", course: "", formKey: oldFormKey() });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      ok: false,
      title: "Error",
      message: "Please fill in all required fields",
    });
    expect(missing.body.fieldErrors).toMatchObject({
      name: "Name is required.",
      course: "Course is required.",
    });
    const unknown = await register({
      name: "A",
      email: "a@example.com",
      course: "no-such-course",
      formKey: oldFormKey(),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      "The selected course is not available for registration. Please choose another course.",
    );
    const badEmail = await register({
      name: "A",
      email: "not-an-email",
      course: SLUG,
      formKey: oldFormKey(),
    });
    expect(badEmail.body.message).toBe("Please enter a valid email address.");
    expect(badEmail.body.values).toMatchObject({ name: "A", email: "not-an-email" });
    expect(await counts()).toEqual(before);
  });

  test("registration_enabled off: the page shows the notice and a POST is refused, storing nothing", async () => {
    await setSettingValue(db(), "registration_enabled", false, null);
    const page = await registerRoute.loader({
      request: new Request("http://localhost/register"),
      context: contextFor(),
      params: {},
    } as never);
    expect(page.enabled).toBe(false);
    const before = await counts();
    const answer = await register({
      name: "Closed",
      email: "c@example.com",
      course: SLUG,
      formKey: oldFormKey(),
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(
      "Online course registration is currently closed. Please contact us on +254 711 482 900 or at info@mafunzo.co.ke.",
    );
    const viaContact = await contact({
      intent: "register",
      name: "Closed",
      email: "c@example.com",
      course: SLUG,
      formKey: oldFormKey(),
    });
    expect(viaContact.status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("contact", () => {
  test("stores a message with status new and its phone number, and queues the acknowledgement", async () => {
    const answer = await contact({
      intent: "contact",
      source: "contact",
      name: "<script>alert(1)</script>",
      email: "visitor@example.com",
      phone: "0712 345 678",
      organization: "'; drop table users; --",
      courseInterest: "Leadership",
      message: "Hello",
      formKey: oldFormKey(),
    });
    expect(answer.body).toMatchObject({
      ok: true,
      title: "Message Sent!",
      message: "We'll get back to you within 24 hours.",
    });
    expect(answer.body.nextFormKey).toBeTruthy();
    const [row] = await db()
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "visitor@example.com"));
    expect(row).toMatchObject({
      name: "<script>alert(1)</script>",
      organization: "'; drop table users; --",
      phone: "0712 345 678",
      status: "new",
      source: "contact",
    });
    const mails = await db()
      .select({ to: emailOutbox.toAddress, html: emailOutbox.htmlBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.relatedId, row?.id as string));
    expect(mails.map((m) => m.to)).toContain("visitor@example.com");
    for (const mail of mails) {
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
  });

  test("contact_form_enabled off: the notice replaces the form and a POST is refused", async () => {
    await setSettingValue(db(), "contact_form_enabled", false, null);
    const page = await contactRoute.loader({ request: new Request("http://localhost/contact") } as never);
    expect(page.contactFormEnabled).toBe(false);
    expect(page.registrationEnabled).toBe(true);
    const before = await counts();
    const answer = await contact({
      intent: "contact",
      source: "home",
      name: "A",
      email: "a@example.com",
      formKey: oldFormKey(),
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(
      "The contact form is currently closed. Please contact us on +254 711 482 900 or at info@mafunzo.co.ke.",
    );
    expect(await counts()).toEqual(before);
  });

  test("bots: a filled honeypot, a missing key and a too-fast submission are not stored", async () => {
    const base = { intent: "contact", source: "home", name: "Bot", email: "bot@example.com" };
    const honeypot = await contact({ ...base, website: "http://spam", formKey: oldFormKey() });
    expect(honeypot.status).toBe(400);
    expect(honeypot.body.message).toBe(
      "This submission looks automated and was not accepted. Please reload the page and try again.",
    );
    const noKey = await contact(base);
    expect(noKey.body.message).toBe(
      "This form is incomplete or has expired. Please reload the page and try again.",
    );
    const before = await counts();
    const fast = await contact({ ...base, formKey: oldFormKey(100) });
    expect(fast.status).toBe(400);
    expect(fast.body).toMatchObject({ ok: false, title: "Please confirm", values: { name: "Bot" } });
    expect(await counts()).toEqual(before);
  });

  test("a form sent too quickly (autofill) is asked to confirm once; the confirmation under the same key passes", async () => {
    const base = { intent: "contact", source: "home", name: "Auto Fill", email: "autofill@example.com" };
    const before = await counts();
    const fast = await contact({ ...base, formKey: oldFormKey(100) });
    expect(fast.body.message).toBe("Please check your details and press the button again to send them.");
    const confirm = fast.body.confirm as { formKey: string; token: string };
    expect(confirm.token).toMatch(/^[\w-]{43}$/);
    // a script replaying the first post, or pairing the token with another key, is asked again
    expect((await contact({ ...base, formKey: confirm.formKey })).body.title).toBe("Please confirm");
    const otherKey = oldFormKey(100);
    expect((await contact({ ...base, formKey: otherKey, confirm: confirm.token })).body.title).toBe(
      "Please confirm",
    );
    expect(
      (await contact({ ...base, formKey: confirm.formKey, confirm: `${confirm.token.slice(1)}A` })).body
        .title,
    ).toBe("Please confirm");
    // the honeypot still refuses a confirmed post
    const trapped = await contact({
      ...base,
      formKey: confirm.formKey,
      confirm: confirm.token,
      website: "x",
    });
    expect(trapped.body.message).toContain("looks automated");
    expect(await counts()).toEqual(before);
    const confirmed = await contact({ ...base, formKey: confirm.formKey, confirm: confirm.token });
    expect(confirmed.body).toMatchObject({ ok: true, title: "Message Sent!" });
    const again = await contact({ ...base, formKey: confirm.formKey, confirm: confirm.token });
    expect(again.body.ok).toBe(true);
    const [row] = await db()
      .select({ n: count() })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "autofill@example.com"));
    expect(row?.n).toBe(1);
  });

  test("more than 10 submissions a minute from one address get 429 with the wait", async () => {
    const context = contextFor("192.0.2.77");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await contact(
        { intent: "contact", source: "home", name: "", email: "", formKey: oldFormKey() },
        context,
      );
      statuses.push(answer.status);
      if (i === 10) {
        expect(answer.body.message).toMatch(
          /^Too many submissions from your address\. Please try again in \d+ seconds?\.$/,
        );
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    const other = await contact({
      intent: "contact",
      source: "home",
      name: "",
      email: "",
      formKey: oldFormKey(),
    });
    expect(other.status).toBe(400);
  });
});
