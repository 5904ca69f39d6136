import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { courseRegistrations as r } from "#app/booking/tables.server";
import type { CertificateContent } from "#app/delivery/certificates/certificate-pdf.server";
import { certificateIssued } from "#app/delivery/emails.server";
import { certificates } from "#app/delivery/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { enqueueEmails, wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { env } from "#app/platform/env.server";
import { deleteQuietly, newKey, storage } from "#app/platform/files/storage.server";
import { renderOffThread } from "#app/platform/pdf/render-pool.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { enqueueSms } from "#app/platform/sms/sms-outbox.server";
import { enqueueWhatsApp } from "#app/platform/whatsapp/whatsapp-outbox.server";
import { getFirmIdentity } from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import { formatLongDate } from "#app/utils/dates";
import { fileNameSlug } from "#app/utils/file-name";
import { attendanceSummary } from "../attendance/attendance.server";
import { type DeliveryRun, runHours, sessionClock } from "../delivery-run.server";
import { certificateReadySms } from "../delivery-sms";

// Crockford's base32 without I, L, O, U: read aloud or typed from paper without confusion
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 80 random bits as XXXX-XXXX-XXXX-XXXX: not guessable, and short enough to type. */
export function newCertificateCode() {
  const bytes = crypto.randomBytes(16);
  const chars = Array.from({ length: 16 }, (_, i) => ALPHABET[(bytes[i] as number) & 31]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

/** A typed code in any case, with or without dashes, as stored; null when it cannot be a code. */
export function normaliseCode(input: string) {
  const plain = input.toUpperCase().replace(/[\s-]/g, "");
  if (plain.length !== 16 || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return [0, 4, 8, 12].map((i) => plain.slice(i, i + 4)).join("-");
}

const verifyUrl = (code: string) => `${env().PUBLIC_URL}/verify/${code}`;

export async function listRunCertificates(runId: string) {
  return db()
    .select({
      id: certificates.id,
      code: certificates.code,
      registrationId: certificates.registrationId,
      recipientName: certificates.recipientName,
      attendancePercent: certificates.attendancePercent,
      storageKey: certificates.storageKey,
      issuedAt: certificates.issuedAt,
      revokedAt: certificates.revokedAt,
      revokedReason: certificates.revokedReason,
    })
    .from(certificates)
    .where(eq(certificates.runId, runId))
    .orderBy(asc(certificates.recipientName));
}

/**
 * Whether the run's certificates are due: only once its last session is over on the business clock, so nobody
 * is congratulated on completing a course still under way (decision 0681); if not, when they will be.
 */
export function certificatesDue(run: Pick<DeliveryRun, "sessions">) {
  const last = run.sessions.at(-1);
  return {
    due: sessionClock(run.sessions).finished,
    from: last ? `${formatLongDate(last.date)} at ${last.endTime}` : null,
  };
}

export type IssueOutcome =
  | { ok: true; message: string; issued: number }
  | { ok: false; status: number; message: string };

/**
 * Issues certificates to every live participant at or over the attendance threshold who has none yet, and
 * e-mails each with the PDF attached. The PDFs are made and stored first; the rows and e-mails are written in
 * one transaction, where the unique (registration, run) key gives each participant one certificate even
 * when two admins press Issue together (the loser's files are removed).
 */
export async function issueCertificates(actor: AuditActor, run: DeliveryRun): Promise<IssueOutcome> {
  if (run.days.length === 0) return { ok: false, status: 409, message: "This course date has no dates yet." };
  const timing = certificatesDue(run);
  if (!timing.due) {
    return {
      ok: false,
      status: 409,
      message: `The course is still under way: certificates are due after its last session ends, on ${timing.from}.`,
    };
  }
  const settings = await getSettings();
  const firm = await getFirmIdentity();
  const [summary, existing] = await Promise.all([attendanceSummary(run), listRunCertificates(run.id)]);
  const have = new Set(existing.map((c) => c.registrationId));
  const due = summary.filter((p) => p.percent >= settings.certificate_threshold && !have.has(p.id));
  if (due.length === 0) {
    return {
      ok: true,
      issued: 0,
      message: `No new certificates: nobody else reaches ${settings.certificate_threshold}% attendance.`,
    };
  }
  const made: {
    person: (typeof due)[number];
    content: Omit<CertificateContent, "qr">;
    storageKey: string;
  }[] = [];
  for (const person of due) {
    const code = newCertificateCode();
    const content = {
      code,
      recipientName: person.name,
      courseTitle: run.courseTitle,
      dates: run.dates,
      venue: run.venue,
      hours: runHours(run.sessions),
      attendancePercent: person.percent,
      signatoryName: settings.certificate_signatory_name,
      signatoryTitle: settings.certificate_signatory_title,
      verifyUrl: verifyUrl(code),
    };
    // the PDF libraries load with the first PDF asked for, not in every process (decision 0603), on a render
    // thread when the server runs the pool (decision 0653), QR code included (decision 0654)
    const pdf = await renderOffThread(
      "delivery",
      () => import("#app/delivery/pdf.server"),
      "renderCertificate",
      content,
      firm,
    );
    const storageKey = newKey("certificates", "pdf");
    await storage().put(storageKey, Buffer.from(pdf), "application/pdf");
    made.push({ person, content, storageKey });
  }
  const issued = await db().transaction(async (tx) => {
    const done: string[] = [];
    // who agreed to SMS hears by SMS too (decision 0767), and who agreed to WhatsApp there (0772); the phone
    // numbers are read here, not on the screens
    const consents = await tx
      .select({
        id: r.id,
        phone: r.phone,
        smsConsentAt: r.smsConsentAt,
        whatsappConsentAt: r.whatsappConsentAt,
      })
      .from(r)
      .where(
        inArray(
          r.id,
          made.map((m) => m.person.id),
        ),
      );
    const phones = new Map(consents.map((row) => [row.id, row.smsConsentAt ? row.phone : null]));
    const whatsappPhones = new Map(consents.map((row) => [row.id, row.whatsappConsentAt ? row.phone : null]));
    for (const { person, content, storageKey } of made) {
      const [row] = await tx
        .insert(certificates)
        .values({
          code: content.code,
          registrationId: person.id,
          runId: run.id,
          recipientName: content.recipientName,
          courseTitle: content.courseTitle,
          dates: content.dates,
          venue: content.venue,
          hours: content.hours,
          attendancePercent: content.attendancePercent,
          signatoryName: content.signatoryName,
          signatoryTitle: content.signatoryTitle,
          storageKey,
          issuedAt: now(),
          issuedBy: actor.id,
        })
        .onConflictDoNothing()
        .returning({ id: certificates.id });
      if (!row) continue;
      done.push(storageKey);
      await enqueueEmails(tx, [
        {
          to: person.email,
          kind: "certificate",
          relatedTable: "certificates",
          relatedId: row.id,
          ...certificateIssued({ name: person.name, courseTitle: run.courseTitle, code: content.code }),
          attachments: [
            { filename: `certificate-${content.code}.pdf`, contentType: "application/pdf", storageKey },
          ],
        },
      ]);
      const phone = phones.get(person.id);
      if (phone) {
        await enqueueSms(tx, [
          {
            to: phone,
            body: certificateReadySms(run.courseTitle, content.verifyUrl),
            kind: "certificate",
            relatedTable: "course_registrations",
            relatedId: person.id,
          },
        ]);
      }
      const whatsappPhone = whatsappPhones.get(person.id);
      if (whatsappPhone) {
        await enqueueWhatsApp(tx, [
          {
            to: whatsappPhone,
            moment: "certificate_ready",
            variables: [run.courseTitle, content.verifyUrl],
            relatedTable: "course_registrations",
            relatedId: person.id,
          },
        ]);
      }
      await recordAudit(tx, actor, {
        action: "Issued certificate",
        tableName: "certificates",
        recordId: row.id,
        newValues: { code: content.code, name: person.name, attendance: person.percent },
      });
    }
    return done;
  });
  await deleteQuietly(made.map((m) => m.storageKey).filter((key) => !issued.includes(key)));
  wakeOutboxWorker();
  return { ok: true, issued: issued.length, message: `${issued.length} certificate(s) issued and e-mailed.` };
}

/** Revokes a certificate with a reason: the verify page says so from then on. */
export async function revokeCertificate(
  actor: AuditActor,
  runId: string,
  certificateId: string,
  reason: string,
): Promise<{ ok: true; message: string } | { ok: false; status: number; message: string }> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(certificates)
      .set({ revokedAt: now(), revokedReason: reason, revokedBy: actor.id })
      .where(
        and(
          eq(certificates.id, certificateId),
          eq(certificates.runId, runId),
          isNull(certificates.revokedAt),
        ),
      )
      .returning({ code: certificates.code, name: certificates.recipientName });
    if (!row)
      return { ok: false, status: 409, message: "This certificate does not exist or is already revoked." };
    await recordAudit(tx, actor, {
      action: "Revoked certificate",
      tableName: "certificates",
      recordId: certificateId,
      oldValues: { code: row.code, status: "valid" },
      newValues: { code: row.code, status: "revoked", reason },
    });
    return { ok: true, message: `Certificate ${row.code} of ${row.name} revoked.` };
  });
}

