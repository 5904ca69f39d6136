import { z } from "zod";
import type { SettingKey } from "#app/platform/settings/settings";

/**
 * The Settings screen's sections (issue 49, decision 0786): each its own page with one form and one save, in
 * the order a new firm fills them in. `keys` are the plain settings its form edits, in the order shown; the
 * section's other parts (provider accounts, eTIMS, administrators) keep their own forms.
 */
export const SETTING_SECTIONS = [
  {
    id: "company",
    title: "Company",
    help: "Who the firm is on every invoice, receipt, certificate and NITA claim.",
    keys: [
      "finance_legal_name",
      "finance_kra_pin",
      "nita_provider_number",
      "certificate_signatory_name",
      "certificate_signatory_title",
    ],
  },
  {
    id: "invoicing",
    title: "Invoicing",
    help: "How proforma invoices are numbered, when they fall due, how VAT is charged and how long they are kept.",
    keys: [
      "invoice_prefix",
      "payment_terms_days",
      "vat_registered",
      "vat_rate",
      "prices_include_vat",
      "financial_records_retention_years",
    ],
  },
  {
    id: "payments",
    title: "Payments",
    help: "How clients pay: M-PESA (paybill callbacks and payment prompts) and the bank details printed on invoices.",
    keys: ["mpesa_transaction_limit"],
  },
  {
    id: "tax",
    title: "Tax authority",
    help: "KRA eTIMS: each sale goes to KRA as a tax invoice.",
    keys: [],
  },
  {
    id: "messages",
    title: "Messages",
    help: "When participants hear from the firm again, and the SMS and WhatsApp accounts the messages go through.",
    keys: ["reminder_days"],
  },
  {
    id: "site",
    title: "Site",
    help: "What the public site lets visitors do, and the rules of booking a seat.",
    keys: [
      "site_maintenance",
      "registration_enabled",
      "contact_form_enabled",
      "max_group_size",
      "seats_left_threshold",
      "waitlist_offer_hours",
      "substitution_notice_days",
      "certificate_threshold",
      "meeting_attendance_threshold",
      "decision_buffer_days",
    ],
  },
  {
    id: "security",
    title: "Security",
    help: "Who may sign in to this back office, and how.",
    keys: ["max_admin_accounts", "require_second_factor"],
  },
] as const satisfies readonly { id: string; title: string; help: string; keys: readonly SettingKey[] }[];

export type SettingSection = (typeof SETTING_SECTIONS)[number];
export type SettingSectionId = SettingSection["id"];
export const SETTING_SECTION_IDS = SETTING_SECTIONS.map((s) => s.id) as [
  SettingSectionId,
  ...SettingSectionId[],
];

/** The section a `?section=` names; the first (Company) for anything else. */
export function settingSection(id: string | null | undefined): SettingSection {
  return SETTING_SECTIONS.find((section) => section.id === id) ?? SETTING_SECTIONS[0];
}

/** The section a setting is edited in, for links that point at one setting ("fill in the KRA PIN"). */
export function sectionOfSetting(key: SettingKey): SettingSectionId | null {
  return SETTING_SECTIONS.find((section) => (section.keys as readonly string[]).includes(key))?.id ?? null;
}

/** Where one setting is edited: its section's page, scrolled to its field. */
export const settingPath = (key: SettingKey) =>
  `/admin/settings?section=${sectionOfSetting(key) ?? "payments"}#setting-${key}`;

