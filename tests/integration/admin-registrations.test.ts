import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  findRegistration,
  listRegistrations,
  parseListQuery,
  RegistrationQuerySchema,
  registrationExport,
} from "#app/back-office/index.server";
import {
  deleteRegistration,
  EXPORT_HEADER,
  listDeletedRegistrations,
  purgeExpiredRegistrations,
  restoreRegistration,
  setRegistrationStatus,
  streamRegistrations,
} from "#app/back-office/testing.server";
import { courseRegistrations, registrationTallies } from "#app/booking/tables.server";
import { csvRow, csvStream } from "#app/platform/csv.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import * as listRoute from "#app/routes/back-office/registrations";
import * as exportRoute from "#app/routes/back-office/registrations.export";
import { formatSortableDateTime } from "#app/utils/datetime";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";
import { insertRegistrations } from "../helpers/submission-rows";

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
let admin: Admin;

const query = (search: string) => parseListQuery(RegistrationQuerySchema, new URL(`http://x/?${search}`));
const names = async (search: string) => (await listRegistrations(query(search))).rows.map((r) => r.name);

async function auditFor(recordId: string) {
  return db()
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.recordId, recordId))
    .orderBy(desc(adminAuditLogs.createdAt));
}

beforeAll(async () => {
  admin = await signedInAdmin();
  // a fixed set in the course "Zeta Analytics" that the read-only tests filter on
  await insertRegistrations([
    {
      name: "Amina Odhiambo",
      organization: "Kisumu County",
      courseName: "Zeta Analytics",
      status: "new",
      createdAt: new Date("2025-01-10T09:00:00+03:00"),
    },
    {
      name: "Brian Kiptoo",
      email: "bk@treasury.go.ke",
      courseName: "Zeta Analytics",
      status: "paid",
      createdAt: new Date("2025-02-01T00:30:00+03:00"),
    },
    {
      name: "Chao 100% Ltd",
      organization: "Faith_Based Org",
      courseName: "Zeta Analytics",
      status: "confirmed",
      createdAt: new Date("2025-02-28T23:59:00+03:00"),
    },
    {
      name: '=HYPERLINK("http://evil")',
      organization: "+254 Org",
      courseName: "Zeta Analytics",
      status: "cancelled",
      createdAt: new Date("2025-03-05T12:00:00+03:00"),
    },
  ]);
});

