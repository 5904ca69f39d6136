import { z } from "zod";
import { lineList, requiredText } from "#app/platform/forms/form-fields";
import type { SiteContent } from "#app/site/seed/site-content";

const text = (label: string, max = 300) => requiredText(label, max);

/**
 * Form rows that were left completely empty (the spare row offered for adding one) are dropped, so a list
 * grows by filling in the spare row and shrinks by clearing one.
 */
const rows = <T extends z.ZodType>(item: T, { min, max }: { min: number; max: number }) =>
  z.preprocess(
    (value) =>
      Array.isArray(value)
        ? value.filter(
            (row) =>
              row !== undefined &&
              row !== null &&
              Object.values(row as object).some((v) => v !== undefined && v !== ""),
          )
        : [],
    z
      .array(item)
      .min(min, min === 1 ? "Keep at least one row" : `Keep at least ${min} rows`)
      .max(max, `At most ${max} rows`),
  );

export const OFFICE_REGIONS = ["Headquarters", "Coast Region", "Uganda", "Rwanda"] as const;

/** A top-level list is edited as `items[n].field`, since a form's value is always an object. */
const list = <T extends z.ZodType>(item: T, bounds: { min: number; max: number }) =>
  z.object({ items: rows(item, bounds) }).transform((v) => v.items);

/** One schema per editable section of `site_content`; each output is exactly the stored shape. */
export const SITE_CONTENT_SCHEMAS = {
  hero: z.object({
    headline: text("Headline", 200),
    tagline: text("Tagline", 600),
    badges: lineList(6).pipe(z.array(z.string()).min(1, "Add at least one badge")),
    stats: rows(
      z.object({ value: text("Value", 40), label: text("Label", 80), description: text("Description", 300) }),
      { min: 3, max: 3 },
    ),
  }),
  stats: list(z.object({ value: text("Value", 40), label: text("Label", 80) }), { min: 1, max: 12 }),
  offices: list(
    z.object({
      city: text("City", 80),
      region: z.enum(OFFICE_REGIONS, { error: "Choose a region" }),
      address: text("Address"),
      phone: text("Phone", 40),
    }),
    { min: 1, max: 4 },
  ),
  contact: z.object({
    phone: text("Phone", 40),
    email: requiredText("Email", 254).pipe(z.email("Enter a valid email address")),
    address: text("Address"),
    whatsapp: text("WhatsApp", 40),
  }),
  businessHours: list(z.object({ day: text("Day", 60), hours: text("Hours", 60) }), { min: 1, max: 10 }),
  payment: z.object({
    bankName: text("Bank name", 120),
    accountName: text("Account name", 120),
    accountNumber: text("Account number", 60),
    branch: text("Branch", 120),
    swift: text("SWIFT code", 20),
    paybill: text("Paybill", 20),
    paybillAccountNote: text("Paybill account note", 1000),
  }),
  leadership: z.object({
    name: text("Name", 120),
    title: text("Title", 120),
    quote: text("Quote", 1000),
    bio: text("Biography", 2000),
  }),
} satisfies { [K in keyof SiteContent]?: z.ZodType<SiteContent[K], unknown> };

export type EditableContentKey = keyof typeof SITE_CONTENT_SCHEMAS;
export const EDITABLE_CONTENT_KEYS = Object.keys(SITE_CONTENT_SCHEMAS) as EditableContentKey[];

export function isEditableContentKey(key: unknown): key is EditableContentKey {
  return typeof key === "string" && Object.hasOwn(SITE_CONTENT_SCHEMAS, key);
}