/** What a person calls each setting, and a line of help under it (the machine key stays out of sight). */
export const SETTING_LABELS: Record<SettingKey, { title: string; help: string }> = {
  finance_legal_name: {
    title: "Legal name",
    help: "As registered, printed on invoices, receipts and credit notes.",
  },
  finance_kra_pin: {
    title: "KRA PIN",
    help: "Printed on invoices and used for KRA eTIMS: a letter, nine digits, a letter (P051234567X).",
  },
  nita_provider_number: {
    title: "NITA training provider number",
    help: "As NITA issued it (e.g. NITA/TP/1234); printed on every NITA claim pack. Leave empty until registered.",
  },
  certificate_signatory_name: {
    title: "Who signs the certificates",
    help: "The name printed above the signature line.",
  },
  certificate_signatory_title: {
    title: "Their position",
    help: "Printed under the name, e.g. Director of Training.",
  },
  invoice_prefix: {
    title: "Invoice number prefix",
    help: "2 to 6 capital letters: PRO gives PRO-2026-0001.",
  },
  payment_terms_days: {
    title: "Days to pay an invoice",
    help: "From the invoice's date to its due date (0 to 120).",
  },
  vat_registered: {
    title: "Registered for VAT",
    help: "Invoices charge VAT at the rate below and show it on its own line.",
  },
  vat_rate: { title: "VAT rate (%)", help: "0 to 50; Kenya's standard rate is 16." },
  prices_include_vat: {
    title: "Course fees include VAT",
    help: "On: the invoice takes VAT out of the fee. Off: VAT is added on top.",
  },
  financial_records_retention_years: {
    title: "Keep financial records for (years)",
    help: "5 to 10. Invoices, receipts and payments are kept this long after issue, even when a person asks to be forgotten.",
  },
  mpesa_callback_secret: {
    title: "Callback secret",
    help: "The secret part of the M-PESA callback addresses. Generate it here; empty turns the callbacks off.",
  },
  mpesa_transaction_limit: {
    title: "Most in one M-PESA payment (KES)",
    help: "The Central Bank of Kenya's limit per transaction (250,000 since September 2023). A larger balance is asked for in several prompts.",
  },
  reminder_days: {
    title: "Remind participants (days before)",
    help: "Days before a course date when the joining instructions go again, separated by commas (e.g. 7,1).",
  },
  site_maintenance: {
    title: "Maintenance mode",
    help: "On: public pages show a maintenance notice; this back office keeps working.",
  },
  registration_enabled: {
    title: "Online registration",
    help: "Visitors may book course dates from the website.",
  },
  contact_form_enabled: { title: "Contact forms", help: "Visitors may send messages from the website." },
  max_group_size: {
    title: "Most participants in one booking",
    help: "1 to 100: larger groups are asked to send an enquiry.",
  },
  seats_left_threshold: {
    title: 'Show "seats left" from',
    help: 'Course dates with this many free seats or fewer say "N seats left" (0: only "Fully booked").',
  },
  waitlist_offer_hours: {
    title: "Hold a freed seat for (hours)",
    help: "How long the next booking on the waiting list has to take a freed seat (1 to 336).",
  },
  substitution_notice_days: {
    title: "Clients may swap a participant until (days before)",
    help: "After that only an owner can substitute (0 to 60).",
  },
  certificate_threshold: {
    title: "Attendance needed for a certificate (%)",
    help: "Share of the course days present (1 to 100).",
  },
  meeting_attendance_threshold: {
    title: "Time in a meeting that counts as present (%)",
    help: "Share of a virtual session's length, rejoins summed, when a meeting report is imported (1 to 100).",
  },
  decision_buffer_days: {
    title: "Decide whether a course date goes ahead (days before the venue's deadline)",
    help: "0 to 30 days before the venue's final-numbers date or first penalty; 14 days before the start without a venue contract.",
  },
  max_admin_accounts: {
    title: "Most staff accounts",
    help: "1 to 5, and never fewer than the accounts that exist.",
  },
  require_second_factor: {
    title: "Require a second factor",
    help: "Every staff member signs in with a passkey or an authenticator app too; those without one set it up first.",
  },
};

const SECTION_KEYS = SETTING_SECTIONS.flatMap((section) => section.keys as readonly SettingKey[]);

/** A section's post: which section, and each of its values in a field named by the setting's key. */
export const SettingSectionFormSchema = z.object({
  intent: z.literal("section"),
  section: z.enum(SETTING_SECTION_IDS, "Choose a settings section"),
  ...(Object.fromEntries(SECTION_KEYS.map((key) => [key, z.string().max(20_000).optional()])) as Record<
    SettingKey,
    z.ZodOptional<z.ZodString>
  >),
});

/** The Generate button's post: a new M-PESA callback secret, made on the server. */
export const GenerateSecretSchema = z.object({ intent: z.literal("generate-callback-secret") });
