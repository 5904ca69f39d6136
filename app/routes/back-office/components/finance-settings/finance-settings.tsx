import { EtimsSettings, type EtimsSettingsAnswer, type EtimsSettingsDevice } from "../etims-settings";
import { CompanySection } from "./company-section";
import { InvoicingSection } from "./invoicing-section";
import { MpesaSection, type MpesaSettings } from "./mpesa-section";
import type { SectionProps } from "./settings-section";

/**
 * The finance settings, one section each: a new section is one more line here (its own file beside these).
 */
export function FinanceSettings({
  mpesa,
  etims,
  ...props
}: SectionProps & {
  mpesa: MpesaSettings;
  etims: { device: EtimsSettingsDevice; answer?: EtimsSettingsAnswer };
}) {
  return (
    <div className="space-y-10" data-testid="finance-settings">
      <CompanySection {...props} />
      <InvoicingSection {...props} />
      <MpesaSection {...props} mpesa={mpesa} />
      <EtimsSettings {...etims} />
    </div>
  );
}
