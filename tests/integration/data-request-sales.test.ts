import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as page from "#app/routes/back-office/data-requests";
import * as exportRoute from "#app/routes/back-office/data-requests.export";
import {
  acceptQuote,
  cancelEngagement,
  MilestonePlanSchema,
  QuoteSchema,
  reachMilestone,
  saveMilestonePlan,
  sendQuote,
} from "#app/sales/index.server";
import { engagementMilestones, engagements, enquiries, quotes } from "#app/sales/tables.server";
import { addDays, today } from "#app/utils/dates";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { ACTOR } from "../helpers/money";

// The data-request tool (decision 0637) and the office's sales records (issue 37): a person known only from an
// in-house request, a quote they answered, or an engagement they are the contact of is found, copied and erased;
// what the bookings' rule keeps (the buyer on issued invoices) is kept here too.

let owner: Awaited<ReturnType<typeof signedInAdmin>>;
const tag = crypto.randomUUID().slice(0, 6);

beforeAll(async () => {
  owner = await signedInAdmin({ roles: ["owner"] });
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});

const post = (form: Record<string, string>) =>
  answer(() => page.action(owner.args("/admin/data-requests", { form }) as never));
const search = async (subject: string) =>
  (await post({ intent: "search", subject })).data as unknown as {
    counts: Record<string, number>;
    plan: { kept: { what: string; why: string }[] };
  };
const erase = (subject: string) =>
  post({ intent: "erase", subject, askedBy: "The person, by e-mail", confirm: "yes" });

/** An in-house request only: no contact-form message, no booking. */
async function inHouseOnly(email: string, phone: string | null = null) {
  const [row] = await db()
    .insert(enquiries)
    .values({
      kind: "in_house",
      status: "qualified",
      organisationName: `Lake Basin Authority ${tag}`,
      contactName: "Otieno Inhouse",
      contactEmail: email,
      contactPhone: phone,
      topic: "Governance workshop",
      message: `Please call me ${tag}`,
      ip: "198.51.100.9",
    })
    .returning({ id: enquiries.id });
  return row?.id as string;
}

/** A consultancy quote sent for the enquiry and accepted by someone there: its engagement. */
async function acceptedConsultancy(enquiryId: string, answerer: string) {
  const sent = await sendQuote(
    ACTOR,
    enquiryId,
    QuoteSchema.parse({
      kind: "consultancy",
      participants: "1",
      validUntil: addDays(today(), 10),
      terms: "By milestone.",
      lines: [{ kind: "consultancy_days", description: "Review", quantity: "2", unit: "50,000" }],
    }),
  );
  if (!sent.ok) throw new Error(sent.message);
  expect(
    (await acceptQuote(ACTOR, sent.id, { name: answerer, position: "Director", lpoNumber: null })).ok,
  ).toBe(true);
  const [engagement] = await db().select().from(engagements).where(eq(engagements.quoteId, sent.id));
  return { quoteId: sent.id, engagement: engagement as typeof engagements.$inferSelect };
}

describe("a person known only from the office's enquiries", () => {
  it("is found by e-mail or phone, copied in full, and erased: the unquoted enquiry goes", async () => {
    const email = `otieno.${tag}@basin.example`;
    const id = await inHouseOnly(email, "0711 222 333");
    expect((await search(email.toUpperCase())).counts).toMatchObject({ salesEnquiries: 1 });
    expect((await search("+254711222333")).counts).toMatchObject({ salesEnquiries: 1 });

    const response = (await exportRoute.action(
      owner.args("/admin/data-requests/export", {
        form: { subject: email, askedBy: "Otieno", format: "json" },
      }) as never,
    )) as Response;
    const copy = await response.json();
    expect(copy.officeEnquiries).toEqual([
      expect.objectContaining({
        contactName: "Otieno Inhouse",
        message: `Please call me ${tag}`,
        ipAddress: "198.51.100.9",
      }),
    ]);

    const erased = await erase(email);
    expect(erased.status).toBe(200);
    expect(erased.data).toMatchObject({ erased: { salesEnquiriesDeleted: 1 } });
    expect(await db().select().from(enquiries).where(eq(enquiries.id, id))).toEqual([]);
    expect((await search(email)).counts).toMatchObject({ salesEnquiries: 0 });
  });

  it("once quoted, the enquiry and the quote's answerer are anonymised; a running engagement keeps its contact", async () => {
    const email = `wafula.${tag}@basin.example`;
    const id = await inHouseOnly(email);
    const { quoteId, engagement } = await acceptedConsultancy(id, "Wafula Answerer");
    const found = await search(email);
    expect(found.counts).toMatchObject({ salesEnquiries: 1, quotes: 1, engagements: 1 });
    expect(found.plan.kept.map((k) => k.what)).toContain(
      `Engagement "${engagement.title}": the contact's name, e-mail and phone`,
    );

    const erased = await erase(email);
    expect(erased.data).toMatchObject({
      erased: {
        salesEnquiriesDeleted: 0,
        salesEnquiriesAnonymised: 1,
        quotesAnonymised: 1,
        engagementsAnonymised: 0,
      },
    });
    const [enquiry] = await db().select().from(enquiries).where(eq(enquiries.id, id));
    expect(enquiry).toMatchObject({
      contactName: "Erased contact",
      contactPhone: null,
      message: null,
      ip: null,
    });
    expect(enquiry?.contactEmail).toMatch(/@erased\.invalid$/);
    const [quote] = await db().select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toMatchObject({
      status: "accepted",
      answeredByName: "Erased contact",
      answeredByPosition: null,
    });
    const [kept] = await db().select().from(engagements).where(eq(engagements.id, engagement.id));
    expect(kept?.contactEmail).toBe(email);
  });

  it("an engagement cancelled before any invoice loses its contact; one with an issued invoice keeps it", async () => {
    const cancelledEmail = `cancel.${tag}@basin.example`;
    const cancelled = await acceptedConsultancy(await inHouseOnly(cancelledEmail), "A");
    expect((await cancelEngagement(ACTOR, cancelled.engagement.id)).ok).toBe(true);
    await erase(cancelledEmail);
    const [gone] = await db().select().from(engagements).where(eq(engagements.id, cancelled.engagement.id));
    expect(gone).toMatchObject({ contactName: "Erased contact", contactPhone: null, status: "cancelled" });

    const invoicedEmail = `invoiced.${tag}@basin.example`;
    const invoiced = await acceptedConsultancy(await inHouseOnly(invoicedEmail), "B");
    const plan = MilestonePlanSchema.parse({
      milestones: [
        {
          title: "Whole review",
          dueOn: addDays(today(), 5),
          amount: String(invoiced.engagement.totalCents / 100),
        },
      ],
    });
    expect((await saveMilestonePlan(ACTOR, invoiced.engagement.id, plan)).ok).toBe(true);
    const [milestone] = await db()
      .select()
      .from(engagementMilestones)
      .where(eq(engagementMilestones.engagementId, invoiced.engagement.id));
    expect((await reachMilestone(ACTOR, invoiced.engagement.id, milestone?.id as string)).ok).toBe(true);
    const found = await search(invoicedEmail);
    // the milestone's billing booking is found as a booking of theirs, with its invoice
    expect(found.counts).toMatchObject({ engagements: 1, bookings: 1, financeDocuments: 1 });
    await erase(invoicedEmail);
    const [stays] = await db().select().from(engagements).where(eq(engagements.id, invoiced.engagement.id));
    expect(stays?.contactEmail).toBe(invoicedEmail);
    expect(stays?.status).toBe("completed");
  });
});
