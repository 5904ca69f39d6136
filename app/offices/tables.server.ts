import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, inList, updatedAt } from "../platform/db/columns";
import {
  MOBILE_MONEY_WAYS,
  OFFICE_COUNTRIES,
  OFFICE_CURRENCIES,
  SELLING_OFFICES,
} from "../platform/db/enums";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the column helpers, by relative paths.

/** One bank account an office is paid into, as its documents print it. */
export type OfficeBankAccount = {
  bankName: string;
  accountName: string;
  accountNumber: string;
  branch: string;
  swift: string;
  currency: string;
};

/**
 * A selling office (issue 52, decision 0790): the legal seller of its runs, in its own currency, with its own tax
 * identity and its own number series. The four rows are made by the migration and never deleted: documents and
 * runs name them. `numberPrefix` goes in front of its documents' numbers; Nairobi's is empty, so the numbers
 * issued before offices existed stay its series.
 */
export const sellingOffices = pgTable(
  "selling_offices",
  {
    code: text("code", { enum: SELLING_OFFICES }).primaryKey(),
    name: text("name").notNull(),
    country: text("country", { enum: OFFICE_COUNTRIES }).notNull(),
    legalName: text("legal_name").notNull(),
    /** KRA PIN, URA TIN or RRA TIN, by the country (`taxIdLabel`); empty until the office enters it */
    taxId: text("tax_id").notNull().default(""),
    vatRatePercent: integer("vat_rate_percent").notNull(),
    currency: text("currency", { enum: OFFICE_CURRENCIES }).notNull(),
    numberPrefix: text("number_prefix").notNull(),
    address: text("address").notNull().default(""),
    bankAccounts: jsonb("bank_accounts").$type<OfficeBankAccount[]>().notNull().default([]),
    mobileMoney: text("mobile_money")
      .array()
      .$type<(typeof MOBILE_MONEY_WAYS)[number][]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check("selling_offices_code_check", inList("code", SELLING_OFFICES)),
    check("selling_offices_country_check", inList("country", OFFICE_COUNTRIES)),
    check("selling_offices_currency_check", inList("currency", OFFICE_CURRENCIES)),
    check("selling_offices_vat_check", sql`vat_rate_percent between 0 and 100`),
    check(
      "selling_offices_mobile_money_check",
      sql.raw(`mobile_money <@ array[${MOBILE_MONEY_WAYS.map((w) => `'${w}'`).join(", ")}]::text[]`),
    ),
  ],
);
