// The allowed values of the enumerated columns, mirrored by check constraints in ./schema. This module imports
// nothing, so browser code can use the lists without loading drizzle.

export const COURSE_CATEGORIES = ["management", "leadership", "county", "experiential", "faith"] as const;
export const FAITH_GROUPS = ["A", "B", "C"] as const;
export const ACTIVE_STATUSES = ["active", "inactive"] as const;
export const DELIVERY_MODES = ["physical", "virtual", "hybrid", "self-paced"] as const;
/** How one session of a run is held: in the room, or online (virtual delivery is built on top later). */
export const SESSION_MODES = ["in_person", "virtual"] as const;
/** Where a virtual session's meeting is held: created through Zoom's or Microsoft Graph's API, or pasted by staff. */
export const MEETING_PROVIDERS = ["zoom", "teams", "link"] as const;
/** The meeting accounts a firm can connect (decision 0826). */
export const MEETING_ACCOUNTS = ["zoom", "teams"] as const;
/** The countries whose public holidays a run's sessions skip (app/utils/public-holidays.ts). */
export const HOLIDAY_COUNTRY_CODES = ["KE", "UG", "RW", "TZ"] as const;
export const RUN_STATUSES = ["open", "full", "cancelled"] as const;
export const REGISTRATION_STATUSES = [
  "new",
  "confirmed",
  "paid",
  "attended",
  "cancelled",
  "waitlisted",
] as const;
export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "waitlisted"] as const;
/**
 * What a booking bills: a course (its participants), or one milestone of a consultancy engagement (issue 37,
 * decision 0673), whose invoice is issued once and never revised from participants.
 */
export const BOOKING_KINDS = ["course", "milestone"] as const;
export const OFFER_STATUSES = ["open", "claimed", "expired"] as const;
export const CONTACT_STATUSES = ["new", "contacted", "resolved"] as const;
export const DOCUMENT_CATEGORIES = ["brochure", "certificate", "manual", "policy", "form"] as const;
export const IMAGE_COMPONENTS = [
  "hero",
  "about",
  "services",
  "courses",
  "testimonials",
  "gallery",
  "contact",
  "background",
] as const;
export const GALLERY_CATEGORIES = [
  "training",
  "management",
  "experiential",
  "consultancy",
  "faith",
  "public-sector",
] as const;
export const FINANCE_DOCUMENT_KINDS = ["proforma", "credit_note", "receipt"] as const;
export const PAYMENT_METHODS = ["mpesa", "bank", "cheque", "cash", "mtn_momo", "airtel_money"] as const;
/** What a buyer withholds and later certifies on iTax: income tax (WHT) or VAT (WHVAT), decision 0745. */
export const WITHHOLDING_KINDS = ["wht", "whvat"] as const;
export const PAYMENT_SOURCES = [
  "manual",
  "mpesa_callback",
  "mpesa_statement",
  "bank_statement",
  "mpesa_stk",
  "mobile_money_prompt",
] as const;
/**
 * An M-PESA Express (STK Push) request: `sending` while Daraja is asked (it holds the booking's one push),
 * `pending` until the phone answers, then `paid` or `failed`; `unknown` when Daraja never said whether the prompt
 * went out (a timeout), which frees the booking for another push.
 */
export const STK_PUSH_STATES = ["sending", "pending", "paid", "failed", "unknown"] as const;
/** Safaricom Daraja's two hosts: the sandbox for trials, production for real money. */
export const DARAJA_ENVIRONMENTS = ["sandbox", "production"] as const;
/** A cheque received: `pending` until the bank clears it (not money yet), then `cleared` or `bounced` (decision 0756). */
export const CHEQUE_STATES = ["pending", "cleared", "bounced"] as const;
/** What an uploaded LPO may be: the PDF the buyer sent, or a scan or photo of the signed paper. */
export const LPO_DOCUMENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export const PAYMENT_REVIEW_STATES = ["open", "recorded", "dismissed"] as const;
export const STATEMENT_KINDS = ["mpesa", "bank"] as const;
// cancelled: a scheduled message (a reminder) that was no longer wanted when it fell due
/** What a staff account may do (app/staff/policy.ts); an account holds one or more. */
export const STAFF_ROLES = ["owner", "registrar", "finance", "trainer", "editor", "viewer"] as const;
export const OUTBOX_STATUSES = ["pending", "sent", "failed", "cancelled"] as const;
/**
 * An SMS's life: waiting in the outbox, taken by the provider (sent), on the phone (delivered, from its delivery
 * report), not delivered (failed: refused, undeliverable or given up), or no longer wanted (cancelled: its
 * moment passed, or the number opted out).
 */
