import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { getDashboard } from "#app/back-office/index.server";
import { createOrganisation } from "#app/organisations/index.server";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox, users } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as exportRoute from "#app/routes/sales/pipeline.export";
import * as contactRoute from "#app/routes/sales/public/contact";
import * as inHouseRoute from "#app/routes/sales/public/in-house-training";
import { EnquiryUpdateSchema } from "#app/sales/index";
import { countDueFollowUps, getPipeline, updateEnquiry } from "#app/sales/index.server";
import { contactSubmissions, enquiries } from "#app/sales/tables.server";
import type { FormResult } from "#app/site/index.server";
import { setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { signedInAdmin } from "../helpers/admin-session";
import { callAction, contextFor, formRequest, oldFormKey } from "../helpers/form-post";
import { ACTOR } from "../helpers/money";

const SLUG = "strategic-planning-and-performance-management";

const request = (fields: Record<string, string>) =>
  callAction<FormResult>(
    inHouseRoute.action,
    "/in-house-training",
    { formKey: oldFormKey(), ...fields },
    contextFor(),
  );

const GOOD = {
  organization: "County Government of Nakuru",
  name: "Faith Chebet",
  email: "hr@nakuru.go.ke",
  phone: "0722 000 111",
  course: SLUG,
  topic: "",
  participants: "18",
  preferredDates: "Second week of March",
  venue: "Nakuru",
  budget: "KES 450,000",
  message: "",
};

/** The enquiry page's form as posted: every field, empty unless given. */
const save = (fields: Record<string, string>) =>
  EnquiryUpdateSchema.parse({ ownerId: "", lostReason: "", followUpOn: "", organisationId: "", ...fields });

const enquiryCount = async () => (await db().select({ n: count() }).from(enquiries))[0]?.n ?? 0;

beforeAll(async () => {
  // the office's notifications go to the staff accounts
  await db().insert(users).values({ email: "office@mafunzo.test", passwordHash: "x", name: "Office" });
});
beforeEach(async () => {
  await setSettingValue(db(), "contact_form_enabled", true, null);
});
afterEach(() => setClock(null));

describe("the in-house training request", () => {
  test("becomes a new enquiry with its course, group, budget and known organisation; both e-mails are queued", async () => {
    const known = await createOrganisation(ACTOR, {
      name: "County Government of Nakuru",
      type: "county_government",
      kraPin: null,
      nitaLevyNumber: null,
      address: null,
      contacts: null,
      notes: null,
    });
    const answer = await request(GOOD);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, title: "Request received" });
    const [row] = await db().select().from(enquiries).where(eq(enquiries.contactEmail, "hr@nakuru.go.ke"));
    expect(row).toMatchObject({
      kind: "in_house",
      status: "new",
      participants: 18,
      budgetCents: 45_000_000,
      venue: "Nakuru",
      preferredDates: "Second week of March",
      organisationId: known.ok ? known.id : "none",
      message: null,
    });
    expect(row?.courseId).not.toBeNull();
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.relatedId, row?.id as string));
    expect(mails.map((m) => [m.kind, m.toAddress]).sort()).toEqual([
      ["in_house_acknowledgement", "hr@nakuru.go.ke"],
      ["in_house_notification", "office@mafunzo.test"],
    ]);
    expect(mails.find((m) => m.kind === "in_house_notification")?.textBody).toContain(
      `/admin/enquiries/${row?.id}`,
    );
  });

  test("bad input is refused with a specific message and stores nothing", async () => {
    const before = await enquiryCount();
    const cases: [Record<string, string>, string, string][] = [
      [
        { participants: "lots" },
        "participants",
        "Enter the number of participants as a whole number from 1 to 1,000.",
      ],
      [
        { participants: "0" },
        "participants",
        "Enter the number of participants as a whole number from 1 to 1,000.",
      ],
      [
        { budget: "about 1m" },
        "budget",
        "Enter the budget in Kenya shillings, digits only (for example 450,000).",
      ],
      [{ course: "", topic: "" }, "topic", "Choose a course or describe the topic you need."],
      [{ email: "not-an-address" }, "email", "Please enter a valid email address."],
    ];
    for (const [change, field, message] of cases) {
      const answer = await request({ ...GOOD, ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.body.fieldErrors?.[field], field).toBe(message);
    }
    const unknown = await request({ ...GOOD, course: "no-such-course" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors?.course).toBe("Please choose a course from the list.");
    expect(await enquiryCount()).toBe(before);
  });

  test("the same form sent twice is one enquiry", async () => {
    const formKey = oldFormKey();
    const fields = { ...GOOD, email: "twice@example.com", formKey };
    expect(
      (await callAction<FormResult>(inHouseRoute.action, "/in-house-training", fields, contextFor())).status,
    ).toBe(200);
    expect(
      (await callAction<FormResult>(inHouseRoute.action, "/in-house-training", fields, contextFor())).status,
    ).toBe(200);
    expect(
      await db()
        .select({ n: count() })
        .from(enquiries)
        .where(eq(enquiries.contactEmail, "twice@example.com")),
    ).toEqual([{ n: 1 }]);
  });

  test("the page pre-selects the course its link names, and none for an unknown one", async () => {
    const load = async (query: string) =>
      (
        await inHouseRoute.loader({
          request: new Request(`http://localhost/in-house-training${query}`),
        } as never)
      ).data;
    expect((await load(`?course=${SLUG}`)).course).toBe(SLUG);
    expect((await load("?course=%00bad")).course).toBe("");
    expect((await load("?course=no-such-course")).course).toBe("");
  });
});

