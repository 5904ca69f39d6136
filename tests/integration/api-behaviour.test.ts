import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#app/booking/tables.server";
import { payments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { courseRuns } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { apiToken, callApi } from "../helpers/api";
import { book, newRun, SLUG } from "../helpers/money";

// The API's rules beyond each answer's shape (issue 54, decisions 0801-0803): pages that miss nothing, a
// replayed write that changes nothing, bookings refused by the form's own rules, and refusals that store nothing.

let runId = "";
beforeAll(async () => {
  await setSettingValue(db(), "registration_enabled", true, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  runId = await newRun();
});

const bookingBody = (extra: Record<string, unknown> = {}) => ({
  name: "Wanjiru Kamau",
  email: `wanjiru.${crypto.randomUUID().slice(0, 8)}@example.com`,
  phone: "0712 345 678",
  course: SLUG,
  run: runId,
  ...extra,
});

describe("pages", () => {
  it("walks every run once by cursor, and updated_since gives what changed", async () => {
    const token = await apiToken(["catalogue:read"]);
    for (let i = 0; i < 3; i++) await newRun();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : "limit=2";
      const page = await callApi("GET", `/api/v1/runs?${query}`, { token });
      expect(page.status).toBe(200);
      const body = page.body as { data: { id: string }[]; next_cursor: string | null };
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((run) => run.id));
      cursor = body.next_cursor;
    } while (cursor);
    const all = await db().select({ id: courseRuns.id }).from(courseRuns);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(all.map((run) => run.id).sort());

    const since = new Date().toISOString();
    await db()
      .update(courseRuns)
      .set({ venue: "Kisumu, Kenya", updatedAt: new Date() })
      .where(eq(courseRuns.id, runId));
    const changed = await callApi("GET", `/api/v1/runs?updated_since=${encodeURIComponent(since)}`, {
      token,
    });
    expect((changed.body as { data: { id: string; venue: string }[] }).data.map((run) => run.id)).toEqual([
      runId,
    ]);
  });

  it("refuses a made-up cursor, an unknown parameter and a bad date, each by name", async () => {
    const token = await apiToken(["catalogue:read"]);
    const cursor = await callApi("GET", "/api/v1/courses?cursor=bm90LWEtY3Vyc29y", { token });
    expect(cursor.status).toBe(422);
    expect(cursor.body).toMatchObject({ errors: [{ pointer: "?cursor" }] });
    const unknown = await callApi("GET", "/api/v1/courses?colour=blue", { token });
    expect(unknown.status).toBe(422);
    const date = await callApi("GET", "/api/v1/courses?updated_since=yesterday", { token });
    expect(date.status).toBe(422);
    expect(JSON.stringify(date.body)).toContain("updated_since must be an ISO 8601 date and time");
  });
});

