import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { payPath } from "#app/booking/index.server";
import { bookings, courseRegistrations as r } from "#app/booking/tables.server";
import { clientColleagues } from "#app/bookings/tables.server";
import {
  auditNitaPackExport,
  findDeliveryRun,
  gatherBookingNitaPack,
  getJoiningInstructions,
  joiningRows,
  runDatesText,
} from "#app/delivery/index.server";
import { certificates } from "#app/delivery/tables.server";
import {
  bookingCertifiedSql,
  bookingInvoicedSql,
  bookingPaidSql,
  bookingPaymentInstructions,
  bookingStatement,
  bookingSubjectSql,
  bookingWithheldSql,
  clientTaxInvoice,
  organisationStatement,
  stkAvailable,
} from "#app/money/index.server";
import { organisations } from "#app/organisations/tables.server";
import { recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { settlement } from "#app/utils/payment-state";
import {
  addParticipant,
  type BookingChangeOutcome,
  type BookingChanger,
  cancelBooking,
  moveBooking,
  resendDocuments,
  substituteParticipant,
  updateBookingDetails,
  updateChannelConsent,
  updateSmsConsent,
} from "../booking-page/booking-changes.server";
import type { BookingAction } from "../booking-page/booking-rules";
import { getBookingPage } from "../booking-page/booking-view.server";
import { PORTAL_MESSAGES } from "./portal";
import type { Client } from "./portal-session.server";
import { sendColleagueLink } from "./portal-session.server";

/**
 * The bookings an address may see: those it made as the contact, and those a contact shared with it for one
 * organisation (DESIGN §8: a portal session reaches only its own organisation's bookings).
 */
const visibleTo = (email: string) => sql`(
  lower(${bookings.contactEmail}) = ${email}
  or exists (
    select 1 from ${clientColleagues} c
    where c.colleague_email = ${email}
      and c.contact_email = lower(${bookings.contactEmail})
      and lower(c.organization) = lower(trim(coalesce(${bookings.organization}, '')))
  )
)`;

/** Every booking the client may see, with what is still to pay. */
export async function listClientBookings(client: Client) {
  const rows = await db()
    .select({
      reference: bookings.reference,
      status: bookings.status,
      contactName: bookings.contactName,
      contactEmail: bookings.contactEmail,
      organization: bookings.organization,
      participants: bookings.participants,
      courseTitle: bookingSubjectSql,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      venue: courseRuns.venue,
      invoicedCents: bookingInvoicedSql,
      paidCents: bookingPaidSql,
      withheldCents: bookingWithheldSql,
      certifiedCents: bookingCertifiedSql,
    })
    .from(bookings)
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .leftJoin(courseRuns, eq(courseRuns.id, bookings.runId))
    .where(visibleTo(client.email))
    // upcoming dates first, the soonest at the top; then those gone by, the latest first; undated last
    .orderBy(
      sql`${courseRuns.startDate} is null`,
      sql`${courseRuns.startDate} < ${today()}`,
      sql`abs(${courseRuns.startDate} - ${today()}::date)`,
      desc(bookings.createdAt),
    )
    .limit(200);
  return rows.map(({ contactEmail, invoicedCents, paidCents, withheldCents, certifiedCents, ...row }) => {
    const invoiced = Number(invoicedCents);
    const settled = settlement(invoiced, Number(paidCents), Number(withheldCents), Number(certifiedCents));
    return {
      ...row,
      dates: runDatesText(row),
      mine: contactEmail.toLowerCase() === client.email,
      balance: {
        invoicedCents: invoiced,
        balanceCents: settled.balanceCents,
        certificatesDueCents: settled.certificatesDueCents,
        state: settled.state,
      },
    };
  });
}

/** The organisations the client made bookings for: those they can share with a colleague. */
async function ownOrganisations(email: string) {
  const rows = await db()
    .selectDistinct({ organization: sql<string>`trim(${bookings.organization})` })
    .from(bookings)
    .where(and(sql`lower(${bookings.contactEmail}) = ${email}`, isNotNull(bookings.organization)))
    .orderBy(sql`trim(${bookings.organization})`);
  return rows.map((row) => row.organization).filter((name) => name.length > 0);
}

/** Who the client has shared their bookings with, and what they may share. */
export async function getClientSharing(client: Client) {
  const [organisations, colleagues] = await Promise.all([
    ownOrganisations(client.email),
    db()
      .select({ email: clientColleagues.colleagueEmail, organization: clientColleagues.organization })
      .from(clientColleagues)
      .where(eq(clientColleagues.contactEmail, client.email))
      .orderBy(asc(clientColleagues.organization), asc(clientColleagues.colleagueEmail)),
  ]);
  return { organisations, colleagues };
}

export type PortalOutcome = { ok: true; message: string } | { ok: false; message: string; field?: string };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Shares the client's bookings for one of their organisations with a colleague, and e-mails them a link. */
export async function inviteColleague(
  client: Client,
  input: { email: string; organization: string },
): Promise<PortalOutcome> {
  const email = input.email.trim().toLowerCase();
  const organization = (await ownOrganisations(client.email)).find((name) =>
    sameName(name, input.organization),
  );
  if (!organization)
    return { ok: false, message: PORTAL_MESSAGES.organisationNotYours, field: "organization" };
  if (email === client.email) return { ok: false, message: PORTAL_MESSAGES.colleagueIsYou, field: "email" };
  const added = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(clientColleagues)
      .values({ contactEmail: client.email, organization, colleagueEmail: email })
      .onConflictDoNothing()
      .returning({ id: clientColleagues.id });
    if (row) {
      await recordAudit(tx, client.actor, {
        action: "Shared bookings with a colleague",
        tableName: "client_colleagues",
        recordId: row.id,
        newValues: { colleague: email, organization },
      });
    }
    return row;
  });
  if (added) {
    // the colleague is told who shared: the name the contact booked under, and their address
    const [me] = await db()
      .select({ name: bookings.contactName })
      .from(bookings)
      .where(sql`lower(${bookings.contactEmail}) = ${client.email}`)
      .orderBy(desc(bookings.createdAt))
      .limit(1);
    await sendColleagueLink(email, client.actor.ip, me ? `${me.name} (${client.email})` : client.email);
  }
  return { ok: true, message: PORTAL_MESSAGES.colleagueInvited(email, organization) };
}

