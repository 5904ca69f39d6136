import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { action as clientsAction, loader as clientsLoader } from "#app/routes/site/clients";
import { action as facilitatorsAction } from "#app/routes/site/facilitators";
import { loader as aboutLoader } from "#app/routes/site/public/about";
import { loader as courseLoader } from "#app/routes/site/public/courses.course";
import { loader as homeLoader } from "#app/routes/site/public/home";
import { CLIENT_LOGO_MESSAGES, FACILITATOR_MESSAGES } from "#app/site/index";
import {
  clientLogos,
  courses,
  facilitatorCourses,
  facilitators,
  publicDataVersion,
} from "#app/site/tables.server";
import type { Role } from "#app/staff/index.server";
import { adminWithTempStorage, type FilePart, multipartRequest } from "../helpers/admin-actions";
import { answer, outcome, type RouteArgs, signedInAdmin } from "../helpers/admin-session";

const files = adminWithTempStorage();

const CLIENTS = "http://localhost/admin/clients";
const FACILITATORS = "http://localhost/admin/facilitators";

type Action = (args: RouteArgs) => Promise<unknown>;
type Fields = Record<string, string | string[]>;
const call = async (act: Action, url: string, fields: Fields, file?: FilePart) =>
  outcome(await act(files.admin.args(multipartRequest(url, files.admin.cookie, fields, file))));

const png = async (background = "#0f4c5c") => ({
  name: "logo.png",
  type: "image/png",
  bytes: await sharp({ create: { width: 600, height: 300, channels: 4, background } })
    .png()
    .toBuffer(),
});

const publicArgs = (url: string, params: Record<string, string> = {}) => {
  const request = new Request(`http://localhost${url}`);
  return { request, url: new URL(request.url), pattern: url, params, context: {} } as never;
};

const rows = async (table: typeof clientLogos | typeof facilitators) =>
  (await db().select({ n: count() }).from(table))[0]?.n ?? 0;

const logoFields = (name: string, extra: Fields = {}): Fields => ({
  intent: "save",
  name,
  altText: `${name} logo`,
  sortOrder: "1",
  status: "active",
  ...extra,
});

async function addLogo(name: string, extra: Fields = {}) {
  const result = await call(clientsAction, CLIENTS, logoFields(name, extra), await png());
  expect(result).toMatchObject({ status: 302, location: "/admin/clients" });
  const [row] = await db().select().from(clientLogos).where(eq(clientLogos.name, name));
  if (!row) throw new Error("no logo saved");
  return row;
}

