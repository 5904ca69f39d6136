import { type Action, type Message, type Row, render } from "#app/platform/email/layout.server";
import { env } from "#app/platform/env.server";
import type { SiteContent } from "#app/site/index";
import { formatKes, parseCents } from "#app/utils/cents";
import { formatDateTime } from "#app/utils/datetime";
import { type GroupRate, groupRuleSentence, type ParticipantPrice } from "#app/utils/discounts";

export type RegistrationMail = {
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  organization: string | null;
  courseName: string;
  courseDate: string | null;
  courseVenue: string | null;
  courseCost: string | null;
  courseDuration: string | null;
  specialRequirements: string | null;
  /** The participants' names when one contact booked several people. */
  participants?: string[];
  /** Set when the course date was full and the booking waits on the waiting list. */
  waitlistPosition?: number | null;
  /** A tentative date's line: "This date is confirmed when it reaches N participants, by <date>." */
  tentative?: string | null;
  /** The run's joining instructions, sent with a confirmed place. */
  joining?: Row[];
  /** The booking's "Pay with M-PESA" page, when there is something to pay and M-PESA Express is on. */
  payUrl?: string | null;
  /** The run's .ics file, when the booking is for a dated run. */
  calendarUrl?: string | null;
  /** What each participant pays after the discounts that apply, and the date's group rule (decision 0750). */
  price?: { price: ParticipantPrice; groupRule: GroupRate | null } | null;
};

/**
 * The discounts a booking's confirmation names, each for the whole booking, what is left to pay, and the date's
 * group rule stated whether or not the booking reaches it; none without.
 */
function discountRows(r: RegistrationMail): Row[] {
  if (!r.price) return [];
  const people = peopleIn(r);
  const { price, groupRule } = r.price;
  return [
    ...price.steps.map((step): Row => [`Less ${step.label}`, formatKes(step.cents * people)]),
    ...(price.discountCents > 0
      ? [
          [
            "To pay",
            `${people} × ${formatKes(price.netCents)} = ${formatKes(price.netCents * people)}`,
          ] as Row,
        ]
      : []),
    ...(groupRule ? [["Group rate", groupRuleSentence(groupRule)] as Row] : []),
  ];
}

/** Where a booking's contact sees and changes it themselves. */
export const portalUrl = () => `${env().PUBLIC_URL}/account`;
const portalLine = () =>
  `See your booking, its documents and certificates, or change it, at ${portalUrl()} (we e-mail you a sign-in link).`;

/**
 * What a booking costs as its contact reads it: "KES 110,000" for one participant, "4 × KES 110,000 = KES
 * 440,000" for a group. A price that is not an amount ("On request") is shown as it stands.
 */
export function costLine(cost: string | null, people: number): string | null {
  if (!cost) return null;
  const unit = parseCents(cost.replace(/^\s*(KSH|KES)\s*/i, ""));
  if (unit === null) return cost;
  const kes = (cents: number) => formatKes(cents).replace(/\.00$/, "");
  return people > 1 ? `${people} × ${kes(unit)} = ${kes(unit * people)}` : kes(unit);
}

const peopleIn = (r: RegistrationMail) => Math.max(1, r.participants?.length ?? 1);

const participantList = (r: RegistrationMail) =>
  r.participants && r.participants.length > 1 ? r.participants.join(", ") : null;

export function registrationConfirmation(
  r: RegistrationMail,
  payment: SiteContent["payment"],
  contact: SiteContent["contact"],
): Message {
  const waitlisted = r.waitlistPosition != null;
  const message = render(
    waitlisted
      ? `On the waiting list: ${r.courseName} (${r.reference})`
      : `Registration received: ${r.courseName} (${r.reference})`,
    [
      `Dear ${r.name},`,
      waitlisted
        ? `This course date is fully booked, so your booking ${r.reference} is on the waiting list at position ${r.waitlistPosition}.`
        : `Thank you for registering. Your registration reference is ${r.reference}. We'll contact you soon with course details.`,
      ...(!waitlisted && r.tentative ? [r.tentative] : []),
      ...(waitlisted
        ? [
            `What happens next: when a seat becomes free, we hold it for your booking and e-mail you a link to claim it, with the time until which it is held. If you do not claim it in time, it passes to the next booking on the list. You need do nothing until then.`,
          ]
        : []),
    ],
    [
      ["Reference", r.reference],
      ["Participants", participantList(r)],
      ["Course", r.courseName],
      ["Dates", r.courseDate ?? "To be confirmed"],
      ["Venue", r.courseVenue ?? "To be confirmed"],
      ["Duration", r.courseDuration],
      // the waiting list is about a seat, not money: the cost, how to pay and what to bring come with a seat
      ...(waitlisted
        ? []
        : [
            [
              peopleIn(r) > 1 ? "Total" : "Cost",
              costLine(r.courseCost, peopleIn(r)) ?? "To be confirmed",
            ] as Row,
            ...discountRows(r),
            ...paymentRows(r.reference, payment),
            ...(r.joining ?? []),
          ]),
    ],
    [
      ...(waitlisted
        ? []
        : [
            `When paying by M-PESA, enter ${r.reference} as the account number so that we can match the payment to your booking.`,
          ]),
      portalLine(),
      `Questions? Call ${contact.phone} or write to ${contact.email}.`,
    ],
    { actions: confirmationActions(r, waitlisted) },
  );
  return message;
}

