import { Form, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { SelectField } from "#app/components/ui/field";
import { BOOKING_WITHHOLDING_CHOICES, WITHHOLDING_PATH, WITHHOLDING_RATES } from "#app/money/index";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";
import { SECTION } from "./booking-screen";

type Choice = (typeof BOOKING_WITHHOLDING_CHOICES)[number];

export type BookingWithholdingView = {
  own: { incomeTax: Choice; vat: Choice };
  applies: { incomeTax: boolean; vat: boolean };
  hasOrganisation: boolean;
  certificates: {
    id: string;
    kind: keyof typeof WITHHOLDING_RATES;
    certificateNumber: string;
    certificateDate: string;
    amountCents: number;
    voidReason: string | null;
  }[];
};

const CHOICE_LABELS = (applies: boolean, hasOrganisation: boolean): Record<Choice, string> => ({
  organisation: hasOrganisation
    ? `As its organisation says (${applies ? "withholds" : "does not withhold"})`
    : "As its organisation says (none linked: does not withhold)",
  yes: "Withholds, for this booking",
  no: "Does not withhold, for this booking",
});

/**
 * What the booking's payer withholds (decision 0745), which the invoice states as the cash expected, and the
 * certificates recorded for it. Those who manage money or bookings may change it; the invoice is revised.
 */
export function BookingWithholdingSection({
  reference,
  view,
  mayChange,
}: {
  reference: string;
  view: BookingWithholdingView;
  mayChange: boolean;
}) {
  const live = view.certificates.filter((c) => !c.voidReason);
  return (
    <section aria-labelledby="withholding-heading" className={SECTION}>
      <h2 id="withholding-heading" className="text-lg font-semibold text-slate-900">
        Withholding
      </h2>
      <p className="text-sm text-slate-600">
        The payer withholds{" "}
        {[view.applies.incomeTax && "income tax (5 %)", view.applies.vat && "VAT (2 %)"]
          .filter(Boolean)
          .join(" and ") || "nothing"}
        : the invoice asks that much less in cash, settled by iTax certificates.
      </p>
      {mayChange ? (
        <Form method="post" className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:items-end">
          <input type="hidden" name="intent" value="withholding" />
          {(["incomeTax", "vat"] as const).map((kind) => (
            <SelectField
              key={kind}
              label={kind === "incomeTax" ? WITHHOLDING_RATES.wht.label : WITHHOLDING_RATES.whvat.label}
              name={kind}
              defaultValue={view.own[kind]}
            >
              {BOOKING_WITHHOLDING_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {CHOICE_LABELS(view.applies[kind], view.hasOrganisation)[choice]}
                </option>
              ))}
            </SelectField>
          ))}
          <button type="submit" className={buttonClass("outline", "md", "min-h-11")}>
            Save withholding
          </button>
        </Form>
      ) : null}
      <h3 className="font-semibold text-slate-900">Certificates</h3>
      {view.certificates.length === 0 ? (
        <p className="text-sm text-slate-600">None recorded.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {view.certificates.map((c) => (
            <li key={c.id} className={c.voidReason ? "text-slate-500 line-through" : "text-slate-800"}>
              {WITHHOLDING_RATES[c.kind].short} · {c.certificateNumber} · {formatLongDate(c.certificateDate)}{" "}
              · {formatKes(c.amountCents)}
              {c.voidReason ? ` (void: ${c.voidReason})` : ""}
            </li>
          ))}
        </ul>
      )}
      <p className="flex flex-wrap gap-3 text-sm">
        <Link
          to={`${WITHHOLDING_PATH}?reference=${reference}#record-heading`}
          className="text-brand-700 underline"
        >
          Record a certificate
        </Link>
        <Link to={`/admin/finance/statement?booking=${reference}`} className="text-brand-700 underline">
          Statement of account
        </Link>
        {live.length > 0 ? <span className="text-slate-600">{live.length} live</span> : null}
      </p>
    </section>
  );
}
