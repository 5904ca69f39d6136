import { and, desc, eq, inArray } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getTodayWork } from "#app/back-office/testing.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { confirmBooking } from "#app/bookings/index.server";
import { findDeliveryRun, issueCertificates } from "#app/delivery/index.server";
import { attendanceMarks } from "#app/delivery/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs, emailOutbox } from "#app/platform/db/tables.server";
import { afterAnswerSettled } from "#app/platform/jobs/after-answer.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { courseRuns, runSessions } from "#app/site/tables.server";
import { advanceClock, setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { action as accountAction, loader as accountLoader } from "../../app/routes/bookings/public/account";
import {
  action as bookingAction,
  loader as bookingLoader,
} from "../../app/routes/bookings/public/account.booking";
import { loader as certificatesLoader } from "../../app/routes/bookings/public/account.certificates";
import { loader as nitaPackLoader } from "../../app/routes/bookings/public/account.nita-pack";
import {
  action as signInAction,
  loader as signInLoader,
} from "../../app/routes/bookings/public/account.sign-in";
import { useTempDiskStorage } from "../helpers/admin-actions";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";
import { writeTimetable } from "../helpers/delivery";
import { ACTOR, book, newRun } from "../helpers/money";
import { extractPdfText, squash } from "../helpers/pdf-text";

let ipCounter = 0;
/** Each call from its own network address, so the per-address limit only counts where a test means it to. */
const fresh = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

const linkFor = async (email: string) => {
  // the link is made after the form's answer (decision 0709)
  await afterAnswerSettled();
  const [mail] = await db()
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "portal_sign_in")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(/\/account\/sign-in\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no sign-in link e-mailed to ${email}`);
  return token;
};

const askForLink = (email: string, ip = fresh()) =>
  answer(() => accountAction(routeArgs("/account", { form: { intent: "link", email }, ip }) as never));

const clickLink = async (token: string) => {
  try {
    return await signInAction(
      routeArgs(
        `/account/sign-in/${token}`,
        { form: { intent: "sign-in" }, ip: fresh() },
        { token },
      ) as never,
    );
  } catch (thrown) {
    return thrown;
  }
};

/** Signs the address in through its e-mailed link; the portal cookie, as the browser would send it. */
async function signIn(email: string) {
  expect((await askForLink(email)).status).toBe(200);
  const answered = await clickLink(await linkFor(email));
  if (!(answered instanceof Response)) throw new Error(`sign-in refused: ${JSON.stringify(answered)}`);
  expect(answered.headers.get("Location")).toBe("/account");
  const cookie = answered.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  expect(cookie).toMatch(/^mafunzo_client=/);
  return cookie;
}

const as = (
  cookie: string,
  path: string,
  form?: Record<string, string>,
  params: Record<string, string> = {},
) => routeArgs(path, { cookie, form, ip: fresh() }, params) as never;

const portalAudits = (email: string) =>
  db()
    .select({ action: adminAuditLogs.action, roles: adminAuditLogs.actorRoles })
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.actorEmail, email))
    .orderBy(adminAuditLogs.createdAt);

let runId: string;
let other: string;
beforeEach(async () => {
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  await setSettingValue(db(), "substitution_notice_days", 14, null);
  runId = await newRun();
  other = await newRun();
});
afterEach(() => setClock(null));

describe("signing in by an e-mailed link", () => {
  test("a contact gets a link; an unknown address gets the same answer and no e-mail", async () => {
    const { booking } = await book(runId, 1, "Linkone");
    const known = await askForLink(booking.contactEmail.toUpperCase());
    const unknown = await askForLink("nobody-here@county.example");
    expect(known.data?.message).toBe(
      `If ${booking.contactEmail.toLowerCase()} is the contact of a booking with us, a sign-in link is on its way to it. The link works once, for 15 minutes.`,
    );
    expect(unknown.data?.message).toContain("If nobody-here@county.example is the contact");
    expect(await linkFor(booking.contactEmail)).toMatch(/^[\w-]{40,}$/);
    await expect(linkFor("nobody-here@county.example")).rejects.toThrow("no sign-in link");
  });

  test("a link works once: used twice, the second click is refused and starts no session", async () => {
    const { booking } = await book(runId, 1, "Twice");
    await askForLink(booking.contactEmail);
    const token = await linkFor(booking.contactEmail);
    expect(
      outcomeOf(await signInLoader(routeArgs(`/account/sign-in/${token}`, {}, { token }) as never)),
    ).toMatchObject({
      email: booking.contactEmail.toLowerCase(),
    });
    const first = await clickLink(token);
    expect(first).toBeInstanceOf(Response);
    const second = await answer(() => Promise.resolve(clickLink(token)));
    expect(second).toMatchObject({
      status: 409,
      data: { refused: "This sign-in link has already been used: each link works once." },
    });
  });

  test("a link used after 15 minutes is refused as expired", async () => {
    const { booking } = await book(runId, 1, "Late");
    await askForLink(booking.contactEmail);
    const token = await linkFor(booking.contactEmail);
    advanceClock(15 * 60 * 1000 + 1000);
    expect(
      outcomeOf(await signInLoader(routeArgs(`/account/sign-in/${token}`, {}, { token }) as never)),
    ).toMatchObject({
      refused: "This sign-in link has expired: links work for 15 minutes.",
    });
    expect(await answer(() => Promise.resolve(clickLink(token)))).toMatchObject({ status: 409 });
    expect(await answer(() => Promise.resolve(clickLink("not-a-token")))).toMatchObject({ status: 404 });
  });

  test("links are rate limited per address and per network address", async () => {
    const { booking } = await book(runId, 1, "Limited");
    for (let i = 0; i < 3; i++) expect((await askForLink(booking.contactEmail)).status).toBe(200);
    const limited = await askForLink(booking.contactEmail);
    expect(limited.status).toBe(429);
    expect(limited.data?.message).toMatch(
      /^Too many sign-in links asked for\. Please try again in \d+ minutes?\.$/,
    );
    const ip = "192.0.2.99";
    for (let i = 0; i < 10; i++) await askForLink(`someone${i}@county.example`, ip);
    expect((await askForLink("one-more@county.example", ip)).status).toBe(429);
  });

  test("a staff session is not a portal session, and signing out ends the portal one", async () => {
    const admin = await signedInAdmin();
    expect(outcomeOf(await accountLoader(admin.args("/account") as never))).toMatchObject({ email: null });
    const { booking } = await book(runId, 1, "Signout");
    const cookie = await signIn(booking.contactEmail);
    expect(outcomeOf(await accountLoader(as(cookie, "/account")))).toMatchObject({
      email: booking.contactEmail.toLowerCase(),
    });
    const { action: signOut } = await import("../../app/routes/bookings/public/account.sign-out");
    await signOut(as(cookie, "/account/sign-out", {}));
    expect(outcomeOf(await accountLoader(as(cookie, "/account")))).toMatchObject({ email: null });
  });
});

describe("what a client sees", () => {
  test("their own bookings only: another organisation's booking is answered as not theirs", async () => {
    const { booking: mine } = await book(runId, 2, "Mine");
    const { booking: theirs } = await book(runId, 1, "Theirs");
    await db()
      .update(bookings)
      .set({ organization: "Kenya Ports Authority" })
      .where(eq(bookings.id, theirs.id));
    // two more of the contact's own: one on a later date, one on a date gone by
    const { booking: later } = await book(other, 1, "Later");
    const past = await newRun();
    const { booking: before } = await book(past, 1, "Before");
    await db()
      .update(courseRuns)
      .set({ startDate: addDays(today(), 60), endDate: addDays(today(), 61) })
      .where(eq(courseRuns.id, other));
    await db()
      .update(courseRuns)
      .set({ startDate: addDays(today(), -20), endDate: addDays(today(), -18) })
      .where(eq(courseRuns.id, past));
    for (const id of [later.id, before.id]) {
      await db().update(bookings).set({ contactEmail: mine.contactEmail }).where(eq(bookings.id, id));
    }
    const cookie = await signIn(mine.contactEmail);
    const list = outcomeOf(await accountLoader(as(cookie, "/account"))) as {
      bookings: { reference: string }[];
    };
    // the next date first, then the later one, then the one gone by
    expect(list.bookings.map((b) => b.reference)).toEqual([
      mine.reference,
      later.reference,
      before.reference,
    ]);
    const own = await answer(() =>
      bookingLoader(
        as(cookie, `/account/bookings/${mine.reference}`, undefined, { reference: mine.reference }),
      ),
    );
    expect(own.status).toBe(200);
    for (const run of [
      () =>
        bookingLoader(
          as(cookie, `/account/bookings/${theirs.reference}`, undefined, { reference: theirs.reference }),
        ),
      () =>
        bookingAction(
          as(
            cookie,
            `/account/bookings/${theirs.reference}`,
            { intent: "cancel", confirmCancel: "yes" },
            { reference: theirs.reference },
          ),
        ),
      () =>
        certificatesLoader(
          as(cookie, `/account/bookings/${theirs.reference}/certificates/all.zip`, undefined, {
            reference: theirs.reference,
            file: "all.zip",
          }),
        ),
    ]) {
      expect((await answer(run)).status).toBe(404);
    }
    const [still] = await db()
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, theirs.id));
    expect(still?.status).not.toBe("cancelled");
    // signed out, the booking page sends the visitor to the sign-in form
    expect(
      await answer(() =>
        bookingLoader(
          routeArgs(`/account/bookings/${mine.reference}`, {}, { reference: mine.reference }) as never,
        ),
      ),
    ).toMatchObject({ status: 302, location: "/account" });
  });

  test("a colleague invited for the organisation sees the bookings, cannot change them, and loses them when removed", async () => {
    const { booking } = await book(runId, 2, "Sharer");
    const contact = await signIn(booking.contactEmail);
    const colleague = "colleague.hr@county.example";
    const invited = await answer(() =>
      accountAction(
        as(contact, "/account", {
          intent: "invite",
          email: colleague,
          organization: "county government of kisumu",
        }),
      ),
    );
    expect(invited.data?.message).toBe(
      `${colleague} can now see your bookings for County Government of Kisumu: we have e-mailed them a sign-in link.`,
    );
    const refused = await answer(() =>
      accountAction(
        as(contact, "/account", { intent: "invite", email: colleague, organization: "Some Other Org" }),
      ),
    );
    expect(refused).toMatchObject({ status: 400, data: { field: "organization" } });

    const seen = await signIn(colleague);
    const list = outcomeOf(await accountLoader(as(seen, "/account"))) as {
      bookings: { reference: string; mine: boolean }[];
    };
    expect(list.bookings).toEqual([expect.objectContaining({ reference: booking.reference, mine: false })]);
    const change = await answer(() =>
      bookingAction(
        as(
          seen,
          `/account/bookings/${booking.reference}`,
          { intent: "resend" },
          { reference: booking.reference },
        ),
      ),
    );
    expect(change).toMatchObject({
      status: 403,
      data: { message: expect.stringContaining("Only Sharer Otieno") },
    });

    await accountAction(
      as(contact, "/account", {
        intent: "remove",
        email: colleague,
        organization: "County Government of Kisumu",
      }),
    );
    const after = outcomeOf(await accountLoader(as(seen, "/account"))) as { bookings: unknown[] };
    expect(after.bookings).toEqual([]);
    expect(
      (
        await answer(() =>
          bookingLoader(
            as(seen, `/account/bookings/${booking.reference}`, undefined, { reference: booking.reference }),
          ),
        )
      ).status,
    ).toBe(404);
  });
});

describe("self-service changes", () => {
  test("every portal action is audited with the client as actor, e-mailed, and on the office's dashboard", async () => {
    const { booking, participants } = await book(runId, 2, "Audited");
    // the office confirms: the proforma the client's changes re-issue, and e-mail again
    expect((await confirmBooking({ actor: ACTOR, overridesNotice: false }, booking.id)).ok).toBe(true);
    const email = booking.contactEmail.toLowerCase();
    const cookie = await signIn(booking.contactEmail);
    const post = (form: Record<string, string>) =>
      answer(() =>
        bookingAction(
          as(cookie, `/account/bookings/${booking.reference}`, form, { reference: booking.reference }),
        ),
      );
    expect(
      await post({
        intent: "substitute",
        id: participants[0] as string,
        name: "Kevin Mutua",
        email: "kevin@county.example",
      }),
    ).toMatchObject({ status: 200, data: { ok: true } });
    expect(
      await post({ intent: "add", name: "Wanjiru Kamau", email: "wanjiru@county.example" }),
    ).toMatchObject({
      status: 200,
    });
    expect(
      await post({ intent: "details", kraPin: "p051234567z", lpoNumber: "LPO-9", nitaLevyNumber: "NITA-77" }),
    ).toMatchObject({
      status: 200,
    });
    expect(await post({ intent: "move", toRunId: other })).toMatchObject({ status: 200 });
    expect(await post({ intent: "resend" })).toMatchObject({ status: 200 });
    expect(await post({ intent: "confirm" })).toMatchObject({ status: 403 });
    expect(await post({ intent: "cancel" })).toMatchObject({ status: 400, data: { field: "confirmCancel" } });
    expect(await post({ intent: "cancel", confirmCancel: "yes" })).toMatchObject({ status: 200 });
    await accountAction(
      as(cookie, "/account", {
        intent: "invite",
        email: "c2@county.example",
        organization: "County Government of Kisumu",
      }),
    );
    await accountAction(
      as(cookie, "/account", {
        intent: "remove",
        email: "c2@county.example",
        organization: "County Government of Kisumu",
      }),
    );

    const audits = await portalAudits(email);
    expect(audits.every((a) => a.roles === "client")).toBe(true);
    // one transaction's entries share its timestamp: compared as a set, each as often as it happened
    expect(audits.map((a) => a.action).sort()).toEqual(
      [
        "Signed in to the client portal",
        "Substituted participant",
        "Substituted participant",
        "Added participant",
        "Issued proforma invoice",
        "Updated booking details",
        "Issued proforma invoice",
        "Moved booking to another course date",
        "Sent booking documents again",
        "Cancelled booking",
        "Issued credit note",
        "Shared bookings with a colleague",
        "Stopped sharing bookings with a colleague",
      ].sort(),
    );
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      kraPin: "P051234567Z",
      lpoNumber: "LPO-9",
      nitaLevyNumber: "NITA-77",
      runId: other,
      status: "cancelled",
    });
    const people = await db()
      .select({ name: courseRegistrations.name })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.bookingId, booking.id));
    expect(people.map((p) => p.name)).toEqual(expect.arrayContaining(["Kevin Mutua", "Wanjiru Kamau"]));
    expect(people).toHaveLength(3);
    const told = await db()
      .select({ kind: emailOutbox.kind, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, booking.contactEmail),
          inArray(emailOutbox.kind, ["booking_changed", "booking_cancelled"]),
        ),
      );
    expect(told.length).toBe(5);
    // each names the client as the one who asked; a cancellation says so in its own words
    expect(
      told.every((m) =>
        m.text.includes(
          m.kind === "booking_cancelled"
            ? `As you asked in your account, booking ${booking.reference} is cancelled`
            : `You changed booking ${booking.reference} in your account.`,
        ),
      ),
    ).toBe(true);

    const { items } = await getTodayWork(Promise.resolve(0));
    expect(items.find((item) => item.id === `client-changes-${booking.reference}`)).toEqual({
      id: `client-changes-${booking.reference}`,
      count: 5,
      title: `changes by the client to booking ${booking.reference}: added participant, cancelled booking, moved booking to another course date, substituted participant, updated booking details`,
      to: `/admin/bookings/${booking.reference}`,
    });
  });

  test("a substitution inside the notice period is refused with the rule, and nothing changes", async () => {
    const { booking, participants } = await book(runId, 1, "Notice");
    await db()
      .update(courseRuns)
      .set({ startDate: addDays(today(), 10), endDate: addDays(today(), 12) })
      .where(eq(courseRuns.id, runId));
    const cookie = await signIn(booking.contactEmail);
    const refused = await answer(() =>
      bookingAction(
        as(
          cookie,
          `/account/bookings/${booking.reference}`,
          {
            intent: "substitute",
            id: participants[0] as string,
            name: "Late Person",
            email: "late@county.example",
          },
          { reference: booking.reference },
        ),
      ),
    );
    expect(refused).toMatchObject({
      status: 409,
      data: {
        ok: false,
        message: expect.stringMatching(
          /^Substitutions close 14 days before the start \(the last day was .+\)\. Only an owner can substitute a participant now\.$/,
        ),
        values: { name: "Late Person" },
      },
    });
    const [person] = await db()
      .select({ name: courseRegistrations.name })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.id, participants[0] as string));
    expect(person?.name).not.toBe("Late Person");
  });
});

/** The data of a loader's data(...) answer. */
function outcomeOf(value: unknown) {
  return (value as { data: unknown }).data;
}

describe("certificates and the NITA pack", () => {
  test("once issued: one certificate, all as a ZIP, and the booking's own pack, each download of ID numbers audited", async () => {
    const store = useTempDiskStorage();
    try {
      const { booking, participants } = await book(runId, 2, "Certified");
      // a colleague of the same organisation booked separately: their participant is not in this pack
      const { booking: neighbour } = await book(runId, 1, "Neighbour");
      // the date has been run: both days marked present for everyone
      await db()
        .update(courseRuns)
        .set({ startDate: addDays(today(), -6), endDate: addDays(today(), -5) })
        .where(eq(courseRuns.id, runId));
      // held on those two days (its sessions, whatever weekday they fall on)
      await db().delete(runSessions).where(eq(runSessions.runId, runId));
      await db()
        .insert(runSessions)
        .values([-6, -5].map((n) => ({ runId, date: addDays(today(), n) })));
      const everyone = await db()
        .select({ id: courseRegistrations.id })
        .from(courseRegistrations)
        .where(eq(courseRegistrations.runId, runId));
      for (const person of everyone) {
        for (const day of [addDays(today(), -6), addDays(today(), -5)]) {
          await db()
            .insert(attendanceMarks)
            .values({ registrationId: person.id, runId, day, present: true, markedAt: new Date() });
        }
      }
      await db()
        .update(courseRegistrations)
        .set({ status: "confirmed" })
        .where(eq(courseRegistrations.runId, runId));
      const run = await findDeliveryRun(runId);
      expect(await issueCertificates(ACTOR, run as never)).toMatchObject({ ok: true, issued: 3 });

      const cookie = await signIn(booking.contactEmail);
      const page = outcomeOf(
        await bookingLoader(
          as(cookie, `/account/bookings/${booking.reference}`, undefined, { reference: booking.reference }),
        ),
      ) as { certificates: { code: string; name: string }[] };
      expect(page.certificates).toHaveLength(2);
      const one = page.certificates[0] as { code: string; name: string };
      const file = (name: string) =>
        certificatesLoader(
          as(cookie, `/account/bookings/${booking.reference}/certificates/${name}`, undefined, {
            reference: booking.reference,
            file: name,
          }),
        ) as Promise<Response>;
      const single = await file(`${one.code}.pdf`);
      expect(single.headers.get("Content-Type")).toBe("application/pdf");
      expect(single.headers.get("Cache-Control")).toBe("no-store");
      const zip = unzipSync(new Uint8Array(await (await file("all.zip")).arrayBuffer()));
      expect(Object.keys(zip)).toHaveLength(2);
      expect((await file("AAAA-BBBB-CCCC-DDDD.pdf")).status).toBe(404);

      await writeTimetable(runId);
      const pack = (await nitaPackLoader(
        as(cookie, `/account/bookings/${booking.reference}/nita-pack/pack.zip`, undefined, {
          reference: booking.reference,
          file: "pack.zip",
        }),
      )) as Response;
      expect(pack.status).toBe(200);
      expect(pack.headers.get("Cache-Control")).toBe("no-store");
      const files = unzipSync(new Uint8Array(await pack.arrayBuffer()));
      const register = squash(extractPdfText(Buffer.from(files["1-participants.pdf"] as Uint8Array)));
      const names = await db()
        .select({
          id: courseRegistrations.id,
          name: courseRegistrations.name,
          bookingId: courseRegistrations.bookingId,
        })
        .from(courseRegistrations)
        .where(eq(courseRegistrations.runId, runId));
      for (const person of names) {
        if (person.bookingId === booking.id) expect(register).toContain(squash(person.name));
        if (person.bookingId === neighbour.id) expect(register).not.toContain(squash(person.name));
      }
      expect(participants).toHaveLength(2);
      const [audit] = await db()
        .select({
          action: adminAuditLogs.action,
          roles: adminAuditLogs.actorRoles,
          values: adminAuditLogs.newValues,
        })
        .from(adminAuditLogs)
        .where(
          and(
            eq(adminAuditLogs.actorEmail, booking.contactEmail.toLowerCase()),
            eq(adminAuditLogs.action, "Exported NITA pack with full ID numbers"),
          ),
        );
      expect(audit).toMatchObject({ roles: "client", values: { file: "pack.zip", participants: 2 } });
    } finally {
      store.remove();
    }
  });
});
