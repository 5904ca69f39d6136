import { type Message, render } from "#app/platform/email/layout.server";
import { env } from "#app/platform/env.server";
import type { SiteContent } from "#app/site/index";
import { formatKes } from "#app/utils/cents";
import type { InHouseRequestInput } from "./enquiry";

type RequestMail = InHouseRequestInput & { courseTitle: string | null };

/** What was asked for, in the order the form asks it. */
const facts = (r: RequestMail): [string, string | null][] => [
  ["Organisation", r.organization],
  ["Course", r.courseTitle],
  ["Topic", r.topic],
  ["Participants", String(r.participants)],
  ["Preferred dates", r.preferredDates],
  ["County or venue", r.venue],
  ["Budget", r.budget === null ? null : formatKes(r.budget)],
  ["Message", r.message],
];

export function inHouseAcknowledgement(r: RequestMail, contact: SiteContent["contact"]): Message {
  return render(
    "We received your in-house training request",
    [
      `Dear ${r.name},`,
      "Thank you for asking Mafunzo Training & Consultancy to train your team. We will call you within one working day to agree the details, then send you a quote.",
    ],
    facts(r),
    [`Call ${contact.phone} or write to ${contact.email} if your request is urgent.`],
  );
}

export function inHouseNotification(r: RequestMail, enquiryId: string): Message {
  return render(
    `In-house training request from ${r.organization}`,
    ["A new in-house training request arrived through the website."],
    [["Name", r.name], ["Email", r.email], ["Phone", r.phone], ...facts(r)],
    [`Admin: ${env().PUBLIC_URL}/admin/enquiries/${enquiryId}`],
  );
}
