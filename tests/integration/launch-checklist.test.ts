import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { getSetting } from "#app/platform/settings/setting.server";
import * as dashboardRoute from "#app/routes/back-office/dashboard";
import * as settingsRoute from "#app/routes/back-office/settings";
import * as contentRoute from "#app/routes/site/content";
import * as letterheadRoute from "#app/routes/site/letterhead";
import * as portraitsRoute from "#app/routes/site/portraits";
import { LAUNCH_ITEM_KEYS, LAUNCH_MESSAGES, PORTRAIT_MESSAGES } from "#app/site/index";
import { aboutPeople, getSiteContentValue, launchChecklist } from "#app/site/index.server";
import { testimonials, websiteImages } from "#app/site/tables.server";
import { adminWithTempStorage, multipartRequest } from "../helpers/admin-actions";
import { answer, outcome, signedInAdmin } from "../helpers/admin-session";

const files = adminWithTempStorage();
let editor: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  editor = await signedInAdmin({ roles: ["editor"] });
});

const keys = async () => (await launchChecklist()).map((item) => item.key);
const saveSetting = (key: string, value?: string) =>
  answer(() =>
    settingsRoute.action(
      files.admin.args("/admin/settings", { form: value === undefined ? { key } : { key, value } }),
    ),
  );
const saveContent = (form: Record<string, string>) =>
  answer(() => contentRoute.action(files.admin.args("/admin/content", { form })));
const accept = (who: typeof editor, item: string) =>
  answer(() =>
    dashboardRoute.action(who.args("/admin/dashboard", { form: { intent: "accept-launch-item", item } })),
  );
const dashboard = async (who: typeof editor) =>
  (await dashboardRoute.loader(who.args("/admin/dashboard") as never)) as {
    launch: { items: { key: string }[]; maintenance: boolean } | null;
  };

describe("the launch checklist", () => {
  it("lists every sample item on a fresh installation and is empty after each is replaced", async () => {
    expect(await keys()).toEqual([...LAUNCH_ITEM_KEYS]);

    // the office's photographs take the illustrations' places, its clients' words the samples'
    await db().update(websiteImages).set({ artwork: false }).where(eq(websiteImages.component, "gallery"));
    expect(await keys()).not.toContain("gallery");
    const [first] = await db().select({ id: testimonials.id }).from(testimonials).limit(1);
    await db()
      .update(testimonials)
      .set({ name: "Agnes Mutua", content: "Our finance team closed the year a month earlier." })
      .where(eq(testimonials.id, first?.id ?? ""));
    expect(await keys()).toContain("testimonials");
    const rows = await db().select({ id: testimonials.id }).from(testimonials);
    for (const [index, row] of rows.entries()) {
      await db()
        .update(testimonials)
        .set({ name: `Client ${index}`, content: `What client ${index} said after the course.` })
        .where(eq(testimonials.id, row.id));
    }
    expect(await keys()).not.toContain("testimonials");
    expect(await keys()).toContain("portraits");
    await db().update(testimonials).set({ imageUrl: "/media/client-portrait.jpg" });
    expect(await keys()).not.toContain("portraits");

    expect(
      await saveContent({
        section: "payment",
        bankName: "Equity Bank Kenya Ltd",
        accountName: "Mafunzo Training and Consultancy Ltd",
        accountNumber: "1180 2736 4451",
        branch: "Kilimani",
        swift: "EQBLKENA",
        paybill: "247 247",
        paybillAccountNote: "Enter your booking reference as the account number.",
      }),
    ).toMatchObject({ status: 302 });
    expect(await keys()).not.toContain("bank");
    expect(await keys()).not.toContain("paybill");

    // a photograph for the managing director and each team member on /about, with its alt text
    const photo = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 120, g: 90, b: 70 } },
    })
      .jpeg()
      .toBuffer();
    const replacePortrait = async (person: string) =>
      outcome(
        await portraitsRoute.action(
          files.admin.args(
            multipartRequest(
              "http://localhost/admin/content/portraits",
              files.admin.cookie,
              { person, altText: `${person} at the Nairobi office` },
              { name: "portrait.jpg", type: "image/jpeg", bytes: photo },
            ),
          ) as never,
        ),
      );
    const people = await aboutPeople();
    expect(people.map((person) => person.name)).toEqual([
      "Dr. Samuel Kariuki Mwangi",
      "Esther Achieng Oduor",
      "Jean-Paul Habimana",
      "Sarah Nakato",
    ]);
    // someone not on /about is refused and nothing is stored
    expect(await replacePortrait("Nobody Here")).toMatchObject({
      status: 400,
      data: { error: PORTRAIT_MESSAGES.notOnAbout },
    });
    expect(Object.keys(await getSiteContentValue(db(), "portraits"))).not.toContain("Nobody Here");
    for (const [index, person] of people.entries()) {
      expect((await launchChecklist()).find((item) => item.key === "about_portraits")?.detail).toContain(
        person.name,
      );
      expect(await replacePortrait(person.name)).toMatchObject({
        status: 302,
        location: "/admin/content/portraits",
      });
      if (index < people.length - 1) expect(await keys()).toContain("about_portraits");
    }
    expect(await keys()).not.toContain("about_portraits");
    const portrait = (await aboutPeople())[0]?.portrait;
    expect(portrait).toMatchObject({
      altText: "Dr. Samuel Kariuki Mwangi at the Nairobi office",
      width: 400,
    });
    expect(portrait?.imageUrl).toMatch(/^\/media\//);

    expect(
      await saveContent({
        section: "leadership",
        name: "Wanjiku Kamau",
        title: "Managing Director",
        quote: "We teach what we practise.",
        bio: "Wanjiku has led the firm since 2015.",
      }),
    ).toMatchObject({ status: 302 });
    expect(
      await saveContent({
        section: "contact",
        phone: "+254 20 765 4321",
        email: "info@mafunzo.co.ke",
        address: "Ngong Road, Nairobi",
        whatsapp: "+254 722 765 432",
      }),
    ).toMatchObject({ status: 302 });
    expect(
      await saveContent({
        section: "offices",
        "items[0].city": "Nairobi",
        "items[0].region": "Headquarters",
        "items[0].address": "Ngong Road",
        "items[0].phone": "+254 20 765 4321",
      }),
    ).toMatchObject({ status: 302 });
    expect(await keys()).not.toContain("leadership");
    expect(await keys()).not.toContain("contact");

    expect(await saveSetting("finance_kra_pin", "P051234567X")).toMatchObject({ status: 302 });
    expect(await saveSetting("certificate_signatory_name", "Wanjiku Kamau")).toMatchObject({ status: 302 });
    const logo = await sharp({
      create: { width: 300, height: 100, channels: 3, background: { r: 15, g: 76, b: 92 } },
    })
      .png()
      .toBuffer();
    const upload = outcome(
      await letterheadRoute.action(
        files.admin.args(
          multipartRequest(
            "http://localhost/admin/settings/letterhead",
            files.admin.cookie,
            { intent: "upload", kind: "logo" },
            { name: "logo.png", type: "image/png", bytes: logo },
          ),
        ) as never,
      ),
    );
    expect(upload).toMatchObject({ status: 302 });

    expect(await keys()).toEqual([]);
    // a checklist with nothing left is not shown, and the site may go live
    expect((await dashboard(editor)).launch?.items).toEqual([]);
    expect(await saveSetting("site_maintenance", "true")).toMatchObject({ status: 302 });
    expect(await saveSetting("site_maintenance")).toMatchObject({ status: 302 });
    expect(await getSetting("site_maintenance")).toBe(false);
  });
});

