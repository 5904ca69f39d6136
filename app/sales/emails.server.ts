import { type Message, render } from "#app/platform/email/layout.server";
import { env } from "#app/platform/env.server";
import type { SiteContent } from "#app/site/index";
import { CONTACT_ABOUT_LABELS, type ContactAbout } from "./contact-about";

export type ContactMail = {
  name: string;
  email: string;
  phone: string | null;
  organization: string | null;
  courseInterest: string | null;
  message: string | null;
  /** What the contact page's form said the message is about (the home page's form sends an enquiry). */
  about: ContactAbout;
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
      ["About", CONTACT_ABOUT_LABELS[c.about].label],
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