/** Ends a colleague's view of the client's bookings for one organisation. */
export async function removeColleague(
  client: Client,
  input: { email: string; organization: string },
): Promise<PortalOutcome> {
  const email = input.email.trim().toLowerCase();
  await db().transaction(async (tx) => {
    const removed = await tx
      .delete(clientColleagues)
      .where(
        and(
          eq(clientColleagues.contactEmail, client.email),
          eq(clientColleagues.colleagueEmail, email),
          sql`lower(${clientColleagues.organization}) = lower(${input.organization.trim()})`,
        ),
      )
      .returning({ id: clientColleagues.id, organization: clientColleagues.organization });
    for (const row of removed) {
      await recordAudit(tx, client.actor, {
        action: "Stopped sharing bookings with a colleague",
        tableName: "client_colleagues",
        recordId: row.id,
        oldValues: { colleague: email, organization: row.organization },
      });
    }
  });
  return { ok: true, message: PORTAL_MESSAGES.colleagueRemoved(email) };
}

/** The booking, if the client may see it; `mine` when they made it (only its contact changes it). */
async function visibleBooking(client: Client, reference: string) {
  const [row] = await db()
    .select({
      id: bookings.id,
      contactEmail: bookings.contactEmail,
      contactName: bookings.contactName,
      organization: bookings.organization,
      runId: bookings.runId,
    })
    .from(bookings)
    .where(and(eq(bookings.reference, reference), visibleTo(client.email)));
  return row ? { ...row, mine: row.contactEmail.toLowerCase() === client.email } : null;
}

/** The booking's certificates that still stand (a revoked one is not the client's to download). */
function standingCertificates(bookingId: string) {
  return db()
    .select({
      code: certificates.code,
      name: certificates.recipientName,
      storageKey: certificates.storageKey,
    })
    .from(certificates)
    .innerJoin(r, eq(r.id, certificates.registrationId))
    .where(and(eq(r.bookingId, bookingId), isNull(certificates.revokedAt)))
    .orderBy(asc(certificates.recipientName));
}

/**
 * A booking as its client sees it: the office's page without what is the office's own (the audit trail, the
 * outbox, ID numbers), with the joining instructions, how to pay, and the certificates issued.
 */
