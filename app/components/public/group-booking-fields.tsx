import { useState } from "react";
import { InputField } from "#app/components/ui/field";
import { ADD_PARTICIPANT_FIELD, LIMITS, MAX_PARTICIPANT_ROWS } from "#app/site/index";
import type { PublicFormState } from "./use-public-form";

/** What the organisation's accounts and its training-levy claim need: printed on the invoice, or in the NITA pack. */
const ORGANISATION_FIELDS = [
  ["kraPin", "KRA PIN", 20],
  ["lpoNumber", "LPO number", 50],
  ["nitaLevyNumber", "NITA levy number", 30],
] as const;

/** How many participant rows the posted values hold (the highest index plus one). */
function rowsIn(values: Record<string, string> | undefined) {
  let rows = 0;
  for (const name of Object.keys(values ?? {})) {
    const index = /^participants\[(\d+)\]\./.exec(name)?.[1];
    if (index !== undefined) rows = Math.max(rows, Number(index) + 1);
  }
  return rows;
}

/**
 * Booking for several people: the organisation's KRA PIN and LPO number and one row per participant. It is
 * an addition to the spec's single-person form, folded away until opened. "Add another participant" adds a
 * row in the page, or without JavaScript posts the form back with one more row.
 */
export function GroupBookingFields({ form, rowsAsked }: { form: PublicFormState; rowsAsked?: number }) {
  const { field, values } = form;
  const posted = Math.max(rowsIn(values), rowsAsked ?? 0);
  const [rows, setRows] = useState(posted);
  const shown = Math.max(rows, posted);
  return (
    <details className="rounded-md border border-slate-200 bg-white p-4" open={shown > 0 || undefined}>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
        Booking for several people?
      </summary>
      <p className="mt-2 text-sm text-slate-700">
        List each participant: one booking reference covers the group. The contact person above receives the
        confirmation and the invoice. ID or passport numbers are needed for NITA training-levy claims.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {ORGANISATION_FIELDS.map(([name, label, maxLength]) => (
          <InputField
            key={name}
            {...field(name)}
            label={`${label} (optional)`}
            maxLength={maxLength}
            defaultValue={values?.[name]}
          />
        ))}
      </div>
      {Array.from({ length: shown }, (_, index) => {
        const name = (key: string) => `participants[${index}].${key}`;
        return (
          <fieldset
            key={name("row")}
            className="mt-4 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2"
          >
            <legend className="pt-4 text-sm font-semibold text-slate-800">Participant {index + 1}</legend>
            <InputField
              {...field(name("name"))}
              label="Full name"
              autoComplete="off"
              maxLength={LIMITS.name}
              defaultValue={values?.[name("name")]}
            />
            <InputField
              {...field(name("email"))}
              label="Email address"
              type="email"
              autoComplete="off"
              maxLength={LIMITS.email}
              defaultValue={values?.[name("email")]}
            />
            <InputField
              {...field(name("phone"))}
              label="Phone (optional)"
              type="tel"
              maxLength={LIMITS.phone}
              defaultValue={values?.[name("phone")]}
            />
            <InputField
              {...field(name("idNumber"))}
              label="ID or passport number (optional)"
              maxLength={30}
              defaultValue={values?.[name("idNumber")]}
            />
          </fieldset>
        );
      })}
      {shown < MAX_PARTICIPANT_ROWS ? (
        <button
          type="submit"
          name={ADD_PARTICIPANT_FIELD}
          value={shown + 1}
          formNoValidate
          onClick={(event) => {
            // with JavaScript the row is added in the page; without it the button posts the form back
            event.preventDefault();
            setRows(shown + 1);
          }}
          className="mt-4 inline-flex min-h-11 items-center rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          Add another participant
        </button>
      ) : null}
    </details>
  );
}