describe("client logos", () => {
  it("an admin adds a logo through the image pipeline; the home and About pages show it while active", async () => {
    const version = async () =>
      (await db().select().from(publicDataVersion).where(eq(publicDataVersion.id, 1)))[0]?.version ?? 0;
    const before = await version();
    const row = await addLogo("Kenya Ports Authority", { websiteUrl: "https://www.kpa.co.ke" });
    // cached public pages see the change at once
    expect(await version()).toBeGreaterThan(before);
    expect(row).toMatchObject({ altText: "Kenya Ports Authority logo", imageWidth: 600, imageHeight: 300 });
    expect(row.imageVariants.map((v) => `${v.format}@${v.width}`).sort()).toEqual([
      "avif@480",
      "avif@600",
      "jpeg@480",
      "jpeg@600",
      "webp@480",
      "webp@600",
    ]);
    expect(files.store.keys()).toHaveLength(7);
    const [audit] = await db().select().from(adminAuditLogs).where(eq(adminAuditLogs.recordId, row.id));
    expect(audit?.action).toBe("Created client logo");

    const home = await homeLoader();
    expect(home.clientLogos.map((l) => l.name)).toContain("Kenya Ports Authority");
    const about = await aboutLoader();
    expect(about.clientLogos.find((l) => l.id === row.id)).toMatchObject({
      altText: "Kenya Ports Authority logo",
      websiteUrl: "https://www.kpa.co.ke",
    });

    // inactive: off the public pages, still on the admin screen
    const hidden = await call(
      clientsAction,
      CLIENTS,
      logoFields("Kenya Ports Authority", { id: row.id, status: "inactive" }),
    );
    expect(hidden).toMatchObject({ status: 302 });
    expect((await homeLoader()).clientLogos.map((l) => l.id)).not.toContain(row.id);
    expect((await aboutLoader()).clientLogos.map((l) => l.id)).not.toContain(row.id);
    const screen = await clientsLoader(files.admin.args(CLIENTS));
    expect(screen.logos.map((l) => l.id)).toContain(row.id);
    // an edit without a file keeps the picture
    const [kept] = await db().select().from(clientLogos).where(eq(clientLogos.id, row.id));
    expect(kept?.imageStorageKey).toBe(row.imageStorageKey);
    expect(files.store.keys()).toHaveLength(7);
  });

  it("a new file replaces the picture and its old files; deleting removes the row and its files", async () => {
    const row = await addLogo("Nairobi City County");
    const oldKeys = files.store.keys();
    const result = await call(
      clientsAction,
      CLIENTS,
      logoFields("Nairobi City County", { id: row.id }),
      await png("#e0a030"),
    );
    expect(result).toMatchObject({ status: 302 });
    const [after] = await db().select().from(clientLogos).where(eq(clientLogos.id, row.id));
    expect(after?.imageStorageKey).not.toBe(row.imageStorageKey);
    expect(files.store.keys()).toHaveLength(7);
    expect(files.store.keys().filter((key) => oldKeys.includes(key))).toEqual([]);

    const deleted = await call(clientsAction, CLIENTS, { intent: "delete", id: row.id });
    expect(deleted).toMatchObject({ status: 302, location: "/admin/clients" });
    expect(await db().select().from(clientLogos).where(eq(clientLogos.id, row.id))).toEqual([]);
    expect(files.store.keys()).toEqual([]);
  });

  it("links a logo to an organisation record", async () => {
    const [organisation] = await db()
      .insert(organisations)
      .values({ name: "Kenya Revenue Authority", nameKey: "kenya revenue authority", looseKey: "kra" })
      .returning({ id: organisations.id });
    const row = await addLogo("KRA", { organisationId: organisation?.id ?? "" });
    expect(row.organisationId).toBe(organisation?.id);
  });

  const refused: [string, Fields, boolean, string][] = [
    ["no alt text", logoFields("Acme", { altText: " " }), true, "Alt text is required"],
    ["no name", logoFields(""), true, "Organisation name is required"],
    [
      "a script address as website",
      logoFields("Acme", { websiteUrl: "javascript:alert(1)" }),
      true,
      "Website must be a full address starting with https:// or http://",
    ],
    ["no logo file", logoFields("Acme"), false, CLIENT_LOGO_MESSAGES.needsLogo],
    [
      "an organisation that is not on the list",
      logoFields("Acme", { organisationId: crypto.randomUUID() }),
      true,
      "Choose the organisation from the list",
    ],
    [
      "a malformed organisation",
      logoFields("Acme", { organisationId: "1 or 1=1" }),
      true,
      "Choose the organisation from the list",
    ],
    ["an unknown status", logoFields("Acme", { status: "featured" }), true, "Choose Active or Inactive"],
  ];
  it.each(refused)(
    "refuses %s with its message and changes nothing",
    async (_label, fields, withFile, message) => {
      const before = await rows(clientLogos);
      const result = await call(clientsAction, CLIENTS, fields, withFile ? await png() : undefined);
      expect(result).toMatchObject({ status: 400, data: { error: message } });
      expect(await rows(clientLogos)).toBe(before);
      expect(files.store.keys()).toEqual([]);
    },
  );

  it("refuses an SVG logo", async () => {
    const svg = {
      name: "logo.svg",
      type: "image/svg+xml",
      bytes: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    };
    const result = await call(clientsAction, CLIENTS, logoFields("Acme"), svg);
    expect(result.status).toBe(415);
    expect(files.store.keys()).toEqual([]);
  });
});

async function someCourses(n: number) {
  return db()
    .select({ id: courses.id, slug: courses.slug, title: courses.title })
    .from(courses)
    .where(eq(courses.status, "active"))
    .orderBy(courses.slug)
    .limit(n);
}

const facilitatorFields = (name: string, extra: Fields = {}): Fields => ({
  intent: "save",
  name,
  title: "Lead Facilitator, Governance",
  bio: "Twenty years of county governance training across East Africa.",
  sortOrder: "0",
  status: "active",
  ...extra,
});

