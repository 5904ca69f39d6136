import type { SiteContent } from "#app/site/seed/site-content";
import { env } from "../env.server";
import { escapeHtml } from "./email.server";

/** A label/value table rendered in both parts; every value is escaped in the HTML part. */
export type Row = [label: string, value: string | null | undefined];

export type Message = { subject: string; text: string; html: string };

export function render(heading: string, paragraphs: string[], rows: Row[], footer: string[] = []): Message {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...shown.map(([label, value]) => `${label}: ${value}`),
    "",
    ...footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b">
<h1 style="color:#0f4c5c;font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<table cellpadding="6" style="border-collapse:collapse">
${shown
  .map(
    ([label, value]) =>
      `<tr><th align="left" style="background:#eef7f8">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  )
  .join("\n")}
</table>
${footer.map((p) => `<p style="color:#475569;font-size:13px">${escapeHtml(p)}</p>`).join("\n")}
</body></html>`;
  // a visitor's name can reach the subject: keep it on one line
  return { subject: heading.replace(/\s+/g, " ").slice(0, 200), text, html };
}

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
  /** The run's joining instructions, sent with a confirmed place. */
  joining?: Row[];
};

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
        ? `This course date is fully booked, so your booking ${r.reference} is on the waiting list at position ${r.waitlistPosition}. We will e-mail you as soon as a seat becomes free. Nothing is payable until your seat is confirmed.`
        : `Thank you for registering. Your registration reference is ${r.reference}. We'll contact you soon with course details.`,
    ],
    [
      ["Reference", r.reference],
      ["Participants", participantList(r)],
      ["Course", r.courseName],
      ["Dates", r.courseDate ?? "To be confirmed"],
      ["Venue", r.courseVenue ?? "To be confirmed"],
      ["Duration", r.courseDuration],
      ["Cost", r.courseCost ?? "To be confirmed"],
      // nothing is payable on the waiting list: how to pay, and what to bring, come with a confirmed seat
      ...(waitlisted ? [] : [...paymentRows(r.reference, payment), ...(r.joining ?? [])]),
    ],
    [
      ...(waitlisted
        ? []
        : [
            `When paying by M-PESA, enter ${r.reference} as the account number so that we can match the payment to your booking.`,
          ]),
      `Questions? Call ${contact.phone} or write to ${contact.email}.`,
    ],
  );
  return message;
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
      ["Cost", r.courseCost],
      ["Special requirements", r.specialRequirements],
    ],
    [`Admin: ${env().PUBLIC_URL}/admin/registrations`],
  );
}

export type ContactMail = {
  name: string;
  email: string;
  phone: string | null;
  organization: string | null;
  courseInterest: string | null;
  message: string | null;
};

export function contactAcknowledgement(c: ContactMail, contact: SiteContent["contact"]): Message {
  return render(
    "We received your message",
    [
      `Dear ${c.name},`,
      "Thank you for contacting Mafunzo Training & Consultancy. We'll get back to you within 24 hours.",
    ],
    [
      ["Course of interest", c.courseInterest],
      ["Your message", c.message],
    ],
    [`Call ${contact.phone} or write to ${contact.email} if your enquiry is urgent.`],
  );
}

export function contactNotification(c: ContactMail): Message {
  return render(
    `New contact message from ${c.name}`,
    ["A new message arrived through the website's contact form."],
    [
      ["Name", c.name],
      ["Email", c.email],
      ["Phone", c.phone],
      ["Organisation", c.organization],
      ["Course of interest", c.courseInterest],
      ["Message", c.message],
    ],
    [`Admin: ${env().PUBLIC_URL}/admin/contacts`],
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

export type FinanceDocumentMail = {
  kind: "proforma" | "credit_note" | "receipt";
  number: string;
  name: string;
  reference: string;
  total: string;
  dueOn: string | null;
  paymentNote: string;
  url: string;
  /** overdue reminders: how many days past the due date */
  daysOverdue?: number;
};

/** An invoice, credit note or receipt sent to the booking's contact, with its PDF attached and linked. */
export function financeDocumentMessage(m: FinanceDocumentMail): Message {
  const opening =
    m.daysOverdue !== undefined
      ? `Our records show that proforma invoice ${m.number} for booking ${m.reference} is ${m.daysOverdue} ${m.daysOverdue === 1 ? "day" : "days"} past its due date and not yet fully paid. If you have paid in the last few days, thank you, and please ignore this reminder.`
      : m.kind === "proforma"
        ? `Please find attached proforma invoice ${m.number} for booking ${m.reference}.`
        : m.kind === "credit_note"
          ? `Booking ${m.reference} was cancelled. Please find attached credit note ${m.number}, which cancels its invoice.`
          : `Thank you: booking ${m.reference} is paid in full. Please find attached receipt ${m.number}.`;
  const heading =
    m.daysOverdue !== undefined
      ? `Payment reminder: ${m.number} (${m.reference})`
      : m.kind === "proforma"
        ? `Proforma invoice ${m.number} (${m.reference})`
        : m.kind === "credit_note"
          ? `Credit note ${m.number} (${m.reference})`
          : `Receipt ${m.number} (${m.reference})`;
  return render(
    heading,
    [`Dear ${m.name},`, opening, ...(m.kind === "proforma" ? [m.paymentNote] : [])],
    [
      [
        m.kind === "credit_note" ? "Amount credited" : m.kind === "receipt" ? "Amount paid" : "Amount due",
        m.total,
      ],
      ["Due date", m.kind === "proforma" ? m.dueOn : null],
      ["Download", m.url],
      ["Reference", m.reference],
    ],
  );
}
