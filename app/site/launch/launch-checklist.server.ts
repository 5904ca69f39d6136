import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { SETTING_DEFINITIONS } from "#app/platform/settings/settings";
import { isDrawnPortrait } from "../content/portrait";
import { aboutPeople } from "../content/portraits.server";
import { getSiteContentValue } from "../content/site-content.server";
import { hasDocumentImage } from "../images/document-images.server";
import { seedSiteContent } from "../seed/site-content";
import { seedTestimonials } from "../seed/testimonials";
import { launchAcceptances, testimonials, websiteImages } from "../tables.server";
import { LAUNCH_MESSAGES, type LaunchItemKey } from "./launch-checklist";

/** One piece of sample content still showing, where it is replaced, and whether someone accepted it. */
export type LaunchItem = {
  key: LaunchItemKey;
  title: string;
  /** what the site shows now, in the office's words */
  detail: string;
  /** the admin page (and section) where it is replaced */
  to: string;
  accepted: { by: string | null; at: string } | null;
};

type Found = Omit<LaunchItem, "accepted">;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const SEED_CONTENT = seedTestimonials.map((t) => t.content);
const SEED_NAMES = seedTestimonials.map((t) => t.name);
const seedOffices = new Set(seedSiteContent.offices.map((office) => office.phone));

/**
 * Every piece of sample content the site still shows, read from the data: the seed's illustrations, testimonials,
 * drawn portraits (of testimonials and on /about), invented bank and paybill, the missing KRA PIN and logo, the sample managing director,
 * telephone numbers and certificate signatory. Replacing the piece (in the admin page `to` names) removes the item.
 */
async function findSampleContent(executor: Executor): Promise<Found[]> {
  const found: Found[] = [];
  // one query at a time: on a transaction's connection pg warns about overlapping queries
  const [gallery] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(websiteImages)
    .where(
      and(
        eq(websiteImages.component, "gallery"),
        eq(websiteImages.status, "active"),
        eq(websiteImages.artwork, true),
      ),
    );
  if (gallery && gallery.n > 0) {
    found.push({
      key: "gallery",
      title: "Gallery pictures",
      detail: `${count(gallery.n, "illustration", "illustrations")} instead of photographs of your courses`,
      to: "/admin/gallery",
    });
  }
  const [sample] = await executor
    .select({
      testimonials: sql<number>`count(*) filter (where ${or(inArray(testimonials.content, SEED_CONTENT), inArray(testimonials.name, SEED_NAMES))})::int`,
      portraits: sql<number>`count(*) filter (where ${like(testimonials.imageUrl, "/artwork/%")})::int`,
    })
    .from(testimonials)
    .where(eq(testimonials.status, "active"));
  if (sample && sample.testimonials > 0) {
    found.push({
      key: "testimonials",
      title: "Testimonials",
      detail: `${count(sample.testimonials, "sample testimonial", "sample testimonials")} from people who are not your clients`,
      to: "/admin/testimonials",
    });
  }
  if (sample && sample.portraits > 0) {
    found.push({
      key: "portraits",
      title: "Portraits",
      detail: `${count(sample.portraits, "testimonial shows a drawn avatar", "testimonials show drawn avatars")} instead of a photograph`,
      to: "/admin/testimonials",
    });
  }

  const payment = await getSiteContentValue(executor, "payment");
  const seedPayment = seedSiteContent.payment;
  if (
    payment.bankName === seedPayment.bankName ||
    payment.swift === seedPayment.swift ||
    payment.accountNumber === seedPayment.accountNumber
  ) {
    found.push({
      key: "bank",
      title: "Bank details",
      detail: `${payment.bankName}, account ${payment.accountNumber}, SWIFT ${payment.swift}: an invented bank and account, shown on /contact, the confirmation and every invoice`,
      to: "/admin/content#content-payment",
    });
  }
  if (payment.paybill === seedPayment.paybill) {
    found.push({
      key: "paybill",
      title: "M-PESA paybill",
      detail: `Paybill ${payment.paybill} is a sample number: payments to it do not reach you`,
      to: "/admin/content#content-payment",
    });
  }

  const settings = await getSettings(executor);
  if (!settings.finance_kra_pin) {
    found.push({
      key: "kra_pin",
      title: "KRA PIN",
      detail: "No KRA PIN is set: invoices go out without the firm's PIN",
      to: "/admin/settings?section=company#setting-finance_kra_pin",
    });
  }
  if (settings.certificate_signatory_name === SETTING_DEFINITIONS.certificate_signatory_name.defaultValue) {
    found.push({
      key: "signatory",
      title: "Certificate signatory",
      detail: `Certificates are signed by "${settings.certificate_signatory_name}", a sample name`,
      to: "/admin/settings?section=company#setting-certificate_signatory_name",
    });
  }
  if (!(await hasDocumentImage("logo"))) {
    found.push({
      key: "logo",
      title: "Logo",
      detail: "No logo is uploaded: invoices, receipts and certificates carry no letterhead logo",
      to: "/admin/settings/letterhead",
    });
  }

  const leadership = await getSiteContentValue(executor, "leadership");
  if (
    leadership.name === seedSiteContent.leadership.name ||
    leadership.quote === seedSiteContent.leadership.quote
  ) {
    found.push({
      key: "leadership",
      title: "Managing director's quote",
      detail: `${leadership.name} and the quote on /about are samples`,
      to: "/admin/content#content-leadership",
    });
  }
  const drawn = (await aboutPeople(executor)).filter(
    (person) => person.portrait && isDrawnPortrait(person.portrait.imageUrl),
  );
  if (drawn.length > 0) {
    found.push({
      key: "about_portraits",
      title: "Portraits on /about",
      detail: `${drawn.map((person) => person.name).join(", ")}: drawings instead of photographs`,
      to: "/admin/content/portraits",
    });
  }
  const contact = await getSiteContentValue(executor, "contact");
  const offices = await getSiteContentValue(executor, "offices");
  const sampleNumbers = [
    contact.phone === seedSiteContent.contact.phone ? contact.phone : null,
    contact.whatsapp === seedSiteContent.contact.whatsapp ? contact.whatsapp : null,
    ...offices.filter((office) => seedOffices.has(office.phone)).map((office) => office.phone),
  ].filter((phone): phone is string => phone !== null);
  if (sampleNumbers.length > 0) {
    found.push({
      key: "contact",
      title: "Telephone numbers",
      detail: `${sampleNumbers.join(", ")}: sample numbers in the header, footer and offices`,
      to: "/admin/content#content-contact",
    });
  }
  return found;
}