describe("accepting an item and going live", () => {
  it("refuses to go live while an item is neither replaced nor accepted, and records who accepted what", async () => {
    // the first test replaced everything; the illustrations and drawn portraits come back, the logo's store is new
    await db().update(websiteImages).set({ artwork: true }).where(eq(websiteImages.component, "gallery"));
    await db().update(testimonials).set({ imageUrl: "/artwork/people/joseph-okello.svg" });
    expect(await keys()).toEqual(["gallery", "portraits", "logo"]);

    expect(await saveSetting("site_maintenance", "true")).toMatchObject({ status: 302 });
    const refused = await saveSetting("site_maintenance");
    expect(refused).toMatchObject({ status: 409 });
    expect(refused.data?.detail).toBe(
      "The site cannot go live while the launch checklist shows sample content: replace or accept gallery pictures, portraits, logo (see the dashboard)",
    );
    expect(await getSetting("site_maintenance")).toBe(true);

    expect(await accept(editor, "gallery")).toMatchObject({ status: 302, location: "/admin/dashboard" });
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Accepted launch checklist item: Gallery pictures"))
      .orderBy(desc(adminAuditLogs.createdAt))
      .limit(1);
    expect(audit).toMatchObject({ tableName: "launch_acceptances", actorId: editor.user.id });
    const gallery = (await launchChecklist()).find((item) => item.key === "gallery");
    expect(gallery?.accepted?.by).toBe(editor.user.email);

    // accepted twice, an item that shows no sample, an unknown item: refused, nothing recorded
    expect(await accept(editor, "gallery")).toMatchObject({
      status: 409,
      data: { error: LAUNCH_MESSAGES.alreadyAccepted },
    });
    expect(await accept(editor, "bank")).toMatchObject({
      status: 409,
      data: { error: LAUNCH_MESSAGES.notSample },
    });
    expect(await accept(editor, "weather")).toMatchObject({ status: 400 });

    expect(await saveSetting("site_maintenance")).toMatchObject({ status: 409 });
    expect(await accept(editor, "portraits")).toMatchObject({ status: 302 });
    expect(await saveSetting("site_maintenance")).toMatchObject({ status: 409 });
    expect(await accept(files.admin, "logo")).toMatchObject({ status: 302 });
    expect(await saveSetting("site_maintenance")).toMatchObject({ status: 302 });
    expect(await getSetting("site_maintenance")).toBe(false);
    // accepted items stay on the list, marked, so the office still sees what is sample
    expect((await dashboard(editor)).launch?.items.map((item) => item.key)).toEqual([
      "gallery",
      "portraits",
      "logo",
    ]);
  });

  it("is the owner's and the editor's: other roles neither see nor accept it", async () => {
    const registrar = await signedInAdmin({ roles: ["registrar"] });
    expect((await dashboard(registrar)).launch).toBeNull();
    expect(await accept(registrar, "portraits")).toMatchObject({ status: 403 });
  });
});
