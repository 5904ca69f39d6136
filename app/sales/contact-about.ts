// No schema here: the contact form's choice loads with the public pages' scripts, and zod would come with it.

/** What a visitor writes about, chosen on the contact page's one form; the home page's form is an enquiry. */
export const CONTACT_ABOUT = ["enquiry", "booking", "in_house"] as const;
export type ContactAbout = (typeof CONTACT_ABOUT)[number];

export const CONTACT_ABOUT_LABELS: Record<ContactAbout, { label: string; hint: string }> = {
  enquiry: { label: "An enquiry or consultation", hint: "Our courses, consultancy or anything else" },
  booking: { label: "A booking question", hint: "A place you booked, its dates, invoice or payment" },
  in_house: {
    label: "In-house training",
    hint: "A course for your own team: sending leads on to its request form",
  },
};