/** The launch checklist: each piece of sample content still showing, with who accepted it (if anyone). */
export async function launchChecklist(executor: Executor = db()): Promise<LaunchItem[]> {
  const found = await findSampleContent(executor);
  const accepted = await executor
    .select({
      itemKey: launchAcceptances.itemKey,
      by: launchAcceptances.acceptedByEmail,
      at: launchAcceptances.acceptedAt,
    })
    .from(launchAcceptances);
  return found.map((item) => {
    const row = accepted.find((a) => a.itemKey === item.key);
    return { ...item, accepted: row ? { by: row.by, at: row.at.toISOString() } : null };
  });
}

/** The items that keep the site from going live: sample content nobody has accepted. */
export async function launchBlockers(executor: Executor = db()): Promise<LaunchItem[]> {
  return (await launchChecklist(executor)).filter((item) => item.accepted === null);
}

/** Why the site may not go live yet, or null when it may. */
export async function goLiveRefusal(executor: Executor = db()): Promise<string | null> {
  const blockers = await launchBlockers(executor);
  if (blockers.length === 0) return null;
  return `The site cannot go live while the launch checklist shows sample content: replace or accept ${blockers
    .map((item) => item.title.toLowerCase())
    .join(", ")} (see the dashboard)`;
}

export type AcceptOutcome = { ok: true } | { ok: false; message: string };

/**
 * Records that `actor` knowingly keeps an item's sample content, with its audit row, in one transaction. An item
 * that no longer shows sample content, or was accepted before, is refused and nothing changes.
 */
export async function acceptLaunchItem(actor: AuditActor, key: LaunchItemKey): Promise<AcceptOutcome> {
  return db().transaction(async (tx) => {
    const item = (await launchChecklist(tx)).find((candidate) => candidate.key === key);
    if (!item) return { ok: false, message: LAUNCH_MESSAGES.notSample };
    if (item.accepted) return { ok: false, message: LAUNCH_MESSAGES.alreadyAccepted };
    const [row] = await tx
      .insert(launchAcceptances)
      .values({ itemKey: key, detail: item.detail, acceptedBy: actor.id, acceptedByEmail: actor.email })
      .onConflictDoNothing({ target: launchAcceptances.itemKey })
      .returning({ id: launchAcceptances.id });
    if (!row) return { ok: false, message: LAUNCH_MESSAGES.alreadyAccepted };
    await recordAudit(tx, actor, {
      action: `Accepted launch checklist item: ${item.title}`,
      tableName: "launch_acceptances",
      recordId: row.id,
      newValues: { item: key, detail: item.detail },
    });
    return { ok: true };
  });
}
