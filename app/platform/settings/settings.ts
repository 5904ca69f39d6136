import { z } from "zod";

/** The known system settings, their defaults and the rule each value must satisfy. */
export const SETTING_DEFINITIONS = {
  site_maintenance: {
    defaultValue: false,
    description:
      "When enabled, public pages show a maintenance notice (HTTP 503); the admin area keeps working.",
    schema: z.boolean(),
  },
  registration_enabled: {
    defaultValue: true,
    description: "Allow visitors to register for courses from the website.",
    schema: z.boolean(),
  },
  contact_form_enabled: {
    defaultValue: true,
    description: "Allow visitors to send messages through the contact forms.",
    schema: z.boolean(),
  },
  max_admin_accounts: {
    defaultValue: 1,
    description: "The largest number of administrator accounts allowed (1 to 5).",
    schema: z.number().int().min(1).max(5),
  },
  require_second_factor: {
    defaultValue: false,
    description:
      "Require every administrator to sign in with a second factor (passkey or authenticator app). Admins without one must set one up before doing anything else.",
    schema: z.boolean(),
  },
  max_group_size: {
    defaultValue: 25,
    description:
      "The most participants one contact may book for a course date in one registration (1 to 100).",
    schema: z.number().int().min(1).max(100),
  },
  waitlist_offer_hours: {
    defaultValue: 48,
    description:
      "How long a freed seat is held for the next booking on the waiting list before it is offered to the one after (1 to 336 hours).",
    schema: z.number().int().min(1).max(336),
  },
  seats_left_threshold: {
    defaultValue: 5,
    description:
      'Course dates with this many free seats or fewer show "N seats left" on the public site (0 to 100; 0 shows only "Fully booked").',
    schema: z.number().int().min(0).max(100),
  },
  finance_legal_name: {
    defaultValue: "Mafunzo Training & Consultancy Ltd",
    description: "The firm's legal name as printed on invoices, receipts and credit notes.",
    schema: z.string().min(2, "Enter the legal name").max(200, "Use at most 200 characters"),
  },
  finance_kra_pin: {
    defaultValue: "",
    description:
      "The firm's KRA PIN printed on invoices (a letter, nine digits, a letter, e.g. P051234567X).",
    schema: z
      .string()
      .max(11)
      .regex(/^$|^[AP]\d{9}[A-Z]$/, "Enter a KRA PIN such as P051234567X (or leave it empty)"),
  },
  vat_registered: {
    defaultValue: true,
    description:
      "The firm is registered for VAT: invoices charge VAT at the rate below and show it as its own line.",
    schema: z.boolean(),
  },
  vat_rate: {
    defaultValue: 16,
    description: "The VAT rate in percent (0 to 50).",
    schema: z.number().int().min(0).max(50),
  },
  prices_include_vat: {
    defaultValue: true,
    description:
      "Course prices already include VAT (the invoice takes VAT out of the price); when disabled, VAT is added on top.",
    schema: z.boolean(),
  },
  invoice_prefix: {
    defaultValue: "PRO",
    description: "The prefix of proforma invoice numbers, as in PRO-2026-0001 (2 to 6 capital letters).",
    schema: z.string().regex(/^[A-Z]{2,6}$/, "Use 2 to 6 capital letters, such as PRO"),
  },
  payment_terms_days: {
    defaultValue: 14,
    description: "Days from an invoice's date to its due date (0 to 120).",
    schema: z.number().int().min(0).max(120),
  },
  mpesa_callback_secret: {
    defaultValue: "",
    description:
      "The secret path segment of the M-PESA callback URLs (24 to 64 letters, digits, - or _). Empty turns the callbacks off. See docs/integrations.md for the URLs to register with Safaricom.",
    schema: z
      .string()
      .max(64)
      .regex(/^$|^[A-Za-z0-9_-]{24,64}$/, "Use 24 to 64 letters, digits, - or _ (or leave it empty)"),
  },
  mpesa_transaction_limit: {
    defaultValue: 250_000,
    description:
      "The most M-PESA carries in one payment, in shillings: the Central Bank of Kenya's per-transaction limit for mobile money (250,000 since September 2023). The pay page asks for a larger balance in several prompts under it (1,000 to 1,000,000).",
    schema: z.number().int().min(1_000).max(1_000_000),
  },
  reminder_days: {
    defaultValue: "7,1",
    description:
      "Days before a course date starts when participants get the joining instructions again, separated by commas (e.g. 7,1; each 1 to 60).",
    schema: z
      .string()
      .max(40)
      .regex(/^\s*\d{1,2}\s*(,\s*\d{1,2}\s*)*$/, "Enter whole numbers of days separated by commas, e.g. 7,1")
      .refine(
        (text) => text.split(",").every((n) => Number(n) >= 1 && Number(n) <= 60),
        "Each number of days must be from 1 to 60",
      ),
  },
  substitution_notice_days: {
    defaultValue: 14,
    description:
      "Until how many days before a course date starts a client may substitute a participant themselves (0 to 60); after that only an owner can.",
    schema: z.number().int().min(0).max(60),
  },
  certificate_threshold: {
    defaultValue: 80,
    description:
      "The attendance (percent of course days present) a participant needs for a certificate (1 to 100).",
    schema: z.number().int().min(1).max(100),
  },
  meeting_attendance_threshold: {
    defaultValue: 75,
    description:
      "The time in a virtual session's meeting (percent of the session's length, rejoins summed) that counts as present when a meeting report is imported (1 to 100).",
    schema: z.number().int().min(1).max(100),
  },
  certificate_signatory_name: {
    defaultValue: "Esther Achieng Oduor",
    description: "The name printed above the signature line on certificates.",
    schema: z.string().min(1).max(120),
  },
  certificate_signatory_title: {
    defaultValue: "Director of Training",
    description: "The signatory's position, printed under the name on certificates.",
    schema: z.string().min(1).max(120),
  },
  nita_provider_number: {
    defaultValue: "",
    description:
      "The firm's registration number as a NITA training provider, printed on the cover of every NITA claim pack (letters, digits, / and -; empty while not registered).",
    schema: z
      .string()
      .max(40)
      .regex(
        /^$|^[A-Za-z0-9][A-Za-z0-9/ -]{2,39}$/,
        "Enter the NITA registration number as issued, e.g. NITA/TP/1234",
      ),
  },
  decision_buffer_days: {
    defaultValue: 3,
    description:
      "Days before a venue's final-numbers date or first cancellation penalty (whichever is earlier) that a course date's go/no-go decision is due (0 to 30). Without a venue contract the decision is due 14 days before the start.",
    schema: z.number().int().min(0).max(30),
  },
  financial_records_retention_years: {
    defaultValue: 5,
    description:
      "Years that invoices, receipts, credit notes and payments are kept after they were issued or received, as tax law requires (5 to 10). The privacy notice states it; a data request's erasure keeps these records and the personal details on them for this long.",
    schema: z.number().int().min(5).max(10),
  },
} as const;

/** Said wherever a finance document would be issued while the firm's finance profile is incomplete. */
export const FINANCE_PROFILE_INCOMPLETE =
  "Complete the finance profile in Settings before invoices can be issued.";
/** A missing piece of the finance profile, and the page (and card) where it is filled in. */
export type FinanceProfileGap = { label: string; to: string };

/** The settings of the money side, which finance staff manage beside the owners. */
export const FINANCE_SETTING_KEYS: readonly SettingKey[] = [
  "finance_legal_name",
  "finance_kra_pin",
  "vat_registered",
  "vat_rate",
  "prices_include_vat",
  "invoice_prefix",
  "payment_terms_days",
  "mpesa_callback_secret",
  "mpesa_transaction_limit",
];

/** Settings that weaken or strengthen access to the back office: changing them asks for a recent sign-in. */
export const SECURITY_SETTING_KEYS: readonly SettingKey[] = [
  "max_admin_accounts",
  "require_second_factor",
  "mpesa_callback_secret",
];

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export type SettingValues = { [K in SettingKey]: z.infer<(typeof SETTING_DEFINITIONS)[K]["schema"]> };

export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}
