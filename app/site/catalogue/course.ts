import { z } from "zod";
import { defaultOfficeFor, OFFICE_CURRENCY, OFFICE_NAMES, SELLING_OFFICES } from "#app/offices/index";
import {
  ACTIVE_STATUSES,
  COURSE_CATEGORIES,
  DELIVERY_MODES,
  ETIMS_TAX_TYPES,
  FAITH_GROUPS,
  RUN_STATUSES,
} from "#app/platform/db/enums";
import {
  checkbox,
  lineList,
  optionalNumber,
  optionalText,
  requiredText,
} from "#app/platform/forms/form-fields";
import { isCalendarDate } from "#app/utils/calendar-date";
import { currencyHasCents } from "#app/utils/minor-units";
import { outlineDays, outlineField, outlineLength } from "./course-outline";

export const DELIVERY_LABELS: Record<(typeof DELIVERY_MODES)[number], string> = {
  physical: "In person",
  virtual: "Virtual",
  hybrid: "Hybrid",
  "self-paced": "Self-paced",
};

export { ACTIVE_STATUSES, COURSE_CATEGORIES, DELIVERY_MODES, ETIMS_TAX_TYPES, FAITH_GROUPS, RUN_STATUSES };

/** Lower-case words joined by hyphens, as used in /courses/:slug. */
export function slugify(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, "Slug must be at most 80 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens only")
  .optional()
  .transform((v) => v ?? null);

/** The course form (add and edit): spec §5 rules plus the public details the course page shows. */
export const CourseSchema = z
  .object({
    title: requiredText("Title"),
    slug,
    description: optionalText(5000),
    category: z.enum(COURSE_CATEGORIES, { error: "Category is required" }).default("management"),
    faithGroup: z
      .enum(FAITH_GROUPS, { error: "Choose group A, B or C" })
      .optional()
      .transform((v) => v ?? null),
    durationDays: optionalNumber("Duration", { min: 1, max: 365, integer: true }),
    cost: optionalNumber("Cost", { min: 0, max: 100_000_000 }),
    status: z.enum(ACTIVE_STATUSES).default("active"),
    type: optionalText(200),
    targetAudience: optionalText(1000),
    imageUrl: optionalText(500),
    highlights: lineList(),
    objectives: lineList(15),
    modules: lineList(),
    outline: outlineField(),
    method: optionalText(1500),
    feeIncludes: lineList(20),
    feeExcludes: lineList(20),
    certificate: optionalText(300),
    cpdPoints: optionalText(200),
    featured: checkbox(),
    sortOrder: optionalNumber("Display order", { min: 0, max: 100_000, integer: true }).transform(
      (v) => v ?? 0,
    ),
    // what the course's sales carry to KRA eTIMS (decision 0643)
    etimsItemClassCode: z
      .string()
      .trim()
      .regex(/^\d{8,10}$/, "Enter KRA's item classification code: 8 to 10 digits, such as 8611160100")
      .optional()
      .transform((v) => v ?? null),
    etimsTaxType: z.enum(ETIMS_TAX_TYPES, { error: "Choose the course's tax type" }).default("B"),
  })
  .superRefine((value, ctx) => {
    // the outline describes the whole course, so a buyer reads what every paid day holds
    const days = outlineLength(value.outline);
    const last = value.outline.at(-1);
    if (last && value.durationDays !== null && days !== value.durationDays) {
      ctx.addIssue({
        code: "custom",
        path: ["outline"],
        message:
          days < value.durationDays
            ? `The outline ends at day ${days} but the course runs ${value.durationDays} days: describe every day`
            : `The outline's ${outlineDays(last)} is past the course's ${value.durationDays} days: change the duration or the outline`,
      });
    }
    if (value.category === "faith" && !value.faithGroup) {
      ctx.addIssue({
        code: "custom",
        path: ["faithGroup"],
        message: "Choose group A, B or C for a faith-based course",
      });
    }
  })
  // a faith group only means something for faith-based courses
  .transform((value) => ({ ...value, faithGroup: value.category === "faith" ? value.faithGroup : null }));

export type CourseInput = z.output<typeof CourseSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2025-03-07")
  .refine(isCalendarDate, "Not a real date")
  .optional()
  .transform((v) => v ?? null);

/** One scheduled run of a course: when, where, how it is delivered. */
export const CourseRunSchema = z
  .object({
    runId: z.uuid().optional(),
    startDate: isoDate,
    endDate: isoDate,
    label: optionalText(200),
    venue: optionalText(200),
    country: optionalText(100),
    deliveryMode: z.enum(DELIVERY_MODES).default("physical"),
    capacity: optionalNumber("Capacity", { min: 1, max: 100_000, integer: true }),
    minParticipants: optionalNumber("Minimum group", { min: 1, max: 100_000, integer: true }),
    costOverride: optionalNumber("Cost override", { min: 0, max: 100_000_000_000 }),
    /** the office that sells it (issue 52); empty: the office of its country (`defaultOfficeFor`) */
    sellingOffice: z.enum(SELLING_OFFICES, "Choose a selling office from the list.").optional(),
    priceUsd: optionalNumber("USD price", { min: 0, max: 10_000_000 }),
    status: z.enum(RUN_STATUSES).default("open"),
    /** one organisation's in-house group: on no public page, feed or form (decision 0671) */
    private: checkbox(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    path: ["endDate"],
    message: "The end date cannot be before the start date",
  })
  .refine((v) => v.minParticipants === null || v.capacity === null || v.minParticipants <= v.capacity, {
    path: ["minParticipants"],
    message: "The minimum group cannot be larger than the capacity",
  })
  // the office sells in its own currency (decision 0790): the run's price is in it
  .transform((v) => {
    const sellingOffice = v.sellingOffice ?? defaultOfficeFor(v);
    return { ...v, sellingOffice, currency: OFFICE_CURRENCY[sellingOffice] };
  })
  .superRefine((v, ctx) => {
    const office = OFFICE_NAMES[v.sellingOffice];
    // the course's own price is in Kenya shillings: a run sold in another currency states its own
    if (v.currency !== "KES" && v.costOverride === null) {
      ctx.addIssue({
        code: "custom",
        path: ["costOverride"],
        message: `The ${office} office sells in ${v.currency}: enter this date's price in ${v.currency} (the course's price is in KES).`,
      });
    }
    // ISO 4217: the Ugandan and Rwandan francs have no minor unit
    if (v.costOverride !== null && !currencyHasCents(v.currency) && !Number.isInteger(v.costOverride)) {
      ctx.addIssue({
        code: "custom",
        path: ["costOverride"],
        message: `Prices in ${v.currency} are whole amounts: ${v.currency} has no cents.`,
      });
    }
  });

type RunOutput = Omit<z.output<typeof CourseRunSchema>, "runId">;
/**
 * A run as the domain takes it: the form's fields; the office may be left out (then its country's) and the
 * currency always follows from the office.
 */
export type CourseRunInput = Omit<RunOutput, "sellingOffice" | "currency" | "priceUsd"> &
  Partial<Pick<RunOutput, "sellingOffice" | "priceUsd">>;

/** How the office's screens mark a private run: "Private — <organisation>"; null for a public run. */
export function privateRunLabel(run: { private: boolean; organisationName?: string | null }) {
  if (!run.private) return null;
  return run.organisationName ? `Private — ${run.organisationName}` : "Private";
}