const MESSAGE = {
  intent: "contact",
  source: "contact",
  name: "Peter Mwangi",
  email: "peter@acme.example",
  phone: "",
  organization: "Acme Ltd",
  courseInterest: "Consultancy: HR policy review",
  message: "We need our HR manual reviewed.",
};

const submissionsFrom = (email: string) =>
  db().select().from(contactSubmissions).where(eq(contactSubmissions.email, email));

describe("the contact page's one form", () => {
  test("a booking question is a contact submission with its spec status and a booking-question enquiry", async () => {
    const answer = await callAction<FormResult>(
      contactRoute.action,
      "/contact",
      { ...MESSAGE, about: "booking", email: "booking@acme.example", formKey: oldFormKey() },
      contextFor(),
    );
    expect(answer.body).toMatchObject({ ok: true, title: "Message Sent!" });
    const [submission] = await submissionsFrom("booking@acme.example");
    expect(submission?.status).toBe("new");
    const [enquiry] = await db()
      .select()
      .from(enquiries)
      .where(eq(enquiries.contactSubmissionId, submission?.id as string));
    expect(enquiry).toMatchObject({ kind: "booking_question", status: "new" });
    // the office's notification says what the message is about
    const [notice] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.relatedId, submission?.id as string))
      .then((rows) => rows.filter((m) => m.kind === "contact_notification"));
    expect(notice?.textBody).toContain("About: A booking question");
  });

  test("the home page's form, which asks nothing about it, sends an enquiry", async () => {
    const answer = await callAction<FormResult>(
      contactRoute.action,
      "/contact",
      { ...MESSAGE, source: "home", email: "home@acme.example", formKey: oldFormKey() },
      contextFor(),
    );
    expect(answer.status).toBe(200);
    const [submission] = await submissionsFrom("home@acme.example");
    const [enquiry] = await db()
      .select({ kind: enquiries.kind })
      .from(enquiries)
      .where(eq(enquiries.contactSubmissionId, submission?.id as string));
    expect(enquiry?.kind).toBe("contact");
  });

  test("a choice that is not on the form is refused with its message and stores nothing", async () => {
    const answer = await callAction<FormResult>(
      contactRoute.action,
      "/contact",
      { ...MESSAGE, about: "feedback", email: "odd@acme.example", formKey: oldFormKey() },
      contextFor(),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      message: "Choose what your message is about.",
      fieldErrors: { about: "Choose what your message is about." },
      values: { about: "feedback", name: "Peter Mwangi" },
    });
    expect(await submissionsFrom("odd@acme.example")).toEqual([]);
  });

  test("in-house training leads on to its request form with what was typed, storing nothing", async () => {
    const before = await enquiryCount();
    const post = (fields: Record<string, string>) =>
      contactRoute.action({
        request: formRequest("/contact", { ...MESSAGE, about: "in_house", formKey: oldFormKey(), ...fields }),
        context: contextFor(),
        params: {},
      } as never) as Promise<Response>;
    const answer = await post({ email: "inhouse@acme.example" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/in-house-training#in-house-form");
    expect(await submissionsFrom("inhouse@acme.example")).toEqual([]);
    expect(await enquiryCount()).toBe(before);

    const open = async (cookie: string | null) => {
      const headers = new Headers(cookie ? { Cookie: cookie } : {});
      return inHouseRoute.loader({
        request: new Request("http://localhost/in-house-training", { headers }),
      } as never);
    };
    const cookie = (answer.headers.get("Set-Cookie") ?? "").split(";")[0] as string;
    const opened = await open(cookie);
    expect(opened.data.typed).toEqual({
      name: "Peter Mwangi",
      email: "inhouse@acme.example",
      organization: "Acme Ltd",
      topic: "Consultancy: HR policy review",
      message: "We need our HR manual reviewed.",
    });
    // read once: the answer clears the cookie
    expect(new Headers(opened.init?.headers).get("Set-Cookie")).toMatch(/mafunzo_in_house=;/);
    expect((await open(null)).data.typed).toBeUndefined();

    // a message too long for a cookie stays behind; the rest still goes along
    const long = await post({ message: "x".repeat(5000) });
    const carried = await open((long.headers.get("Set-Cookie") ?? "").split(";")[0] as string);
    expect(carried.data.typed).toMatchObject({ name: "Peter Mwangi", organization: "Acme Ltd" });
    expect(carried.data.typed?.message).toBeUndefined();
  });

  test("a link chooses what the message is about; an unknown choice falls back to an enquiry", async () => {
    const load = async (query: string) =>
      (
        await contactRoute.loader({
          request: new Request(`http://localhost/contact${query}`),
          context: contextFor(),
          params: {},
        } as never)
      ).about;
    expect(await load("?about=in_house")).toBe("in_house");
    expect(await load("?about=booking")).toBe("booking");
    expect(await load("?about=%00")).toBe("enquiry");
    expect(await load("")).toBe("enquiry");
  });
});