describe("bookings through the API", () => {
  it("books as the form does, and a replay with the same key answers the first answer and books nothing", async () => {
    const token = await apiToken(["bookings:write"]);
    const body = bookingBody({
      participants: [{ name: "Otieno Ouma", email: `otieno.${crypto.randomUUID().slice(0, 6)}@example.com` }],
    });
    const key = crypto.randomUUID();
    const first = await callApi("POST", "/api/v1/bookings", {
      token,
      body,
      headers: { "Idempotency-Key": key },
    });
    expect(first.status).toBe(201);
    const created = first.body as { reference: string; participants: number; status: string };
    expect(created).toMatchObject({ status: "pending", participants: 1 });
    const again = await callApi("POST", "/api/v1/bookings", {
      token,
      body,
      headers: { "Idempotency-Key": key },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await db().select().from(bookings).where(eq(bookings.contactEmail, body.email))).toHaveLength(1);
    const other = await callApi("POST", "/api/v1/bookings", {
      token,
      body: { ...body, name: "Someone Else" },
      headers: { "Idempotency-Key": key },
    });
    expect(other.status).toBe(422);
    const read = await callApi("GET", `/api/v1/bookings/${created.reference}`, { token });
    expect(read.body).toMatchObject({
      reference: created.reference,
      participants: [{ name: "Otieno Ouma" }],
    });
  });

  it("refuses what the form refuses, with the form's words, and stores nothing", async () => {
    const token = await apiToken(["bookings:write"]);
    const email = `dup.${crypto.randomUUID().slice(0, 6)}@example.com`;
    const duplicate = await callApi("POST", "/api/v1/bookings", {
      token,
      body: bookingBody({
        participants: [
          { name: "A", email },
          { name: "B", email },
        ],
      }),
    });
    expect(duplicate.status).toBe(422);
    expect((duplicate.body as { detail: string }).detail).toBe(
      `${email} is listed more than once. Each participant needs their own e-mail address.`,
    );
    const badEmail = await callApi("POST", "/api/v1/bookings", {
      token,
      body: bookingBody({ email: "not-an-address" }),
    });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body).toMatchObject({
      errors: [{ pointer: "/email", detail: "Please enter a valid email address." }],
    });
    const unknownCourse = await callApi("POST", "/api/v1/bookings", {
      token,
      body: bookingBody({ course: "no-such-course", run: undefined }),
    });
    expect(unknownCourse.status).toBe(422);
    const extra = await callApi("POST", "/api/v1/bookings", { token, body: bookingBody({ admin: true }) });
    expect(extra.status).toBe(422);
    const notJson = await callApi("POST", "/api/v1/bookings", {
      token,
      body: "name=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    const broken = await callApi("POST", "/api/v1/bookings", { token, body: "{not json" });
    expect(broken.status).toBe(422);
    expect(await db().select().from(bookings).where(eq(bookings.contactEmail, email))).toHaveLength(0);
  });

  it("is closed with the form: 409 while registration is switched off", async () => {
    const token = await apiToken(["bookings:write"]);
    await setSettingValue(db(), "registration_enabled", false, null);
    try {
      const closed = await callApi("POST", "/api/v1/bookings", { token, body: bookingBody() });
      expect(closed.status).toBe(409);
      expect((closed.body as { detail: string }).detail).toBe(
        "Online course registration is currently closed.",
      );
    } finally {
      await setSettingValue(db(), "registration_enabled", true, null);
    }
  });
});

describe("bank payments through the API", () => {
  it("records one payment per bank reference, refuses a date after tomorrow and an unknown booking", async () => {
    const token = await apiToken(["finance:write"]);
    const { booking } = await book(runId, 1, "Payer");
    const code = `FT${crypto.randomInt(1e9)}`;
    const body = {
      booking_reference: booking.reference,
      amount_minor: 4_500_000,
      currency: "KES",
      received_on: today(),
      bank_reference: code,
    };
    const first = await callApi("POST", "/api/v1/payments", { token, body });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      payment: {
        amount: { amount_minor: 4_500_000, currency: "KES" },
        booking_id: booking.id,
        method: "bank",
      },
    });
    const twice = await callApi("POST", "/api/v1/payments", { token, body });
    expect(twice.status).toBe(409);
    const later = await callApi("POST", "/api/v1/payments", {
      token,
      body: { ...body, bank_reference: `${code}X`, received_on: "2099-01-01" },
    });
    expect(later.status).toBe(422);
    const nobody = await callApi("POST", "/api/v1/payments", {
      token,
      body: { ...body, bank_reference: `${code}Y`, booking_reference: "MF-ZZZZZZZZ" },
    });
    expect(nobody.status).toBe(422);
    expect(nobody.body).toMatchObject({ errors: [{ pointer: "/booking_reference" }] });
    const usd = await callApi("POST", "/api/v1/payments", {
      token,
      body: { ...body, bank_reference: `${code}Z`, currency: "USD" },
    });
    expect(usd.status).toBe(422);
    const ledger = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(ledger.map((p) => p.amountCents)).toEqual([4_500_000]);
  });
});

describe("an address the API does not have", () => {
  it("answers 404 as a problem document, for a resource and for any deeper path", async () => {
    const token = await apiToken(["catalogue:read"]);
    expect((await callApi("GET", "/api/v1/widgets", { token })).status).toBe(404);
    const deep = await callApi("GET", "/api/v1/courses/a/b/c", { token });
    expect(deep.status).toBe(404);
    expect(deep.headers.get("content-type")).toBe("application/problem+json");
  });
});
