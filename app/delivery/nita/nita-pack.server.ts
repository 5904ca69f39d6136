import { and, eq, isNull } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import type { NitaPack } from "#app/delivery/nita/nita-pack-pdf.server";
import type { NitaPackSection } from "#app/delivery/pdf.server";
import { certificates } from "#app/delivery/tables.server";
import { type MoneyDocument, moneyDocumentsForBooking } from "#app/money/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { env } from "#app/platform/env.server";
import type { ZipEntry } from "#app/platform/files/zip.server";
import { readStored } from "#app/platform/files/zip.server";
import { boundedHeavyWork } from "#app/platform/jobs/heavy-work.server";
import { renderOffThread } from "#app/platform/pdf/render-pool.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { getFirmIdentity } from "#app/site/index.server";
import { today } from "#app/utils/dates";
import { fileNameSlug } from "#app/utils/file-name";
import { attendanceSummary } from "../attendance/attendance.server";
import type { DeliveryRun } from "../delivery-run.server";
import { fullIdNumbers, listLiveParticipants, sessionClock } from "../delivery-run.server";
import { getJoiningInstructions } from "../instructions/joining-instructions.server";
import { listRunTrainers } from "../trainers.server";
import { markDraftPages, nitaDraftReasons } from "./nita-draft.server";
import { currentRegisterScan, registerScanFile } from "./register-scan.server";

/** What the pack lacks that a NITA officer would send it back for, and where the office fills it in. */
export type NitaGap = { label: string; to: string };

/**
 * What the run lacks for a claim NITA accepts: the course outline (its modules), the course dates and the daily
 * timetable (the joining instructions). The pack is not made until none is missing: a pack without them
 * comes back from NITA.
 */
export function nitaPackGaps(
  run: Pick<DeliveryRun, "id" | "courseId" | "modules" | "days">,
  timetable: string | null | undefined,
): NitaGap[] {
  const course = `/admin/courses/${run.courseId}`;
  return [
    run.modules.length > 0 ? null : { label: "the course outline (the course's modules)", to: course },
    run.days.length > 0 ? null : { label: "the course dates", to: `${course}/runs/${run.id}` },
    timetable?.trim()
      ? null
      : {
          label: "the daily timetable (in the joining instructions)",
          to: `${course}/runs/${run.id}/instructions`,
        },
  ].filter((gap) => gap !== null);
}

/** The gaps of a run as it stands, for the NITA screen. */
export async function currentNitaPackGaps(run: DeliveryRun) {
  return nitaPackGaps(run, (await getJoiningInstructions(run.id))?.timetable);
}

/** Why the run's packs are drafts as things stand (empty: final), for the NITA screen. */
export async function currentNitaDraftReasons(run: DeliveryRun) {
  const [settings, issued] = await Promise.all([
    getSettings(),
    db()
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.runId, run.id), isNull(certificates.revokedAt))),
  ]);
  return nitaDraftReasons(run, settings.nita_provider_number || null, issued.length);
}

export const NITA_PACK_REFUSED = "The NITA claim pack cannot be made yet.";