describe("facilitators", () => {
  it("an admin adds a facilitator with courses; the About page and those courses' pages show them", async () => {
    const [first, second, other] = await someCourses(3);
    if (!first || !second || !other) throw new Error("the seed has courses");
    const result = await call(
      facilitatorsAction,
      FACILITATORS,
      facilitatorFields("Dr. Amina Otieno", { courses: [first.id, second.id] }),
      await png(),
    );
    expect(result).toMatchObject({ status: 302, location: "/admin/facilitators" });
    const [row] = await db().select().from(facilitators).where(eq(facilitators.name, "Dr. Amina Otieno"));
    if (!row) throw new Error("no facilitator saved");
    const links = await db()
      .select({ courseId: facilitatorCourses.courseId })
      .from(facilitatorCourses)
      .where(eq(facilitatorCourses.facilitatorId, row.id));
    expect(links.map((l) => l.courseId).sort()).toEqual([first.id, second.id].sort());
    const [audit] = await db().select().from(adminAuditLogs).where(eq(adminAuditLogs.recordId, row.id));
    expect(audit).toMatchObject({ action: "Created facilitator" });
    expect(audit?.newValues).toMatchObject({ name: "Dr. Amina Otieno" });

    const about = await aboutLoader();
    const shown = about.facilitators.find((f) => f.id === row.id);
    expect(shown?.courses.map((c) => c.slug).sort()).toEqual([first.slug, second.slug].sort());
    const page = await courseLoader(publicArgs(`/courses/${first.slug}`, { slug: first.slug }));
    expect(page.facilitators.map((f) => f.name)).toEqual(["Dr. Amina Otieno"]);
    const elsewhere = await courseLoader(publicArgs(`/courses/${other.slug}`, { slug: other.slug }));
    expect(elsewhere.facilitators.map((f) => f.id)).not.toContain(row.id);

    // inactive: hidden everywhere on the public site
    const hidden = await call(
      facilitatorsAction,
      FACILITATORS,
      facilitatorFields("Dr. Amina Otieno", { id: row.id, status: "inactive", courses: [first.id] }),
    );
    expect(hidden).toMatchObject({ status: 302 });
    expect((await aboutLoader()).facilitators.map((f) => f.id)).not.toContain(row.id);
    const after = await courseLoader(publicArgs(`/courses/${first.slug}`, { slug: first.slug }));
    expect(after.facilitators.map((f) => f.id)).not.toContain(row.id);
    const [changed] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Updated facilitator"));
    expect(changed?.oldValues).toMatchObject({ status: "active" });
    expect(changed?.newValues).toMatchObject({ status: "inactive", courses: [first.id] });
  });

  it("links a facilitator to an account with the trainer role, and to no other account", async () => {
    const trainer = await signedInAdmin({ roles: ["trainer"] });
    const editor = await signedInAdmin({ roles: ["editor"] });
    const refused = await call(
      facilitatorsAction,
      FACILITATORS,
      facilitatorFields("Peter Kamau", { userId: editor.user.id }),
      await png(),
    );
    expect(refused).toMatchObject({ status: 400, data: { error: FACILITATOR_MESSAGES.notTrainer } });
    expect(files.store.keys()).toEqual([]);
    const linked = await call(
      facilitatorsAction,
      FACILITATORS,
      facilitatorFields("Peter Kamau", { userId: trainer.user.id }),
      await png(),
    );
    expect(linked).toMatchObject({ status: 302 });
    const [row] = await db().select().from(facilitators).where(eq(facilitators.name, "Peter Kamau"));
    expect(row?.userId).toBe(trainer.user.id);
  });

  const refused: [string, Fields, boolean, string][] = [
    [
      "a bio over 400 characters",
      facilitatorFields("Jane", { bio: "x".repeat(401) }),
      true,
      "Short bio must be at most 400 characters",
    ],
    ["no title", facilitatorFields("Jane", { title: "" }), true, "Title is required"],
    ["no photo", facilitatorFields("Jane"), false, FACILITATOR_MESSAGES.needsPhoto],
    [
      "a course that does not exist",
      facilitatorFields("Jane", { courses: [crypto.randomUUID()] }),
      true,
      FACILITATOR_MESSAGES.unknownCourse,
    ],
    [
      "a malformed course",
      facilitatorFields("Jane", { courses: ["not-a-course"] }),
      true,
      "Choose courses from the list",
    ],
  ];
  it.each(refused)(
    "refuses %s with its message and changes nothing",
    async (_label, fields, withFile, message) => {
      const before = await rows(facilitators);
      const result = await call(facilitatorsAction, FACILITATORS, fields, withFile ? await png() : undefined);
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.data?.error).toBe(message);
      expect(await rows(facilitators)).toBe(before);
      expect(files.store.keys()).toEqual([]);
    },
  );
});

describe("the role policy", () => {
  const roles: [Role, boolean][] = [
    ["owner", true],
    ["editor", true],
    ["registrar", false],
    ["finance", false],
    ["viewer", false],
    ["trainer", false],
  ];
  it.each(roles)("%s may add a client logo: %s", async (role, allowed) => {
    const staff = await signedInAdmin({ roles: [role] });
    const before = await rows(clientLogos);
    const result = await answer(async () =>
      clientsAction(
        staff.args(multipartRequest(CLIENTS, staff.cookie, logoFields(`By ${role}`), await png())),
      ),
    );
    if (allowed) {
      expect(result.status).toBe(302);
      expect(await rows(clientLogos)).toBe(before + 1);
    } else {
      expect(result.status).toBe(403);
      expect(await rows(clientLogos)).toBe(before);
    }
  });
});