/**
 * The confirmation's buttons: paying and the calendar come with a seat (a place in the queue has neither), then
 * the booking in the portal.
 */
function confirmationActions(r: RegistrationMail, waitlisted: boolean): Action[] {
  const seat: (Action | null)[] = waitlisted
    ? []
    : [
        r.payUrl ? { label: "Pay with M-PESA", url: r.payUrl } : null,
        r.calendarUrl ? { label: "Add to calendar", url: r.calendarUrl } : null,
      ];
  return [...seat, { label: "See your booking", url: portalUrl() }].filter(
    (action): action is Action => action !== null,
  );
}

const paymentRows = (reference: string, payment: SiteContent["payment"]): Row[] => [
  ["Bank", payment.bankName],
  ["Account name", payment.accountName],
  ["Account number", payment.accountNumber],
  ["Branch", payment.branch],
  ["SWIFT", payment.swift],
  ["M-PESA paybill", payment.paybill],
  ["M-PESA account number", reference],
];

export function registrationNotification(r: RegistrationMail, source: string): Message {
  return render(
    `New course registration ${r.reference}: ${r.courseName}`,
    [`A new registration arrived from the ${source === "contact" ? "contact page" : "registration page"}.`],
    [
      ["Reference", r.reference],
      ["Name", r.name],
      ["Email", r.email],
      ["Phone", r.phone],
      ["Organisation", r.organization],
      ["Participants", participantList(r)],
      ["Waiting list position", r.waitlistPosition == null ? null : String(r.waitlistPosition)],
      ["Course", r.courseName],
      ["Dates", r.courseDate],
      ["Venue", r.courseVenue],
      [peopleIn(r) > 1 ? "Total" : "Cost", costLine(r.courseCost, peopleIn(r))],
      ["Special requirements", r.specialRequirements],
    ],
    [`Admin: ${env().PUBLIC_URL}/admin/registrations`],
  );
}

export type NewRunMail = {
  name: string;
  courseTitle: string;
  courseSlug: string;
  dates: string | null;
  venue: string | null;
};

/** To someone on a course's "Notify me of new dates" list when a run of it is published. */
export function newRunNotice(m: NewRunMail): Message {
  const url = `${env().PUBLIC_URL}/courses/${m.courseSlug}`;
  return render(
    `New dates: ${m.courseTitle}`,
    [
      `Dear ${m.name},`,
      `You asked us to tell you when ${m.courseTitle} is scheduled again. New dates are now open for registration.`,
    ],
    [
      ["Course", m.courseTitle],
      ["Dates", m.dates],
      ["Venue", m.venue],
      ["Details and registration", url],
    ],
    ["You receive this because you signed up on our website for news of this course."],
  );
}

export type OfferMail = {
  name: string;
  reference: string;
  courseName: string;
  courseDate: string | null;
  seats: number;
  url: string;
  expiresAt: string;
};

/** A freed seat offered to the next booking on the waiting list, with the link that claims it. */
export function waitlistOffer(m: OfferMail): Message {
  const places = m.seats === 1 ? "A seat has" : `${m.seats} seats have`;
  return render(
    `A seat is free: ${m.courseName} (${m.reference})`,
    [
      `Dear ${m.name},`,
      `${places} become free on ${m.courseName}${m.courseDate ? `, ${m.courseDate}` : ""}, and we are holding ${m.seats === 1 ? "it" : "them"} for your booking ${m.reference} until ${m.expiresAt} (Nairobi time).`,
      "Claim your place with the link below. If you do not claim it in time, it is offered to the next person on the waiting list.",
    ],
    [
      ["Claim your place", m.url],
      ["Reference", m.reference],
    ],
  );
}

/** What a booking change did, as its contact hears of it; each names itself in the subject. */
export type BookingChangeMail = {
  name: string;
  reference: string;
  byClient: boolean;
  /** the document this change issued (or, for a confirmation, the booking's invoice), attached to the message */
  document: { kind: "proforma" | "credit_note" | "receipt"; number: string; total: string } | null;
} & (
  | { what: "confirmed" | "changed"; change: string }
  | {
      what: "cancelled";
      course: string;
      dates: string;
      /** whether the booking had an invoice before the cancellation (its credit note is the document) */
      invoiced: boolean;
      /** what the client has paid on it, to be refunded; null when nothing */
      paid: string | null;
    }
);
const DOCUMENT_SENTENCE = {
  proforma: (d: { number: string; total: string }) =>
    `Proforma invoice ${d.number} for the whole booking (${d.total}) is attached.`,
  credit_note: (d: { number: string; total: string }) =>
    `Credit note ${d.number} (${d.total}) is attached: it cancels the booking's invoice.`,
  receipt: (d: { number: string; total: string }) => `Receipt ${d.number} (${d.total}) is attached.`,
} as const;

