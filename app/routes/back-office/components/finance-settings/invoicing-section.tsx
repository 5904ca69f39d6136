import { type SectionProps, SettingCards, SettingsSection } from "./settings-section";

const TITLES = {
  invoice_prefix: "Invoice number prefix",
  payment_terms_days: "Payment terms (days)",
  vat_registered: "Registered for VAT",
  vat_rate: "VAT rate (%)",
  prices_include_vat: "Prices include VAT",
};

/** Invoicing: numbering, terms and VAT of the proforma invoices. */
export function InvoicingSection(props: SectionProps) {
  return (
    <SettingsSection
      id="invoicing-settings"
      title="Invoicing"
      description="How proforma invoices are numbered, when they fall due, and how VAT is charged on them."
    >
      <SettingCards {...props} titles={TITLES} />
    </SettingsSection>
  );
}
