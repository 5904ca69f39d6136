import { useState } from "react";
import { useFetcher } from "react-router";
import { InputField } from "#app/components/ui/field";
import { ADD_PARTICIPANT_FIELD, LIMITS, MAX_PARTICIPANT_ROWS } from "#app/site/index";
import type { CodeTerms, PublicDiscounts } from "#app/utils/discounts";
import { BookingTotal } from "./booking-total";
import { SmsConsentField } from "./sms-consent-field";
import type { PublicFormState } from "./use-public-form";

/** What the organisation's accounts need, printed on the invoice: asked at the top, side by side. */
const ORGANISATION_FIELDS = [
  ["organization", "Organization", LIMITS.organization],
  ["kraPin", "KRA PIN (optional)", 20],
  ["lpoNumber", "LPO number (optional)", 50],
] as const;

/** An organisation's name, KRA PIN and LPO number side by side, at the top of the booking form. */
export function OrganisationFields({ form }: { form: PublicFormState }) {
  const { field, values } = form;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-slate-800">
        For an organisation (on the invoice)
      </legend>
      {ORGANISATION_FIELDS.map(([name, label, maxLength]) => (
        <InputField
          key={name}
          {...field(name)}
          label={label}
          maxLength={maxLength}
          defaultValue={values?.[name]}
        />
      ))}
    </fieldset>
  );
}

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
 * Booking for several people: one row per participant, the contact person among them by "I am attending too",
 * and the NITA levy number for the training-levy claim. It is an addition to the spec's single-person form,
 * folded away until opened. "Add another participant" adds a row in the page, or without JavaScript posts the
 * form back with one more row; either way the total below counts it.
 */
export function GroupBookingFields({
  form,
  rowsAsked,
  unitPrice,
  vatNote,
  discounts,
  choice,
}: {
  form: PublicFormState;
  rowsAsked?: number;
  /** the chosen course's fee in KES; undefined while no course is chosen */
  unitPrice: number | null | undefined;
  vatNote: string;
  /** the early-bird and group rules of the chosen course and date (decision 0750) */
  discounts?: PublicDiscounts | null;
  /** the chosen course and date, which a code is checked against */
  choice?: { slug: string; runId: string | null } | null;
}) {
  const { field, values } = form;
  const posted = Math.max(rowsIn(values), rowsAsked ?? 0);
  const [rows, setRows] = useState(posted);
  const [attending, setAttending] = useState(values?.contactAttends === "on");
  const [code, setCode] = useState<CodeTerms | null>(null);
  const shown = Math.max(rows, posted);
  // as the server counts them: the rows, with the contact when attending; no rows is the contact alone
  const participants = shown === 0 ? 1 : shown + (attending ? 1 : 0);
  return (
    <>
      <details className="rounded-md border border-slate-200 bg-white p-4" open={shown > 0 || undefined}>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
          Booking for several people?
        </summary>
        <p className="mt-2 text-sm text-slate-700">
          One reference covers the group; the contact above gets the invoice. NITA levy claims need ID
          numbers.
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <InputField
            {...field("nitaLevyNumber")}
            label="NITA levy number (optional)"
            maxLength={30}
            defaultValue={values?.nitaLevyNumber}
          />
          {shown > 0 ? (
            <label className="flex min-h-11 items-center gap-3 self-end text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                name="contactAttends"
                defaultChecked={attending}
                onChange={(event) => setAttending(event.target.checked)}
                className="size-5 accent-brand-700"
              />
              I am attending too
            </label>
          ) : null}
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
              <SmsConsentField
                name={name("smsConsent")}
                checked={values?.[name("smsConsent")] === "on"}
                error={field(name("smsConsent")).errors?.[0]}
                label="They agreed to SMS about this booking at this phone"
              />
              <SmsConsentField
                name={name("whatsappConsent")}
                checked={values?.[name("whatsappConsent")] === "on"}
                error={field(name("whatsappConsent")).errors?.[0]}
                label="They agreed to WhatsApp messages about this booking at this phone"
                channel="whatsapp"
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
      <DiscountCodeField form={form} choice={choice} participants={participants} onCode={setCode} />
      {unitPrice !== undefined ? (
        <BookingTotal
          participants={participants}
          unitPrice={unitPrice}
          vatNote={vatNote}
          discounts={discounts}
          code={code}
        />
      ) : null}
    </>
  );
}

type CodeAnswer = { ok: true; code: CodeTerms } | { ok: false; message: string };

/**
 * A discount code: posted with the booking, which checks it; with JavaScript "Apply" asks the server for its
 * terms first, so the total above the button shows what it takes off (or why it cannot be used).
 */
function DiscountCodeField({
  form,
  choice,
  participants,
  onCode,
}: {
  form: PublicFormState;
  choice?: { slug: string; runId: string | null } | null;
  participants: number;
  onCode: (code: CodeTerms | null) => void;
}) {
  const fetcher = useFetcher<CodeAnswer>();
  const [typed, setTyped] = useState(form.values?.discountCode ?? "");
  const [answered, setAnswered] = useState<CodeAnswer | undefined>(undefined);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    onCode(fetcher.data?.ok ? fetcher.data.code : null);
  }
  const apply = () => {
    const query = new URLSearchParams({
      code: typed,
      course: choice?.slug ?? "",
      run: choice?.runId ?? "",
      participants: String(participants),
    });
    fetcher.load(`/api/discount-code?${query}`);
  };
  const field = form.field("discountCode");
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <InputField
        {...field}
        label="Discount code (optional)"
        maxLength={30}
        autoComplete="off"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          onCode(null);
        }}
        errors={refused ? [refused] : field.errors}
        className="min-w-0 flex-1"
      />
      <button
        type="button"
        onClick={apply}
        disabled={!typed.trim() || !choice || fetcher.state !== "idle"}
        className="inline-flex min-h-11 items-center rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-50"
      >
        Apply code
      </button>
      {fetcher.data?.ok ? (
        <p className="w-full text-sm text-green-800" role="status" data-testid="code-applied">
          Code {fetcher.data.code.code} applied: the total below takes it off.
        </p>
      ) : null}
    </div>
  );
}