describe("registration list: search, filters, sort, pagination", () => {
  it("searches name, e-mail, organisation and course, case-insensitively", async () => {
    expect(await names("course=Zeta+Analytics&q=amina")).toEqual(["Amina Odhiambo"]);
    expect(await names("course=Zeta+Analytics&q=TREASURY.go")).toEqual(["Brian Kiptoo"]);
    expect(await names("course=Zeta+Analytics&q=kisumu")).toEqual(["Amina Odhiambo"]);
    expect((await names("q=zeta+analytics")).length).toBe(4);
  });

  it("takes % and _ in a search literally", async () => {
    expect(await names("course=Zeta+Analytics&q=100%25")).toEqual(["Chao 100% Ltd"]);
    expect(await names("course=Zeta+Analytics&q=chao_100")).toEqual([]);
    expect(await names("course=Zeta+Analytics&q=faith_based")).toEqual(["Chao 100% Ltd"]);
  });

  it("filters by status and by a date range in Nairobi days", async () => {
    expect(await names("course=Zeta+Analytics&status=paid")).toEqual(["Brian Kiptoo"]);
    // 1 Feb 00:30 Nairobi is 31 Jan in UTC; it belongs to February here
    expect(await names("course=Zeta+Analytics&from=2025-02-01&to=2025-02-28&sort=name&dir=asc")).toEqual([
      "Brian Kiptoo",
      "Chao 100% Ltd",
    ]);
  });

  it("sorts by name, course, status and date in both directions", async () => {
    expect(await names("course=Zeta+Analytics&sort=name&dir=asc")).toEqual([
      '=HYPERLINK("http://evil")',
      "Amina Odhiambo",
      "Brian Kiptoo",
      "Chao 100% Ltd",
    ]);
    expect(await names("course=Zeta+Analytics&sort=created&dir=desc")).toEqual([
      '=HYPERLINK("http://evil")',
      "Chao 100% Ltd",
      "Brian Kiptoo",
      "Amina Odhiambo",
    ]);
    expect((await names("course=Zeta+Analytics&sort=status&dir=asc"))[0]).toBe('=HYPERLINK("http://evil")');
  });

  it("pages 25 rows at a time with a total", async () => {
    await insertRegistrations(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Pager ${String(i).padStart(2, "0")}`,
        courseName: "Pager",
      })),
    );
    const first = await listRegistrations(query("course=Pager&sort=name&dir=asc"));
    const second = await listRegistrations(query("course=Pager&sort=name&dir=asc&page=2"));
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.rows.map((r) => r.name).slice(0, 2)).toEqual(["Pager 00", "Pager 01"]);
    expect(second.rows.map((r) => r.name)).toEqual([
      "Pager 25",
      "Pager 26",
      "Pager 27",
      "Pager 28",
      "Pager 29",
    ]);
  });

  it("pages of the back half, read from the far end, are exactly their slice of the whole order", async () => {
    // 80 rows: four pages (the last of 5); few distinct names and statuses, so ties fall to the id
    await insertRegistrations(
      Array.from({ length: 80 }, (_, i) => ({
        name: `Slice ${i % 3}`,
        courseName: "Slicer",
        status: (["new", "paid"] as const)[i % 2],
      })),
    );
    for (const order of ["sort=name&dir=asc", "sort=status&dir=desc", "sort=created&dir=asc"]) {
      const whole: string[] = [];
      for await (const row of streamRegistrations(query(`course=Slicer&${order}`))) whole.push(row.id);
      const pages = [];
      for (const page of [1, 2, 3, 4, 5]) {
        pages.push(await listRegistrations(query(`course=Slicer&${order}&page=${page}`)));
      }
      expect(pages.map((p) => p.rows.length)).toEqual([25, 25, 25, 5, 0]);
      expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(whole);
      expect(pages.every((p) => p.total === 80 && p.pageCount === 4)).toBe(true);
    }
  });

  it("falls back to defaults on malformed query values", () => {
    expect(query("page=-3&sort=evil&status=bogus&from=yesterday")).toMatchObject({
      page: 1,
      sort: "created",
      status: "",
      from: "",
    });
  });
});

describe("registration export", () => {
  it("streams in keyset batches the same rows, in the same order, as the paged list", async () => {
    // equal timestamps and sub-millisecond differences are where a careless cursor skips rows
    const rows = await insertRegistrations(
      Array.from({ length: 23 }, (_, i) => ({ name: `Keyset ${i}`, courseName: "Keyset" })),
    );
    await db()
      .update(courseRegistrations)
      .set({
        createdAt: sql`timestamptz '2025-04-01 10:00:00.123456+03' + (random() * 3)::int * interval '1 microsecond'`,
      })
      .where(eq(courseRegistrations.courseName, "Keyset"));
    for (const dir of ["asc", "desc"] as const) {
      const q = query(`course=Keyset&dir=${dir}`);
      const listed = (await listRegistrations(q)).rows.map((r) => r.id);
      const streamed: string[] = [];
      for await (const row of streamRegistrations(q, 4)) streamed.push(row.id);
      expect(streamed).toHaveLength(rows.length);
      expect(new Set(streamed).size).toBe(rows.length);
      expect(streamed).toEqual(listed);
    }
  });

  it("the export writes each row's cells exactly as csvRow writes the row read column by column", async () => {
    // formula starts, quotes, line breaks, control characters and spaces JSON escapes or not (not a leading
    // U+FEFF: PGlite's text decoder drops it from a value read back, so the row to compare with would lack it)
    const texts = [
      ...["=SUM(A1:A2)", "+254 700", "-2+3", "@cmd", "\tx", "\rx", "'quoted", "plain", "a,b", 'say "hi"'],
      ...["two\nlines", " lead", "trail ", "\u00a0nbsp", "x\u3000", "bom\ufeff", "\u2028", "x\u000b", "\f"],
      ...[
        "Nyambura Wanjikũ",
        "",
        "mid dle",
        "x\u200ay",
        "\u2009thin",
        "zw\u200b",
        "back\\slash",
        "ctl\u0001",
        "emoji 😀",
      ],
    ];
    // minutes either side of a Nairobi midnight, a leap day, sub-second parts (truncated, not rounded)
    const stamps = [
      "2025-03-07T08:00:00Z",
      "2025-12-31T20:59:59.999Z",
      "2025-12-31T21:00:00Z",
      "2024-02-29T20:30:30.5Z",
    ];
    const at = (i: number) => texts[i % texts.length] as string;
    await insertRegistrations(
      texts.map((name, i) => ({
        name,
        email: `encoding${i}@example.com`,
        phone: at(i + 1),
        organization: i % 4 === 0 ? null : at(i + 2),
        courseName: "Encoding",
        specialRequirements: at(i + 3),
        createdAt: new Date(stamps[i % stamps.length] as string),
      })),
    );
    const rows = await db()
      .select()
      .from(courseRegistrations)
      .where(eq(courseRegistrations.courseName, "Encoding"));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ids: string[] = [];
    for await (const { id } of streamRegistrations(query("course=Encoding"))) ids.push(id);
    expect([...ids].sort()).toEqual([...byId.keys()].sort());
    const expected = ids.map((id) => {
      const r = byId.get(id) as (typeof rows)[number];
      return csvRow([
        r.reference,
        r.name,
        r.email,
        r.phone,
        r.organization,
        r.courseName,
        r.courseDate,
        r.courseVenue,
        r.courseCost,
        r.courseDuration,
        r.specialRequirements,
        r.status,
        r.source,
        formatSortableDateTime(r.createdAt),
        null,
      ]);
    });
    const bytes = await new Response(csvStream(registrationExport(query("course=Encoding")))).arrayBuffer();
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(`\uFEFF${csvRow(EXPORT_HEADER)}${expected.join("")}`);
  });

  it("downloads exactly the filtered rows with a BOM and formula cells neutralised", async () => {
    const response = (await exportRoute.loader(
      admin.args("/admin/registrations/export?course=Zeta+Analytics&sort=name&dir=asc") as never,
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/registrations-\d{4}-\d{2}-\d{2}\.csv/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Reference,Name,Email,/);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain("'+254 Org");
    expect(lines.slice(2).map((l) => l.split(",")[1])).toEqual([
      "Amina Odhiambo",
      "Brian Kiptoo",
      "Chao 100% Ltd",
    ]);
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Exported registrations"))
      .orderBy(desc(adminAuditLogs.createdAt));
    expect(audit?.actorEmail).toBe(admin.user.email);
  });
});

describe("registration tallies", () => {
  /** The tallies next to the same counts taken over the registrations. */
  async function talliesAndCounts() {
    const month = sql`to_char((${courseRegistrations.createdAt} at time zone 'UTC') + interval '3 hours', 'YYYY-MM')`;
    const counted = await db()
      .select({
        key: sql<string>`${courseRegistrations.courseName} || '|' || ${month} || '|' || ${courseRegistrations.status}`,
        n: sql<number>`count(*)::int`,
      })
      .from(courseRegistrations)
      .where(isNull(courseRegistrations.deletedAt))
      .groupBy(sql`1`);
    const tallied = await db()
      .select({
        key: sql<string>`${registrationTallies.courseName} || '|' || ${registrationTallies.month} || '|' || ${registrationTallies.status}`,
        n: registrationTallies.n,
      })
      .from(registrationTallies)
      .where(sql`${registrationTallies.n} <> 0`);
    const sorted = (rows: { key: string; n: number }[]) => rows.sort((a, b) => (a.key < b.key ? -1 : 1));
    return { tallied: sorted(tallied), counted: sorted(counted) };
  }
  const expectInStep = async () => {
    const { tallied, counted } = await talliesAndCounts();
    expect(tallied).toEqual(counted);
  };

  it("stay equal to a count of the live registrations through every kind of write", async () => {
    await expectInStep();
    const rows = await insertRegistrations(
      Array.from({ length: 6 }, (_, i) => ({
        name: `Tally ${i}`,
        courseName: `Tally ${i % 2}`,
        createdAt: new Date(Date.UTC(2025, 4, 31, 20 + (i % 2) * 2)), // either side of a Nairobi month's end
      })),
    );
    await expectInStep();
    const [first, second, third] = rows.map((row) => row.id) as [string, string, string];
    await setRegistrationStatus(first, "confirmed", admin.actor);
    await expectInStep();
    await deleteRegistration(second, admin.actor);
    await expectInStep();
    await restoreRegistration(second, admin.actor);
    await expectInStep();
    await db()
      .update(courseRegistrations)
      .set({ courseName: "Tally renamed", createdAt: new Date(Date.UTC(2024, 0, 1)) })
      .where(sql`${courseRegistrations.name} like 'Tally %'`);
    await expectInStep();
    await db()
      .update(courseRegistrations)
      .set({ phone: "0700 000000" })
      .where(eq(courseRegistrations.id, third));
    await db().delete(courseRegistrations).where(eq(courseRegistrations.id, third));
    await expectInStep();
    const list = await listRegistrations(query("course=Tally+renamed&status=new"));
    expect(list.total).toBe(4);
    expect((await listRegistrations(query(""))).total).toBe(
      await db().$count(courseRegistrations, isNull(courseRegistrations.deletedAt)),
    );
  });
});

describe("soft delete, restore, purge and status", () => {
  it("deletes without losing the row, restores it, and audits both in the change's transaction", async () => {
    const [row] = await insertRegistrations([{ name: "Deleted Person", courseName: "Soft" }]);
    const id = row?.id as string;
    expect(await deleteRegistration(id, admin.actor)).toBe(true);
    expect(await names("course=Soft")).toEqual([]);
    expect((await listDeletedRegistrations(1)).rows.map((r) => r.id)).toContain(id);
    expect((await findRegistration(id))?.deletedAt).toBeInstanceOf(Date);
    expect(await deleteRegistration(id, admin.actor)).toBe(false);

    expect(await restoreRegistration(id, admin.actor)).toBe(true);
    expect(await names("course=Soft")).toEqual(["Deleted Person"]);
    const audit = await auditFor(id);
    expect(audit.map((a) => a.action)).toEqual(["Restored registration", "Deleted registration"]);
    expect(audit[1]?.oldValues).toMatchObject({ name: "Deleted Person", deletedAt: null });
    expect(audit[1]?.newValues).toMatchObject({ deletedAt: expect.any(String) });
    expect(audit[0]?.newValues).toEqual({ deletedAt: null });
  });

  it("restores for 30 days only; older deleted rows are purged on read", async () => {
    const [old, recent] = await insertRegistrations([
      { name: "Old Deletion", courseName: "Purge", deletedAt: sql`now() - interval '31 days'` as never },
      { name: "Recent Deletion", courseName: "Purge", deletedAt: sql`now() - interval '29 days'` as never },
    ]);
    expect(await restoreRegistration(old?.id as string, admin.actor)).toBe(false);
    const result = await listRoute.loader(admin.args("/admin/registrations") as never);
    expect(result).toBeTruthy();
    const left = await db()
      .select({ id: courseRegistrations.id })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.courseName, "Purge"));
    expect(left.map((r) => r.id)).toEqual([recent?.id]);
    const [purge] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Purged deleted registrations"));
    expect(purge?.oldValues).toMatchObject({ ids: [old?.id] });
    expect(await purgeExpiredRegistrations(admin.actor)).toBe(0);
  });

  it("changes the status and audits before and after", async () => {
    const [row] = await insertRegistrations([{ name: "Status Person", courseName: "Status" }]);
    const id = row?.id as string;
    expect(await setRegistrationStatus(id, "confirmed", admin.actor)).toEqual({
      name: "Status Person",
      previous: "new",
    });
    const [audit] = await auditFor(id);
    expect(audit).toMatchObject({
      action: "Updated registration status",
      tableName: "course_registrations",
      oldValues: { status: "new" },
      newValues: { status: "confirmed" },
    });
  });
});

describe("the registrations route", () => {
  const post = (form: Record<string, string>) =>
    listRoute.action(admin.args("/admin/registrations", { form }) as never) as Promise<{
      data: unknown;
      init: ResponseInit | null;
    }>;

  it("answers the row actions with the spec's messages and audits with the signed-in admin", async () => {
    const [row] = await insertRegistrations([{ name: "Route Person", courseName: "Route" }]);
    const id = row?.id as string;
    const deleted = await post({ intent: "delete", id });
    expect(deleted.data).toMatchObject({ ok: true, title: "Registration Deleted", id });
    const [audit] = await auditFor(id);
    expect(audit).toMatchObject({
      action: "Deleted registration",
      actorEmail: admin.user.email,
      ip: admin.actor.ip,
    });
    const again = await post({ intent: "delete", id });
    expect(again.init?.status).toBe(404);
    expect(again.data).toMatchObject({ ok: false, title: "Failed to delete registration." });
    const restored = await post({ intent: "restore", id });
    expect(restored.data).toMatchObject({ ok: true, title: "Registration Restored" });
    const status = await post({ intent: "status", id, status: "cancelled" });
    expect(status.data).toMatchObject({ ok: true, title: "Status Updated" });
    const bad = await post({ intent: "status", id, status: "vanished" });
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toMatchObject({
      ok: false,
      title: "Failed to update status.",
      message: "Choose a valid status.",
    });
    const [current] = await db()
      .select({ status: courseRegistrations.status })
      .from(courseRegistrations)
      .where(and(eq(courseRegistrations.id, id)));
    expect(current?.status).toBe("cancelled");
  });

  it("refuses the statuses that follow from records (paid, attended) and changes nothing", async () => {
    const [row] = await insertRegistrations([
      { name: "Unpaid Person", courseName: "Recorded", status: "confirmed" },
    ]);
    const id = row?.id as string;
    const refusals = {
      paid: "Paid follows from the payments recorded for the booking",
      attended: "Attended comes from the attendance register",
    };
    for (const [status, why] of Object.entries(refusals)) {
      const refused = await post({ intent: "status", id, status });
      expect(refused.init?.status, status).toBe(400);
      expect(refused.data, status).toMatchObject({
        ok: false,
        title: "Failed to update status.",
        message: expect.stringContaining(why),
      });
    }
    const [current] = await db()
      .select({ status: courseRegistrations.status })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.id, id));
    expect(current?.status).toBe("confirmed");
    expect(await auditFor(id)).toEqual([]);
    // the statuses a person decides still go through
    expect((await post({ intent: "status", id, status: "new" })).data).toMatchObject({ ok: true });
  });

  it("says the spec's 'Failed to fetch registrations.' when the query fails", async () => {
    await db().execute(sql`alter table course_registrations rename to course_registrations_away`);
    try {
      const result = (await listRoute.loader(admin.args("/admin/registrations") as never)) as {
        data: { error: string | null; list: unknown };
        init: ResponseInit | null;
      };
      expect(result.init?.status).toBe(500);
      expect(result.data).toMatchObject({ error: "Failed to fetch registrations.", list: null });
    } finally {
      await db().execute(sql`alter table course_registrations_away rename to course_registrations`);
    }
  });

  it("refuses a request without a session: pages redirect to login, posts get 401, nothing changes", async () => {
    const [row] = await insertRegistrations([{ name: "Guarded Person", courseName: "Guarded" }]);
    const page = await answer(() => listRoute.loader(routeArgs("/admin/registrations") as never));
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/admin\/login\?redirectTo=/);
    const csv = await answer(() => exportRoute.loader(routeArgs("/admin/registrations/export") as never));
    expect(csv.status).toBe(302);
    const post = await answer(() =>
      listRoute.action(
        routeArgs("/admin/registrations", { form: { intent: "delete", id: row?.id as string } }) as never,
      ),
    );
    expect(post.status).toBe(401);
    expect(await names("course=Guarded")).toEqual(["Guarded Person"]);
  });
});