export const SMS_STATUSES = ["pending", "sent", "delivered", "failed", "cancelled"] as const;
/** Africa's Talking's two hosts: the sandbox (its simulator) and production. */
export const SMS_ENVIRONMENTS = ["sandbox", "production"] as const;
/** How a number came to be opted out of SMS: a STOP reply, the provider's opt-out notice, the person in the portal. */
export const SMS_OPT_OUT_SOURCES = ["stop_reply", "provider", "portal"] as const;
/**
 * A WhatsApp message's life (decision 0769): as an SMS's, with "read" (the person opened it), which Meta reports
 * after "delivered".
 */
export const WHATSAPP_STATUSES = ["pending", "sent", "delivered", "read", "failed", "cancelled"] as const;
/** How a number came to be opted out of WhatsApp: a STOP reply on WhatsApp, the person in the portal. */
export const WHATSAPP_OPT_OUT_SOURCES = ["stop_reply", "portal"] as const;
/** The product's moments sent as Meta-approved utility templates (app/platform/whatsapp/templates.ts). */
export const WHATSAPP_MOMENTS = [
  "session_reminder",
  "payment_received",
  "certificate_ready",
  "joining_instructions",
  "waitlist_offer",
] as const;
/** What an owner did with a person's data request (decision 0637): a copy handed over, or an erasure. */
export const DATA_REQUEST_KINDS = ["export", "erasure"] as const;
export const DATA_REQUEST_FORMATS = ["json", "pdf"] as const;
/** KRA eTIMS tax types a course can carry: B 16 % standard, A exempt, C zero-rated (OSCU code list "Tax Type"). */
export const ETIMS_TAX_TYPES = ["B", "A", "C"] as const;
/** A tax invoice as eTIMS saw it: waiting in our outbox, sent (KRA signed it), or refused with KRA's message. */
export const ETIMS_ITEM_STATES = ["unregistered", "registered", "refused"] as const;
/** withdrawn: refused by KRA (so never declared) and no longer due; kept, as every numbered invoice is */
export const TAX_INVOICE_STATES = ["waiting", "sent", "refused", "withdrawn"] as const;
/** OSCU receipt type codes: S a sale, R a credit note after a sale. */
export const TAX_RECEIPT_TYPES = ["S", "R"] as const;
export const ETIMS_ENVIRONMENTS = ["sandbox", "production"] as const;
export const ETIMS_SEND_ON = ["paid", "confirmed"] as const;

/** What kind of client an organisation is (issue 37). */
export const ORGANISATION_TYPES = [
  "county_government",
  "national_government",
  "company",
  "ngo",
  "faith_based",
  "other",
] as const;
/** Where an enquiry came from, and where it stands (issue 37: new → qualified → quoted → won / lost). */
export const ENQUIRY_KINDS = ["contact", "booking_question", "in_house"] as const;
export const ENQUIRY_STATUSES = ["new", "qualified", "quoted", "won", "lost"] as const;
/** A quote's answer (issue 37): open until the client accepts or declines it, or a newer version replaces it. */
export const QUOTE_STATUSES = ["open", "accepted", "declined", "replaced"] as const;
/** What a quote sells: training (a course; an accepted one becomes a private run) or consultancy (an engagement). */
export const QUOTE_KINDS = ["training", "consultancy"] as const;
/** A consultancy engagement (issue 37): active while its milestones are worked through. */
export const ENGAGEMENT_STATUSES = ["active", "completed", "cancelled"] as const;
/** What a quote line charges for. */
export const QUOTE_LINE_KINDS = [
  "course_days",
  "consultancy_days",
  "per_participant",
  "venue",
  "materials",
  "travel",
  "per_diem",
] as const;

