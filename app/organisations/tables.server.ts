import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, inList, updatedAt } from "../platform/db/columns";
import { ORGANISATION_TYPES } from "../platform/db/enums";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

/**
 * A client organisation (issue 37): the account its bookings, enquiries and quotes belong to. `name_key` is the
 * name as matching compares it and `loose_key` the same without legal words (app/sales/organisations/
 * organisation-name.ts), kept beside it so lookups are index scans; the KRA PIN identifies it when given.
 */
export const organisations = pgTable(
  "organisations",
  {
    id: id(),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    looseKey: text("loose_key").notNull(),
    type: text("type", { enum: ORGANISATION_TYPES }).notNull().default("other"),
    kraPin: text("kra_pin"),
    nitaLevyNumber: text("nita_levy_number"),
    address: text("address"),
    /** the people the office deals with there, as the office writes them (names, roles, phones, e-mails) */
    contacts: text("contacts"),
    notes: text("notes"),
    /** it withholds 5 % income tax on training fees and certifies it on iTax (decision 0745) */
    withholdsIncomeTax: boolean("withholds_income_tax").notNull().default(false),
    /** it is an appointed withholding-VAT agent: it withholds 2 % of the taxable value (decision 0745) */
    withholdsVat: boolean("withholds_vat").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("organisations_type_check", inList("type", ORGANISATION_TYPES)),
    uniqueIndex("organisations_kra_pin_key").on(t.kraPin).where(sql`kra_pin is not null`),
    index("organisations_name_key_idx").on(t.nameKey),
    index("organisations_loose_key_idx").on(t.looseKey),
    index("organisations_name_trgm_idx").using("gin", sql`${t.nameKey} gin_trgm_ops`),
  ],
);

/**
 * Two organisations the office looked at on the review screen and kept apart: the pair is not offered again.
 * `first_id` sorts before `second_id`, so a pair has one row.
 */
export const organisationsKeptApart = pgTable(
  "organisations_kept_apart",
  {
    firstId: uuid("first_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    secondId: uuid("second_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    decidedBy: text("decided_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.firstId, t.secondId] }),
    check("organisations_kept_apart_order_check", sql`first_id < second_id`),
  ],
);
