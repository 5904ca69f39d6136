import { useState } from "react";
import { InputField, SelectField } from "#app/components/ui/field";
import {
  MAX_QUOTE_LINES,
  priceTypedLines,
  QUOTE_LINE_KIND_LABELS,
  QUOTE_LINE_KINDS,
  quoteVatText,
} from "#app/sales/index";
import { formatKes } from "#app/utils/cents";
import type { VatRule } from "#app/utils/vat";

/** Rows the form opens with; "Add a line" adds more, up to the schema's limit. */
const FIRST_ROWS = 4;

type TypedRow = { description: string; quantity: string; unit: string };

/** The rows as typed, read from the form's fields by their names (`lines[i].quantity`, …). */
function typedRows(form: HTMLFormElement, count: number): TypedRow[] {
  const data = new FormData(form);
  const read = (name: string) => String(data.get(name) ?? "");
  return Array.from({ length: count }, (_, i) => ({
    description: read(`lines[${i}].description`),
    quantity: read(`lines[${i}].quantity`),
    unit: read(`lines[${i}].unit`),
  }));
}

/**
 * The quote's lines with their running total: net, VAT and gross as the office types, priced by the same
 * `priceQuote` the sent quote is priced with (issue 45: the first total anyone saw was in the client's e-mail).
 * The total listens to the whole form, so it follows every field without controlling them.
 */
export function QuoteLines({
  rule,
  errors,
}: {
  rule: VatRule;
  errors: Record<string, string[] | null | undefined>;
}) {
  const [count, setCount] = useState(FIRST_ROWS);
  const [rows, setRows] = useState<TypedRow[]>([]);
  const totals = priceTypedLines(rows, rule);
  const follow = (event: { currentTarget: HTMLFieldSetElement }) => {
    const form = event.currentTarget.form;
    if (form) setRows(typedRows(form, count));
  };
  return (
    <fieldset className="space-y-4" onInput={follow} onChange={follow}>
      <legend className="text-lg font-semibold text-slate-900">Lines</legend>
      <p className="text-sm text-slate-700">{quoteVatText(rule)} Leave a row empty to leave it out.</p>
      {errors.lines ? <p className="text-sm text-red-700">{errors.lines[0]}</p> : null}
      {Array.from({ length: count }, (_, i) => (
        <div
          // rows are only ever added at the end: their index is their identity
          // biome-ignore lint/suspicious/noArrayIndexKey: rows only grow at the end
          key={i}
          className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-[12rem_1fr_6rem_9rem]"
        >
          <SelectField
            label={`Line ${i + 1}: charge`}
            name={`lines[${i}].kind`}
            defaultValue={QUOTE_LINE_KINDS[i % QUOTE_LINE_KINDS.length]}
            errors={errors[`lines[${i}].kind`]}
          >
            {QUOTE_LINE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {QUOTE_LINE_KIND_LABELS[kind]}
              </option>
            ))}
          </SelectField>
          <InputField
            label={`Line ${i + 1}: description`}
            name={`lines[${i}].description`}
            maxLength={200}
            errors={errors[`lines[${i}].description`]}
          />
          <InputField
            label={`Line ${i + 1}: quantity`}
            name={`lines[${i}].quantity`}
            inputMode="numeric"
            errors={errors[`lines[${i}].quantity`]}
          />
          <InputField
            label={`Line ${i + 1}: unit price (KES)`}
            name={`lines[${i}].unit`}
            inputMode="decimal"
            errors={errors[`lines[${i}].unit`]}
          />
        </div>
      ))}
      {count < MAX_QUOTE_LINES ? (
        <button
          type="button"
          onClick={() => setCount((n) => Math.min(n + 1, MAX_QUOTE_LINES))}
          className="min-h-11 rounded-md border border-slate-300 px-4 text-sm font-semibold text-brand-800 hover:bg-slate-50"
        >
          Add a line
        </button>
      ) : null}
      <output
        aria-live="polite"
        data-testid="quote-running-total"
        className="block rounded-md bg-slate-50 p-3 text-sm text-slate-900"
      >
        <span className="flex justify-between gap-4">
          <span>Net</span>
          <span className="whitespace-nowrap">{formatKes(totals.netCents)}</span>
        </span>
        <span className="flex justify-between gap-4">
          <span>VAT {totals.ratePercent}%</span>
          <span className="whitespace-nowrap">{formatKes(totals.vatCents)}</span>
        </span>
        <span className="flex justify-between gap-4 font-semibold">
          <span>Total the client reads</span>
          <span className="whitespace-nowrap" data-testid="quote-total">
            {formatKes(totals.totalCents)}
          </span>
        </span>
      </output>
    </fieldset>
  );
}
