import { type Message, render } from "#app/platform/email/layout.server";
import type { SiteContent } from "#app/site/index";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";

type QuoteMail = {
  contactName: string;
  organisation: string | null;
  version: number;
  totalCents: number;
  validUntil: string;
  replacesEarlier: boolean;
  url: string;
};

/** The quote to the enquiry's contact, with the link where they read it and accept or decline it. */
export function quoteEmail(q: QuoteMail, contact: SiteContent["contact"]): Message {
  return render(
    q.replacesEarlier ? `Your revised quote (version ${q.version})` : "Your quote for in-house training",
    [
      `Dear ${q.contactName},`,
      q.replacesEarlier
        ? "Here is our revised quote. It replaces the one we sent before, which can no longer be accepted."
        : "Thank you for your request. Here is our quote for your team's training.",
      "Read it, download it as a PDF, and accept or decline it with the link below (no sign-in needed).",
    ],
    [
      ["Organisation", q.organisation],
      ["Total", formatKes(q.totalCents)],
      ["Valid until", formatLongDate(q.validUntil)],
      ["Your quote", q.url],
    ],
    [`Questions? Call ${contact.phone} or write to ${contact.email}.`],
  );
}
