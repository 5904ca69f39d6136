import { Link } from "react-router";
import { type SectionProps, SettingCards, SettingsSection } from "./settings-section";

const TITLES = { finance_legal_name: "Legal name", finance_kra_pin: "KRA PIN" };

/** Company: who the firm is on every invoice, receipt and credit note. */
export function CompanySection(props: SectionProps) {
  return (
    <SettingsSection
      id="company-settings"
      title="Company"
      description={
        <>
          The firm as its documents name it. The address, telephone and logo printed on them are the site's
          contact details (
          <Link to="/admin/content#content-contact" className="underline">
            Content → Contact
          </Link>
          ).
        </>
      }
    >
      <SettingCards {...props} titles={TITLES} />
    </SettingsSection>
  );
}