/** What a discount rule gives (decision 0750): a lower price until a date, or a rate from a group's size. */
export const DISCOUNT_RULE_KINDS = ["early_bird", "group"] as const;
/** A trainer's request to deliver a run (issue 48): sent, then accepted or declined by them, or withdrawn by the office. */
export const TRAINER_REQUEST_STATES = ["requested", "accepted", "declined", "withdrawn"] as const;
/** How a trainer is engaged: on the payroll (PAYE, no withholding) or an associate paid per day. */
export const TRAINER_ENGAGEMENTS = ["employee", "associate"] as const;
/** The currencies a day rate or a venue's price is in, each held in its minor unit. */
export const RESOURCE_CURRENCIES = ["KES", "UGX", "RWF", "TZS", "USD"] as const;
/** The firm's own training rooms, or a hotel / conference centre it books. */
export const VENUE_KINDS = ["own", "hotel"] as const;
/** How a room is set out; each has its own capacity. */
export const ROOM_LAYOUTS = ["classroom", "theatre", "boardroom", "u_shape", "banquet"] as const;
/** What a room costs: a day rate for the room, or a conference package per person per day. */
export const ROOM_PRICINGS = ["day_rate", "package"] as const;
/** What a run's cost is for (issue 48, decision 0775). */
export const RUN_COST_KINDS = [
  "venue",
  "trainer_fees",
  "per_diem",
  "travel",
  "materials",
  "certificates",
  "other",
] as const;
/** How a run's cost grows: once for the run, with each participant, or with each session day. */
export const RUN_COST_BASES = ["fixed", "per_participant", "per_day"] as const;
/** A cost the office expects (planned) or one it has incurred (actual). */
export const RUN_COST_STAGES = ["planned", "actual"] as const;
/** The go/no-go decision on a run (issue 48, decision 0776). */
export const RUN_DECISIONS = ["confirm", "postpone", "cancel"] as const;
/** The selling offices (issue 52): each a legal seller with its own currency, tax identity and number series. */
export const SELLING_OFFICES = ["nairobi", "mombasa", "kampala", "kigali"] as const;
/** The countries an office sells from (ISO 3166 alpha-2). */
export const OFFICE_COUNTRIES = ["KE", "UG", "RW", "TZ"] as const;
/** The currencies an office sells in (ISO 4217), each held in its minor unit. */
export const OFFICE_CURRENCIES = RESOURCE_CURRENCIES;
/** The mobile-money ways an office can take. */
export const MOBILE_MONEY_WAYS = ["mpesa", "mtn_momo", "airtel_money"] as const;

/** The webhook events (issue 54, decision 0821) and the states and origins of a delivery (decision 0822). */
export const WEBHOOK_EVENT_TYPES = [
  "booking.created",
  "booking.confirmed",
  "booking.cancelled",
  "payment.received",
  "invoice.issued",
  "credit_note.issued",
  "tax_invoice.accepted",
  "certificate.issued",
] as const;
export const WEBHOOK_DELIVERY_STATES = ["waiting", "delivered", "failed", "cancelled"] as const;
export const WEBHOOK_DELIVERY_ORIGINS = ["event", "resend", "replay"] as const;
/** The mobile-money ways asked through the one prompt adapter besides M-PESA Express (issue 52, decision 0815). */
export const PROMPT_PROVIDERS = ["mtn_momo", "airtel_money"] as const;
/** A provider's host: its sandbox for trials, production for real money (as for Daraja). */
export const PROMPT_ENVIRONMENTS = ["sandbox", "production"] as const;