describe("the contact forms", () => {
  test("a message is a contact submission with its spec status and an enquiry to follow up", async () => {
    const answer = await callAction<FormResult>(
      contactRoute.action,
      "/contact",
      {
        intent: "contact",
        source: "contact",
        name: "Peter Mwangi",
        email: "peter@acme.example",
        phone: "",
        organization: "Acme Ltd",
        courseInterest: "Consultancy: HR policy review",
        message: "We need our HR manual reviewed.",
        formKey: oldFormKey(),
      },
      contextFor(),
    );
    expect(answer.status).toBe(200);
    const [submission] = await db()
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "peter@acme.example"));
    expect(submission?.status).toBe("new");
    const [enquiry] = await db()
      .select()
      .from(enquiries)
      .where(eq(enquiries.contactSubmissionId, submission?.id as string));
    expect(enquiry).toMatchObject({
      kind: "contact",
      status: "new",
      organisationName: "Acme Ltd",
      topic: "Consultancy: HR policy review",
      message: "We need our HR manual reviewed.",
    });
  });
});

describe("following an enquiry up", () => {
  test("statuses move forward only, lost needs a reason, and a due follow-up is on today's list", async () => {
    await request({ ...GOOD, email: "follow@example.com" });
    const [row] = await db().select().from(enquiries).where(eq(enquiries.contactEmail, "follow@example.com"));
    const id = row?.id as string;
    const [organisation] = await db().select({ id: organisations.id }).from(organisations).limit(1);

    expect(await updateEnquiry(ACTOR, id, save({ status: "quoted" }))).toEqual({
      ok: false,
      status: 409,
      message: "An enquiry that is new cannot become quoted.",
    });
    const lostWithout = EnquiryUpdateSchema.safeParse({
      ownerId: "",
      status: "lost",
      lostReason: "",
      followUpOn: "",
      organisationId: "",
    });
    expect(lostWithout.error?.issues[0]?.message).toBe("Say why the enquiry was lost.");
    expect(
      EnquiryUpdateSchema.safeParse({
        ownerId: "",
        status: "new",
        lostReason: "",
        followUpOn: "2026-02-30",
        organisationId: "",
      }).error?.issues[0]?.message,
    ).toBe("Enter the follow-up date as a real date (YYYY-MM-DD).");

    const dueBefore = await countDueFollowUps();
    const tomorrow = addDays(today(), 1);
    expect(
      await updateEnquiry(
        ACTOR,
        id,
        save({ status: "qualified", followUpOn: tomorrow, organisationId: organisation?.id ?? "" }),
      ),
    ).toEqual({ ok: true, message: "The enquiry was saved." });
    expect(await countDueFollowUps()).toBe(dueBefore);
    setClock(new Date(`${tomorrow}T08:00:00+03:00`));
    expect(await countDueFollowUps()).toBe(dueBefore + 1);
    const item = (await getDashboard()).today.items.find((i) => i.id === "enquiry-follow-ups");
    expect(item).toMatchObject({ count: dueBefore + 1, to: "/admin/enquiries?due=1" });

    expect(
      await updateEnquiry(
        ACTOR,
        id,
        save({ status: "lost", lostReason: "Chose another provider", followUpOn: tomorrow }),
      ),
    ).toMatchObject({ ok: true });
    const [lost] = await db().select().from(enquiries).where(eq(enquiries.id, id));
    expect(lost).toMatchObject({ status: "lost", lostReason: "Chose another provider", followUpOn: null });
    expect(await countDueFollowUps()).toBe(dueBefore);
    expect(await updateEnquiry(ACTOR, id, save({ status: "qualified" }))).toMatchObject({
      ok: false,
      status: 409,
    });
  });
});

