import { z } from "zod";
import {
  MOBILE_MONEY_WAYS,
  type OFFICE_COUNTRIES,
  OFFICE_CURRENCIES,
  SELLING_OFFICES,
} from "#app/platform/db/enums";
import { optionalText, requiredText } from "#app/platform/forms/form-fields";

export { MOBILE_MONEY_WAYS, OFFICE_CURRENCIES, SELLING_OFFICES };
export type OfficeCode = (typeof SELLING_OFFICES)[number];
export type OfficeCountry = (typeof OFFICE_COUNTRIES)[number];
export type OfficeCurrency = (typeof OFFICE_CURRENCIES)[number];
export type MobileMoneyWay = (typeof MOBILE_MONEY_WAYS)[number];

/** Each country's tax authority, the name of a seller's tax number there, and its country name. */
export const COUNTRY_TAX: Record<OfficeCountry, { country: string; authority: string; taxIdLabel: string }> =
  {
    KE: { country: "Kenya", authority: "Kenya Revenue Authority (KRA)", taxIdLabel: "KRA PIN" },
    UG: { country: "Uganda", authority: "Uganda Revenue Authority (URA)", taxIdLabel: "URA TIN" },
    RW: { country: "Rwanda", authority: "Rwanda Revenue Authority (RRA)", taxIdLabel: "RRA TIN" },
    TZ: { country: "Tanzania", authority: "Tanzania Revenue Authority (TRA)", taxIdLabel: "TRA TIN" },
  };

/**
 * The currency each office sells in: its country's own (decision 0790). Fixed, so a run's currency follows only
 * from its office, and a run with bookings cannot move to an office of another currency.
 */
export const OFFICE_CURRENCY: Record<OfficeCode, OfficeCurrency> = {
  nairobi: "KES",
  mombasa: "KES",
  kampala: "UGX",
  kigali: "RWF",
};

/** Each office's country (ISO 3166 alpha-2): the operators its mobile money goes through (issue 52). */
export const OFFICE_COUNTRY: Record<OfficeCode, OfficeCountry> = {
  nairobi: "KE",
  mombasa: "KE",
  kampala: "UG",
  kigali: "RW",
};

export const OFFICE_NAMES: Record<OfficeCode, string> = {
  nairobi: "Nairobi",
  mombasa: "Mombasa",
  kampala: "Kampala",
  kigali: "Kigali",
};

export const MOBILE_MONEY_LABELS: Record<MobileMoneyWay, string> = {
  mpesa: "M-PESA",
  mtn_momo: "MTN Mobile Money",
  airtel_money: "Airtel Money",
};

/** The office that sells a run held in a country, by the run's country as the office types it. */
const OFFICE_BY_COUNTRY: [RegExp, OfficeCode][] = [
  [/uganda|kampala|entebbe|jinja|mbarara|gulu/i, "kampala"],
  [/rwanda|kigali|musanze|rubavu|huye/i, "kigali"],
];

/**
 * The default seller of a run (issue 52): Kampala for a run in Uganda, Kigali for one in Rwanda, Nairobi for the
 * rest (Kenya, Tanzania, online, unknown). The office may choose another.
 */
export function defaultOfficeFor(where: { country?: string | null; venue?: string | null }): OfficeCode {
  const text = `${where.country ?? ""} ${where.venue ?? ""}`;
  return OFFICE_BY_COUNTRY.find(([pattern]) => pattern.test(text))?.[1] ?? "nairobi";
}

/** The tax numbers each authority issues: a KRA PIN is a letter, nine digits, a letter; a URA or RRA TIN ten or nine digits. */
const TAX_ID_RULES: Record<OfficeCountry, { pattern: RegExp; message: string }> = {
  KE: { pattern: /^[A-Z]\d{9}[A-Z]$/, message: "Enter the KRA PIN as a letter, nine digits and a letter." },
  UG: { pattern: /^\d{10}$/, message: "Enter the URA TIN as ten digits." },
  RW: { pattern: /^\d{9}$/, message: "Enter the RRA TIN as nine digits." },
  TZ: { pattern: /^\d{9}$/, message: "Enter the TRA TIN as nine digits." },
};

export function taxIdProblem(country: OfficeCountry, taxId: string): string | null {
  if (taxId === "") return null;
  const rule = TAX_ID_RULES[country];
  return rule.pattern.test(taxId) ? null : rule.message;
}

/** A ticked box as a plain form posts it ("on"), absent when not ticked. */
const ticked = () =>
  z
    .literal("on", 'A tick box sends only "on".')
    .optional()
    .transform((v) => v === "on");

const bankText = () => optionalText(120);
const bankCurrency = () => z.enum(OFFICE_CURRENCIES, "Choose the account's currency.").optional();
const BANK_SLOTS = [1, 2] as const;

/** An office as the finance team edits it: two bank-account slots, one tick per mobile-money way. */
export const OfficeSchema = z
  .object({
    code: z.enum(SELLING_OFFICES, "Choose an office from the list."),
    legalName: requiredText("Legal name", 200),
    taxId: optionalText(20).transform((v) => v?.toUpperCase() ?? ""),
    vatRatePercent: z
      .string({ error: "VAT rate is required" })
      .trim()
      .regex(/^\d{1,2}$|^100$/, "Enter the VAT rate as a whole percentage from 0 to 100."),
    address: optionalText(500).transform((v) => v ?? ""),
    mpesa: ticked(),
    mtn_momo: ticked(),
    airtel_money: ticked(),
    bank1Name: bankText(),
    bank1AccountName: bankText(),
    bank1AccountNumber: bankText(),
    bank1Branch: bankText(),
    bank1Swift: bankText(),
    bank1Currency: bankCurrency(),
    bank2Name: bankText(),
    bank2AccountName: bankText(),
    bank2AccountNumber: bankText(),
    bank2Branch: bankText(),
    bank2Swift: bankText(),
    bank2Currency: bankCurrency(),
  })
  .transform((v, ctx) => {
    const record: Record<string, string | null | undefined> = { ...v } as never;
    const bankAccounts = BANK_SLOTS.flatMap((n) => {
      const at = (field: string) => record[`bank${n}${field}`] ?? "";
      const account = {
        bankName: at("Name"),
        accountName: at("AccountName"),
        accountNumber: at("AccountNumber"),
        branch: at("Branch"),
        swift: at("Swift").toUpperCase(),
        currency: at("Currency") || OFFICE_CURRENCY[v.code],
      };
      if (!account.bankName && !account.accountNumber && !account.accountName) return [];
      if (!account.bankName || !account.accountName || !account.accountNumber) {
        ctx.addIssue({
          code: "custom",
          path: [`bank${n}AccountNumber`],
          message: `Bank account ${n} needs the bank, the account name and the account number.`,
        });
      }
      return [account];
    });
    return {
      code: v.code,
      legalName: v.legalName,
      taxId: v.taxId,
      vatRatePercent: Number(v.vatRatePercent),
      address: v.address,
      mobileMoney: MOBILE_MONEY_WAYS.filter((way) => v[way]),
      bankAccounts,
    };
  });

export type OfficeInput = z.output<typeof OfficeSchema>;
