/**
 * Who may do what in the back office. Every admin loader and action asks one of these before it reads or writes,
 * and the screens ask the same ones to show only what the account can do; the server refuses whatever they hide.
 * Each rule is a small named function of the account, so a screen and its route read the same sentence.
 */
import { STAFF_ROLES } from "#app/platform/db/enums";

export const ROLES = STAFF_ROLES;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  registrar: "Registrar",
  finance: "Finance",
  trainer: "Trainer",
  editor: "Editor",
  viewer: "Viewer",
};

/** What each role is for, as the invitation form explains it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including staff accounts, settings and data requests.",
  registrar: "Bookings, participants, run rosters and schedules, contacts and waiting lists.",
  finance: "Invoices, payments, statement imports, finance exports and finance settings.",
  trainer: "Only the runs they are assigned to: roster, attendance, sign-in sheet, certificates, feedback.",
  editor:
    "The public site: courses' content, testimonials, client logos, facilitators, images, gallery, site content and documents.",
  viewer: "Reads the back office; no changes, no exports, no ID numbers.",
};

/** The account a rule is asked about. */
export type Staff = { id: string; roles: readonly Role[] };

const holds = (staff: Staff, ...roles: Role[]) => staff.roles.some((role) => roles.includes(role));

/** The office's screens (dashboard, courses, content): every role but a trainer's alone, who sees their runs. */
export const canReadOffice = (staff: Staff) =>
  holds(staff, "owner", "registrar", "finance", "editor", "viewer");

/** Bookings, participants and their lists, contacts and waiting lists. */
export const canReadBookings = (staff: Staff) => holds(staff, "owner", "registrar", "finance", "viewer");
export const canManageBookings = (staff: Staff) => holds(staff, "owner", "registrar");

/** A substitution after the notice period closes (`substitution_notice_days`): the owner's exception. */
export const canOverrideNotice = (staff: Staff) => holds(staff, "owner");

/** Runs as scheduled: dates, venues, capacity, cancellation. */
export const canScheduleRuns = (staff: Staff) => holds(staff, "owner", "registrar");

/** Invoices, payments and balances. */
export const canReadMoney = (staff: Staff) => holds(staff, "owner", "finance", "registrar", "viewer");
export const canManageMoney = (staff: Staff) => holds(staff, "owner", "finance");
/** Issuing a booking's proforma (or its credit note) and sending it again: the office at booking, and finance. */
export const canInvoiceBookings = (staff: Staff) => canManageBookings(staff) || canManageMoney(staff);

/** The public site's content: courses' text, testimonials, client logos, facilitators, images, gallery, site copy, documents. */
export const canEditContent = (staff: Staff) => holds(staff, "owner", "editor");

const assigned = (staff: Staff, trainers: readonly string[]) =>
  holds(staff, "trainer") && trainers.includes(staff.id);

/**
 * A run's delivery pages (attendance, sign-in sheet, certificates, feedback): read by the office and a viewer,
 * done by the office; a trainer reads and does both for the runs assigned to them (`trainers`: their ids).
 */
export const canReadRunDelivery = (staff: Staff, trainers: readonly string[]) =>
  holds(staff, "owner", "registrar", "viewer") || assigned(staff, trainers);
export const canDeliverRun = (staff: Staff, trainers: readonly string[]) =>
  holds(staff, "owner", "registrar") || assigned(staff, trainers);

/** Feedback on a run: those who read its delivery, and the editors who turn it into testimonials. */
export const canReadFeedback = (staff: Staff, trainers: readonly string[]) =>
  canReadRunDelivery(staff, trainers) || canEditContent(staff);

/** "My runs": the home of anyone who trains. */
export const canSeeOwnRuns = (staff: Staff) => holds(staff, "trainer");

/**
 * Trainers as resources (issue 48): their profiles hold day rates, KRA PINs and M-PESA numbers, so the office
 * that schedules and finance that pays read them; the schedulers change them.
 */
export const canReadTrainers = (staff: Staff) => holds(staff, "owner", "registrar", "finance");
export const canManageTrainers = (staff: Staff) => canScheduleRuns(staff);
/** A trainer's monthly fee statement: finance and the owner (a trainer sees their own in "My runs"). */
export const canReadTrainerFees = (staff: Staff) => holds(staff, "owner", "finance");

/** Venues and rooms: read by the office, kept by the schedulers who hold rooms for runs. */
export const canReadVenues = (staff: Staff) => canReadOffice(staff);
export const canManageVenues = (staff: Staff) => canScheduleRuns(staff);

/**
 * A run's economics (issue 48): its numbers and the profit reports are read by those who read money; its costs
 * are kept by the office and finance; the go/no-go decision is the schedulers'.
 */
export const canReadRunEconomics = (staff: Staff) => canReadMoney(staff);
export const canManageRunCosts = (staff: Staff) => holds(staff, "owner", "registrar", "finance");
export const canDecideRuns = (staff: Staff) => canScheduleRuns(staff);

/** Joining instructions are the office's word to participants: written by the office, not by a trainer. */
export const canWriteInstructions = (staff: Staff) => holds(staff, "owner", "registrar");

/** A NITA claim pack holds ID numbers in full and the booking's money: the office and finance build it. */
export const canBuildNitaPack = (staff: Staff) => holds(staff, "owner", "registrar", "finance");

/** National ID and passport numbers in full (elsewhere they are masked). */
export const canSeeIdNumbers = (staff: Staff) => holds(staff, "owner", "registrar");

/** Exports of registrations and contacts (personal data), of the ledger, and of the audit log. */
export const canExportBookings = (staff: Staff) => holds(staff, "owner", "registrar");
export const canExportMoney = (staff: Staff) => holds(staff, "owner", "finance");
export const canReadAudit = (staff: Staff) => holds(staff, "owner", "viewer");
export const canExportAudit = (staff: Staff) => holds(staff, "owner");

/** Settings: the finance ones (paybill, VAT, bank) also for finance; the rest for owners. */
export const canManageSettings = (staff: Staff) => holds(staff, "owner");
export const canManageFinanceSettings = (staff: Staff) => holds(staff, "owner", "finance");

/** Staff accounts, invitations, roles, and requests about a person's data. */
export const canManageStaff = (staff: Staff) => holds(staff, "owner");
/** API tokens for other systems (issue 54): each one reads or changes the firm's records, so only owners make them. */
export const canManageApiTokens = (staff: Staff) => holds(staff, "owner");
export const canHandleDataRequests = (staff: Staff) => holds(staff, "owner");