describe("the pipeline", () => {
  test("counts and values by status, won and lost per month with reasons, and the CSV of every enquiry", async () => {
    await request({ ...GOOD, email: "won@example.com", budget: "1,200,000" });
    await request({ ...GOOD, email: "lost@example.com", budget: "300000" });
    const idOf = async (email: string) =>
      (await db().select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.contactEmail, email)))[0]
        ?.id as string;
    const before = await getPipeline();
    const won = await idOf("won@example.com");
    for (const status of ["qualified", "quoted", "won"]) {
      expect((await updateEnquiry(ACTOR, won, save({ status }))).ok).toBe(true);
    }
    const lost = await idOf("lost@example.com");
    expect(
      (
        await updateEnquiry(
          ACTOR,
          lost,
          save({ status: "lost", lostReason: "Budget cut by the county assembly" }),
        )
      ).ok,
    ).toBe(true);

    const after = await getPipeline();
    const status = (p: typeof after, s: string) => p.statuses.find((row) => row.status === s);
    expect(status(after, "won")).toEqual({
      status: "won",
      count: (status(before, "won")?.count ?? 0) + 1,
      cents: (status(before, "won")?.cents ?? 0) + 120_000_000,
    });
    expect(status(after, "lost")?.cents).toBe((status(before, "lost")?.cents ?? 0) + 30_000_000);
    const month = after.months.find((m) => m.month === today().slice(0, 7));
    expect(month?.won).toBeGreaterThanOrEqual(1);
    expect(month?.wonCents).toBeGreaterThanOrEqual(120_000_000);
    expect(month?.reasons).toContainEqual({ reason: "Budget cut by the county assembly", n: 1 });

    const owner = await signedInAdmin({ roles: ["owner"] });
    const response = (await exportRoute.loader(owner.args("/admin/pipeline/export") as never)) as Response;
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFReceived,Kind,Status,Organisation,Contact,Course or topic,Participants,Value (KES),Owner,Follow up on,Won or lost on,Reason lost",
    );
    const wonLine = lines.find((line) => line.includes("Won,") && line.includes("1200000.00"));
    expect(wonLine).toContain(`,${today()},`);
    expect(lines.some((line) => line.endsWith(",Budget cut by the county assembly"))).toBe(true);
  });
});