const CHANGE_HEADING = {
  confirmed: (reference: string) => `Your places are confirmed (${reference})`,
  cancelled: (reference: string) => `Booking ${reference} cancelled`,
  changed: (reference: string) => `Booking ${reference} changed`,
} as const;

/**
 * A booking confirmed, cancelled or changed (by the office or by the client in the portal), said to its contact
 * with the document the change issued attached: the message names what happened, and mentions a document only
 * when there is one.
 */
export function bookingChangeMessage(m: BookingChangeMail): Message {
  const documentSentence = m.document ? [DOCUMENT_SENTENCE[m.document.kind](m.document)] : [];
  const body =
    m.what === "cancelled"
      ? cancellationSentences(m, documentSentence)
      : [
          m.what === "confirmed"
            ? `Your places on booking ${m.reference} are confirmed. ${m.change}`
            : `${m.byClient ? `You changed booking ${m.reference} in your account.` : `We changed booking ${m.reference}.`} ${m.change}`,
          ...documentSentence,
          ...(m.what === "confirmed"
            ? [`When paying by M-PESA, enter ${m.reference} as the account number.`]
            : []),
        ];
  return render(
    CHANGE_HEADING[m.what](m.reference),
    [`Dear ${m.name},`, ...body],
    [
      ["Reference", m.reference],
      ["Document attached", m.document?.number ?? null],
    ],
    [portalLine(), `Questions? Reply to this e-mail or quote ${m.reference} when you call us.`],
  );
}

/** A cancellation as the client reads it: which course and dates, then what happens to the money. */
function cancellationSentences(
  m: Extract<BookingChangeMail, { what: "cancelled" }>,
  documentSentence: string[],
) {
  const money =
    documentSentence.length > 0
      ? documentSentence
      : [m.invoiced ? "Its invoice is cancelled." : "Nothing was invoiced for it, so nothing is owed."];
  return [
    `${m.byClient ? "As you asked in your account, booking" : "Booking"} ${m.reference} is cancelled: ${m.course}, ${m.dates}.`,
    ...money,
    ...(m.paid
      ? [
          `We will refund the ${m.paid} you paid to the M-PESA number or bank account it came from within 14 days, or carry it to your next booking if you tell us so.`,
        ]
      : []),
  ];
}

export type SeatTakenOverMail = {
  name: string;
  replaces: string;
  bookedBy: string;
  reference: string;
  courseName: string;
  dates: string | null;
  venue: string | null;
  joining: Row[];
  calendarUrl: string | null;
};

/** To a participant substituted into a booking: their place, the joining instructions and the calendar invite. */
export function seatTakenOverMessage(m: SeatTakenOverMail): Message {
  return render(
    `Your place on ${m.courseName} (${m.reference})`,
    [
      `Dear ${m.name},`,
      `${m.bookedBy} has booked you a place on ${m.courseName}${m.dates ? `, ${m.dates}` : ""}, in place of ${m.replaces}. The joining instructions are below and the calendar invitation is attached.`,
    ],
    [
      ["Course", m.courseName],
      ["Dates", m.dates ?? "To be confirmed"],
      ["Venue", m.venue ?? "To be confirmed"],
      ["Booking reference", m.reference],
      ...m.joining,
    ],
    [`Questions? Reply to this e-mail or quote ${m.reference} when you call us.`],
    { actions: m.calendarUrl ? [{ label: "Add to calendar", url: m.calendarUrl }] : [] },
  );
}

/** A one-time link into the client portal; to an invited colleague, it says who shared the bookings. */
export function portalSignInMessage(m: {
  url: string;
  expiresAt: Date;
  minutes: number;
  invitedBy?: string;
}): Message {
  return render(
    m.invitedBy ? `${m.invitedBy} shared their Mafunzo bookings with you` : "Your Mafunzo sign-in link",
    [
      m.invitedBy
        ? `${m.invitedBy} has shared the course bookings they made with us, so that you can see the dates, the joining instructions, the invoices and the certificates. Open the link below to sign in; no password is needed.`
        : "Open the link below to see and manage your course bookings with us. No password is needed.",
      `The link works once, for ${m.minutes} minutes (until ${formatDateTime(m.expiresAt)}, Nairobi time). After that, ask for a new one on our website's "My bookings" page.`,
    ],
    [["Sign in", m.url]],
    ["If you did not ask for this e-mail, ignore it: nobody can sign in without the link."],
  );
}
