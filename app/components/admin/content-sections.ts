import type { EditableContentKey } from "#app/site/index";
import { COURSE_COUNT, OFFICE_REGIONS } from "#app/site/index";

export type ContentField = {
  name: string;
  label: string;
  kind?: "text" | "email" | "textarea" | "lines";
  options?: readonly string[];
};

/** How a section is laid out in its form: plain fields, and/or a list of rows (`list.name` "items" at top level). */
export type ContentSection = {
  key: EditableContentKey;
  title: string;
  description: string;
  fields?: ContentField[];
  list?: { name: string; itemLabel: string; fields: ContentField[]; spareRow: boolean };
};

const ADD_OR_REMOVE_ROWS = "Fill the empty row to add one; clear a row to remove it.";

/** A section stored as a bare array: its rows are the form's "items" list. */
const itemsList = (itemLabel: string, fields: ContentField[], spareRow: boolean) => ({
  name: "items",
  itemLabel,
  spareRow,
  fields,
});

/** Figures that count the catalogue follow it (decision 0663). */
const COURSE_COUNT_HINT = `Write ${COURSE_COUNT} in a badge or value for the number of courses in the catalogue.`;

export const CONTENT_SECTIONS: ContentSection[] = [
  {
    key: "hero",
    title: "Home page hero",
    description: `The headline, tagline, badges and the three statistic cards at the top of the home page. ${COURSE_COUNT_HINT}`,
    fields: [
      { name: "headline", label: "Headline" },
      { name: "tagline", label: "Tagline", kind: "textarea" },
      { name: "badges", label: "Badges (one per line)", kind: "lines" },
    ],
    list: {
      name: "stats",
      itemLabel: "Statistic card",
      spareRow: false,
      fields: [
        { name: "value", label: "Value" },
        { name: "label", label: "Label" },
        { name: "description", label: "Description", kind: "textarea" },
      ],
    },
  },
  {
    key: "stats",
    title: "Company figures",
    description: `The figures shown on the About and Testimonials pages. ${COURSE_COUNT_HINT} ${ADD_OR_REMOVE_ROWS}`,
    list: itemsList(
      "Figure",
      [
        { name: "value", label: "Value" },
        { name: "label", label: "Label" },
      ],
      true,
    ),
  },
  {
    key: "offices",
    title: "Offices",
    description: "The office cards on the home and contact pages.",
    list: itemsList(
      "Office",
      [
        { name: "city", label: "City" },
        { name: "region", label: "Region", options: OFFICE_REGIONS },
        { name: "address", label: "Address" },
        { name: "phone", label: "Phone" },
      ],
      false,
    ),
  },
  {
    key: "contact",
    title: "Contact details",
    description: "The phone number, e-mail and address in the header strip, the footer and the contact page.",
    fields: [
      { name: "phone", label: "Phone" },
      { name: "email", label: "Email", kind: "email" },
      { name: "address", label: "Address" },
      { name: "whatsapp", label: "WhatsApp" },
    ],
  },
  {
    key: "businessHours",
    title: "Business hours",
    description: `Opening hours on the contact page. ${ADD_OR_REMOVE_ROWS}`,
    list: itemsList(
      "Opening hours",
      [
        { name: "day", label: "Day(s)" },
        { name: "hours", label: "Hours" },
      ],
      true,
    ),
  },
  {
    key: "payment",
    title: "Payment information",
    description:
      "The bank account and M-PESA paybill shown on the contact and registration pages and printed on every invoice (one source; also editable under Settings → Payments).",
    fields: [
      { name: "bankName", label: "Bank name" },
      { name: "accountName", label: "Account name" },
      { name: "accountNumber", label: "Account number" },
      { name: "branch", label: "Branch" },
      { name: "swift", label: "SWIFT code" },
      { name: "paybill", label: "M-PESA paybill" },
      { name: "paybillAccountNote", label: "Paybill account note", kind: "textarea" },
    ],
  },
  {
    key: "leadership",
    title: "Leadership quote",
    description: "The managing director's name, title, quote and biography on the About page.",
    fields: [
      { name: "name", label: "Name" },
      { name: "title", label: "Title" },
      { name: "quote", label: "Quote", kind: "textarea" },
      { name: "bio", label: "Biography", kind: "textarea" },
    ],
  },
];