/** The answer to a download asked for while the pack lacks something: what is missing, and nothing made. */
export function nitaPackRefusal(gaps: NitaGap[]) {
  return new Response(`${NITA_PACK_REFUSED} Missing: ${gaps.map((gap) => gap.label).join("; ")}.`, {
    status: 409,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Participants without an organisation are grouped under this name (a pack for individuals). */
export const NO_ORGANISATION = "Individual participants";

const orgOf = (p: { organization: string | null }) => p.organization?.trim() || NO_ORGANISATION;

/** The organisations with live participants on the run, and how many each has. */
export async function listRunOrganisations(runId: string) {
  const counts = new Map<string, number>();
  for (const p of await listLiveParticipants(runId)) counts.set(orgOf(p), (counts.get(orgOf(p)) ?? 0) + 1);
  return [...counts]
    .map(([name, participants]) => ({ name, participants }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Everything the pack holds for one organisation on one run; null when it has nobody on the run. A client gets
 * the pack of their own booking only (`bookingId`): another booking of the same organisation is not theirs.
 */
export async function gatherNitaPack(run: DeliveryRun, organization: string, bookingId?: string) {
  const summary = (await attendanceSummary(run)).filter(
    (p) => orgOf(p) === organization && (bookingId === undefined || p.bookingId === bookingId),
  );
  if (summary.length === 0) return null;
  // NITA needs the numbers in full: the pack is built only by the office and finance, and audited as an
  // export of them by its route (decision 0637)
  const numbers = await fullIdNumbers(summary.map((p) => p.id));
  const register = summary.map((p) => ({ ...p, idNumber: numbers.get(p.id) ?? null }));
  const ids = new Set(register.map((p) => p.id));
  const [instructions, firm, issued, trainers, settings, scan] = await Promise.all([
    getJoiningInstructions(run.id),
    getFirmIdentity(),
    db()
      .select()
      .from(certificates)
      .where(and(eq(certificates.runId, run.id), isNull(certificates.revokedAt))),
    listRunTrainers(run.id),
    getSettings(),
    currentRegisterScan(run.id),
  ]);
  const bookingIds = [...new Set(register.map((p) => p.bookingId).filter((id): id is string => Boolean(id)))];
  const references: string[] = [];
  const levyNumbers = new Set<string>();
  const moneyFiles: MoneyDocument[] = [];
  const notes = new Set<string>();
  for (const bookingId of bookingIds) {
    const [booking] = await db()
      .select({ reference: bookings.reference, levy: bookings.nitaLevyNumber })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    if (booking) references.push(booking.reference);
    if (booking?.levy) levyNumbers.add(booking.levy);
    const money = await moneyDocumentsForBooking(bookingId);
    moneyFiles.push(...money.documents);
    if (money.note) notes.add(money.note);
  }
  // a certificate counts only once the course is over (decision 0681): one issued early is no proof of it
  const mine = sessionClock(run.sessions).finished ? issued.filter((c) => ids.has(c.registrationId)) : [];
  const providerNitaNumber = settings.nita_provider_number || null;
  // their QR codes are drawn where the pack is rendered (decision 0654)
  const certificatesIn = mine.map((c) => ({ ...c, verifyUrl: `${env().PUBLIC_URL}/verify/${c.code}` }));
  const pack: NitaPack = {
    run,
    organization,
    participants: register,
    register,
    timetable: instructions?.timetable ?? null,
    money: {
      references,
      documents: moneyFiles.map(({ title, summary }) => ({ title, summary })),
      notes: [...notes],
    },
    certificates: certificatesIn,
    firm,
    providerNitaNumber,
    draft: nitaDraftReasons(run, providerNitaNumber, mine.length),
    employerLevyNumbers: [...levyNumbers],
    trainers: trainers.map((t) => t.name).filter((name): name is string => Boolean(name)),
    signedRegister: scan ? { uploadedOn: today(scan.createdAt) } : null,
  };
  return {
    pack,
    moneyFiles,
    certificateFiles: mine,
    signedRegister: scan ? await registerScanFile(scan) : null,
    gaps: nitaPackGaps(run, instructions?.timetable),
  };
}

/** One booking's pack, for its client: its organisation's pack narrowed to the booking's own participants. */
export function gatherBookingNitaPack(
  run: DeliveryRun,
  booking: { id: string; organization: string | null },
) {
  return gatherNitaPack(run, orgOf(booking), booking.id);
}

export type GatheredPack = NonNullable<Awaited<ReturnType<typeof gatherNitaPack>>>;

/**
 * The pack prints ID numbers in full, so every download is audited as an export of them: the run, the
 * organisation, how many participants, never the numbers themselves (decision 0637).
 */
export async function auditNitaPackExport(
  actor: AuditActor,
  run: DeliveryRun,
  { pack }: GatheredPack,
  file: string,
) {
  await recordAudit(db(), actor, {
    action: "Exported NITA pack with full ID numbers",
    tableName: "course_runs",
    recordId: run.id,
    newValues: {
      organization: pack.organization,
      file,
      participants: pack.participants.length,
      withIdNumbers: pack.participants.filter((p) => p.idNumber !== null).length,
    },
  });
}

export const nitaFileBase = (run: DeliveryRun, organization: string) =>
  `nita-pack-${fileNameSlug(organization)}-${fileNameSlug(run.courseTitle)}-${run.startDate ?? "undated"}`;

/**
 * The PDF modules are imported on first use (see gatherNitaPack) and render on a worker thread when the server
 * runs the pool (decision 0653); one pack is built at a time, another waits its turn (decision 0651).
 */
const deliveryPdfs = () => import("#app/delivery/pdf.server");

export function nitaPackPdf(gathered: GatheredPack) {
  return boundedHeavyWork(
    "nita-pack",
    async () =>
      markDraftPages(
        await renderOffThread(
          "delivery",
          deliveryPdfs,
          "renderNitaPack",
          gathered.pack,
          gathered.moneyFiles.map((f) => f.pdf),
          gathered.signedRegister,
        ),
        gathered.pack.draft,
      ),
    { waitTurn: true },
  );
}

const SCAN_EXT = { "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg" } as const;

/** The same pack as separate files: each section, the money documents, and the certificates as issued. */
export function nitaPackFiles({
  pack,
  moneyFiles,
  certificateFiles,
  signedRegister,
}: GatheredPack): Promise<ZipEntry[]> {
  const section = async (name: NitaPackSection) =>
    markDraftPages(
      await renderOffThread("delivery", deliveryPdfs, "renderNitaPackSection", name, pack),
      pack.draft,
    );
  return boundedHeavyWork(
    "nita-pack",
    async () => {
      const entries: ZipEntry[] = [
        { name: "1-participants.pdf", data: await section("participants") },
        { name: "2-course-outline-and-timetable.pdf", data: await section("outline") },
        { name: "3-invoice-and-receipts.pdf", data: await section("money") },
        ...moneyFiles.map((f) => ({ name: `3-${f.filename}`, data: f.pdf })),
        { name: "4-attendance-register.pdf", data: await section("register") },
      ];
      if (signedRegister) {
        entries.push({
          name: `4-signed-attendance-register.${SCAN_EXT[signedRegister.mimeType]}`,
          data: signedRegister.data,
        });
      }
      for (const c of certificateFiles) {
        entries.push({
          name: `5-certificates/certificate-${fileNameSlug(c.recipientName)}-${c.code}.pdf`,
          data: await readStored(c.storageKey),
        });
      }
      return entries;
    },
    { waitTurn: true },
  );
}