export async function getClientBooking(client: Client, reference: string) {
  const seen = await visibleBooking(client, reference);
  if (!seen) return null;
  const page = await getBookingPage(reference);
  if (!page) return null;
  const { booking } = page;
  const [instructions, payHow, issued, payOnline, taxInvoice, statement] = await Promise.all([
    booking.runId ? getJoiningInstructions(booking.runId) : null,
    bookingPaymentInstructions(booking.reference),
    standingCertificates(booking.id),
    stkAvailable(),
    clientTaxInvoice(booking.id),
    bookingStatement(booking.reference),
  ]);
  return {
    booking: {
      reference: booking.reference,
      status: booking.status,
      contactName: booking.contactName,
      contactEmail: booking.contactEmail,
      organization: booking.organization,
      kraPin: booking.kraPin,
      lpoNumber: booking.lpoNumber,
      nitaLevyNumber: booking.nitaLevyNumber,
      courseTitle: booking.courseTitle,
      courseSlug: booking.courseSlug,
      dates: booking.dates,
      venue: booking.venue,
      startDate: booking.startDate,
    },
    sms: { phone: page.sms.phone, on: page.sms.on },
    whatsappConsent: { phone: page.whatsappConsent.phone, on: page.whatsappConsent.on },
    participants: page.participants.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      status: p.status,
      daysPresent: p.daysPresent,
      certificateCode: p.certificateRevoked ? null : p.certificateCode,
    })),
    documents: page.documents,
    /** the KRA eTIMS tax invoice: issued, or pending with the reason */
    taxInvoice,
    payments: page.payments.map((p) => ({
      id: p.id,
      method: p.method,
      amountCents: p.amountCents,
      receivedOn: p.receivedOn,
      transactionCode: p.transactionCode,
    })),
    cheques: page.cheques,
    balance: page.balance,
    /** the booking's statement of account (decision 0748) */
    statement,
    payHow,
    /** "Pay with M-PESA": the booking's pay page, when M-PESA Express is set up */
    payHref: payOnline ? payPath(booking.reference) : null,
    instructions: joiningRows(instructions).filter((row): row is [string, string] => Boolean(row[1])),
    certificates: issued.map(({ code, name }) => ({ code, name })),
    otherRuns: page.otherRuns,
    seatsLeft: page.seatsLeft,
    noticeDays: page.noticeDays,
    substitutionDeadline: page.substitutionDeadline,
    rules: page.rules,
    today: page.today,
    runDays: page.runDays,
    mine: seen.mine,
  };
}

/**
 * The organisations whose statement of account the client may download (decision 0748): those of the bookings
 * they may see (their own, and those shared with them for that organisation), by name.
 */
export async function clientOrganisations(client: Client) {
  return db()
    .selectDistinct({ id: organisations.id, name: organisations.name })
    .from(bookings)
    .innerJoin(organisations, eq(organisations.id, bookings.organisationId))
    .where(visibleTo(client.email))
    .orderBy(asc(organisations.name));
}

/**
 * A statement of account the client may see: of a booking they may see, or of one of their organisations
 * (`clientOrganisations`); null for anything else, so another organisation's statement reads as not found.
 */
export async function clientStatement(client: Client, scope: "booking" | "organisation", key: string) {
  if (scope === "booking") return (await visibleBooking(client, key)) ? bookingStatement(key) : null;
  const mine = await clientOrganisations(client);
  return mine.some((organisation) => organisation.id === key) ? organisationStatement(key) : null;
}

export type ClientBookingPage = NonNullable<Awaited<ReturnType<typeof getClientBooking>>>;

/**
 * A change the client makes in the portal, by the office's own rules (booking-changes.server): never past the
 * notice period (only an owner overrides it), audited with the client as actor and e-mailed to the contact.
 * Only the contact who made the booking changes it; confirming stays the office's.
 */
export async function changeClientBooking(
  client: Client,
  reference: string,
  input: BookingAction,
): Promise<BookingChangeOutcome> {
  const seen = await visibleBooking(client, reference);
  if (!seen) return { ok: false, status: 404, message: PORTAL_MESSAGES.notYours };
  if (!seen.mine) return { ok: false, status: 403, message: PORTAL_MESSAGES.colleagueOnly(seen.contactName) };
  const who: BookingChanger = { actor: client.actor, overridesNotice: false, client: true };
  switch (input.intent) {
    case "confirm":
      return { ok: false, status: 403, message: PORTAL_MESSAGES.officeConfirms };
    case "substitute":
      return substituteParticipant(who, seen.id, input.id, input);
    case "move":
      return moveBooking(who, seen.id, input.toRunId);
    case "add":
      return addParticipant(who, seen.id, input);
    case "cancel":
      return cancelBooking(who, seen.id);
    case "resend":
      return resendDocuments(who, seen.id);
    case "details":
      return updateBookingDetails(who, seen.id, input);
    case "sms":
      return updateSmsConsent(who, seen.id, input.smsConsent);
    case "whatsapp":
      return updateChannelConsent(who, seen.id, "whatsapp", input.whatsappConsent);
  }
}

/** A booking's certificates still standing, as stored, for the client to download one or all. */
export async function clientCertificates(client: Client, reference: string) {
  const seen = await visibleBooking(client, reference);
  if (!seen) return null;
  return standingCertificates(seen.id);
}

/**
 * The booking's NITA claim pack, once its certificates are issued: its own participants only, with their ID
 * numbers in full (NITA needs them), so every download is audited with the client as actor (decision 0637).
 */
export async function clientNitaPack(client: Client, reference: string, file: string) {
  const seen = await visibleBooking(client, reference);
  const run = seen?.runId ? await findDeliveryRun(seen.runId) : null;
  if (!seen || !run) return null;
  const gathered = await gatherBookingNitaPack(run, seen);
  if (!gathered || gathered.certificateFiles.length === 0) return null;
  await auditNitaPackExport(client.actor, run, gathered, file);
  return { run, gathered };
}
