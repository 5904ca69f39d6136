import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { systemSettings } from "#app/platform/db/tables.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { SETTING_KEYS } from "#app/platform/settings/settings";
import { getSiteContent, seedDatabase } from "#app/site/index.server";
import { courseRuns, courses, testimonials, websiteImages } from "#app/site/tables.server";

const counts = async () => ({
  courses: (await db().select({ n: count() }).from(courses))[0]?.n,
  runs: (await db().select({ n: count() }).from(courseRuns))[0]?.n,
  testimonials: (await db().select({ n: count() }).from(testimonials))[0]?.n,
  images: (await db().select({ n: count() }).from(websiteImages))[0]?.n,
  settings: (await db().select({ n: count() }).from(systemSettings))[0]?.n,
});

describe("migrated and seeded database", () => {
  it("holds the catalogue content", async () => {
    const c = await counts();
    expect(c.courses).toBe(37);
    expect(c.testimonials).toBe(9);
    expect(c.images).toBe(9);
    expect(c.settings).toBe(SETTING_KEYS.length);
    expect(c.runs).toBeGreaterThanOrEqual(37);
  });

  it("seeds once: a second run adds nothing", async () => {
    const before = await counts();
    await seedDatabase(db());
    expect(await counts()).toEqual(before);
  });

  it("has every setting with its default", async () => {
    expect(await getSettings()).toEqual({
      site_maintenance: false,
      registration_enabled: true,
      contact_form_enabled: true,
      max_admin_accounts: 1,
      max_group_size: 25,
      meeting_attendance_threshold: 75,
      waitlist_offer_hours: 48,
      require_second_factor: false,
      seats_left_threshold: 5,
      finance_legal_name: "Mafunzo Training & Consultancy Ltd",
      finance_kra_pin: "",
      vat_registered: true,
      vat_rate: 16,
      prices_include_vat: true,
      invoice_prefix: "PRO",
      payment_terms_days: 14,
      mpesa_callback_secret: "",
      mpesa_transaction_limit: 250_000,
      reminder_days: "7,1",
      substitution_notice_days: 14,
      certificate_threshold: 80,
      certificate_signatory_name: "Esther Achieng Oduor",
      certificate_signatory_title: "Director of Training",
      nita_provider_number: "",
      decision_buffer_days: 3,
      financial_records_retention_years: 5,
    });
  });

  it("rejects values the constraints forbid", async () => {
    await expect(
      db().execute(
        sql`insert into testimonials (name, position, course, content, rating) values ('a','b','c','d', 6)`,
      ),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`insert into courses (slug, title, category) values ('x', 'X', 'other')`),
    ).rejects.toThrow();
  });

  it("serves site content with seeded fallbacks", async () => {
    const { contact, offices } = await getSiteContent(["contact", "offices"]);
    expect(contact.email).toContain("@");
    expect(offices.map((o) => o.city)).toEqual(["Nairobi", "Mombasa", "Kampala", "Kigali"]);
  });
});