export type Verification =
  | { state: "unknown" }
  | { state: "revoked"; code: string; revokedAt: Date }
  | {
      state: "genuine";
      code: string;
      recipientName: string;
      courseTitle: string;
      dates: string;
      venue: string | null;
      issuedAt: Date;
    };

/**
 * What the public verify page may say: a genuine certificate as issued; of a revoked one only that its code
 * was issued and when it was revoked, never whose it was (decision 0632).
 */
export async function verifyCertificate(input: string): Promise<Verification> {
  const code = normaliseCode(input);
  if (!code) return { state: "unknown" };
  const [row] = await db()
    .select({
      code: certificates.code,
      recipientName: certificates.recipientName,
      courseTitle: certificates.courseTitle,
      dates: certificates.dates,
      venue: certificates.venue,
      issuedAt: certificates.issuedAt,
      revokedAt: certificates.revokedAt,
    })
    .from(certificates)
    .where(eq(certificates.code, code));
  if (!row) return { state: "unknown" };
  const { revokedAt, ...issued } = row;
  return revokedAt ? { state: "revoked", code: row.code, revokedAt } : { state: "genuine", ...issued };
}

/** A certificate's stored file and download name, for the back office. */
export async function findCertificateFile(runId: string, certificateId: string) {
  const [row] = await db()
    .select({
      storageKey: certificates.storageKey,
      code: certificates.code,
      name: certificates.recipientName,
    })
    .from(certificates)
    .innerJoin(courseRuns, eq(courseRuns.id, certificates.runId))
    .where(and(eq(certificates.id, certificateId), eq(certificates.runId, runId)));
  return row
    ? { storageKey: row.storageKey, filename: `certificate-${fileNameSlug(row.name)}-${row.code}.pdf` }
    : null;
}
