import type { ReactNode } from "react";
import { Icon } from "#app/components/icons/icon";
import { InputField } from "#app/components/ui/field";
import type { FormResult, SiteContent } from "#app/site/index";
import { LIMITS } from "#app/site/index";
import { cn } from "#app/utils/cn";
import type { PublicFormState } from "./use-public-form";

/** The public forms' own field look; the wiring (ids, aria, errors) is the shared ui field's. */
/** Who is writing: the fields the contact and registration forms both ask for, in the same order. */
export function PersonFields({
  form,
  phone = true,
  organization = true,
}: {
  form: PublicFormState;
  phone?: boolean;
  organization?: boolean;
}) {
  const { field, values } = form;
  return (
    <>
      <InputField
        {...field("name")}
        label="Full Name"
        type="text"
        required
        autoComplete="name"
        maxLength={LIMITS.name}
        defaultValue={values?.name}
      />
      <InputField
        {...field("email")}
        label="Email Address"
        type="email"
        required
        autoComplete="email"
        maxLength={LIMITS.email}
        defaultValue={values?.email}
      />
      {phone ? (
        <InputField
          {...field("phone")}
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          maxLength={LIMITS.phone}
          defaultValue={values?.phone}
        />
      ) : null}
      {organization ? (
        <InputField
          {...field("organization")}
          label="Organization"
          type="text"
          autoComplete="organization"
          maxLength={LIMITS.organization}
          defaultValue={values?.organization}
        />
      ) : null}
    </>
  );
}

/**
 * Consent to SMS, or to WhatsApp (decision 0772), at the phone number beside it (decision 0767): unticked unless
 * the person ticked it, and saying what comes (the booking's reminders and notices, never marketing) and how to
 * stop.
 */
export function SmsConsentField({
  name,
  checked,
  error,
  label,
  channel = "sms",
}: {
  name: string;
  checked: boolean;
  error: string | undefined;
  label: string;
  channel?: "sms" | "whatsapp";
}) {
  const hint = `${name}-hint`;
  return (
    <div className="sm:col-span-2">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          name={name}
          defaultChecked={checked}
          aria-describedby={hint}
          aria-invalid={error ? true : undefined}
          className="size-5 shrink-0 accent-brand-700"
        />
        {label}
      </label>
      <p id={hint} className="text-sm text-slate-600">
        {channel === "whatsapp"
          ? "The same notices on WhatsApp, never marketing. Send STOP on WhatsApp to end them."
          : "Reminders, payments and certificates only, never marketing. Reply STOP to end them."}
      </p>
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}

/**
 * The link to the privacy notice (issue 32) above the submit button of every form that collects personal data;
 * the notice itself says what each form collects and why. Kept to one short line: /register is at the edge of
 * its JavaScript budget (tests/e2e/js-budget.spec.ts).
 */
export function PrivacyNote() {
  return (
    <p className="text-sm text-slate-600">
      <a href="/privacy" className="underline">
        Privacy notice
      </a>
      : how we use these details.
    </p>
  );
}

/** The frame of a public form: its guards, then the fields, the in-page answer and the submit button. */
export function PublicForm({
  form,
  action,
  label,
  submitLabel,
  busyLabel,
  children,
}: {
  form: PublicFormState;
  action: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const { fetcher, formRef, formKey, confirmToken, result, busy } = form;
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      className="relative space-y-4"
      aria-label={label}
      noValidate
    >
      <FormGuards formKey={formKey} confirmToken={confirmToken} />
      {children}
      <PrivacyNote />
      <FormStatus result={result} />
      <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} />
    </fetcher.Form>
  );
}

/** The idempotency key (also the fill timer) and the honeypot that simple bots fill in. */
function FormGuards({ formKey, confirmToken }: { formKey: string; confirmToken?: string }) {
  return (
    <>
      <input type="hidden" name="formKey" value={formKey} />
      {confirmToken ? <input type="hidden" name="confirm" value={confirmToken} /> : null}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** The answer to the last submission, shown in the page (the only feedback without JavaScript). */
export function FormStatus({ result }: { result?: FormResult }) {
  // a form re-rendered with one more participant row has nothing to report
  if (!result || result.participantRows !== undefined) return null;
  const icon = result.ok ? "circle-check" : result.confirm ? "info" : "octagon-exclamation-point";
  return (
    <div
      role={result.ok || result.confirm ? "status" : "alert"}
      className={cn(
        "flex gap-3 rounded-md border p-4 text-sm",
        result.ok
          ? "border-green-200 bg-green-50 text-green-900"
          : result.confirm
            ? "border-accent-400 bg-cream text-brand-900"
            : "border-red-200 bg-red-50 text-red-900",
      )}
    >
      <Icon name={icon} className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong>{result.title}</strong> {result.message}
        {result.reference ? (
          <>
            {" "}
            Your reference number is <strong data-testid="registration-reference">{result.reference}</strong>.
          </>
        ) : null}
      </p>
    </div>
  );
}

/** Shown instead of a form that the administrator has switched off. */
export function ClosedNotice({
  title,
  children,
  contact,
}: {
  title: string;
  children: ReactNode;
  contact: SiteContent["contact"];
}) {
  return (
    <div role="status" className="rounded-lg border border-accent-400 bg-cream p-6">
      <p className="font-semibold text-brand-900">{title}</p>
      <p className="mt-2 text-sm text-slate-700">{children}</p>
      <ul className="mt-4 space-y-2 text-sm">
        <li className="flex items-center gap-2">
          <Icon name="phone" className="size-4 text-brand-600" />
          <a href={`tel:${contact.phone.replace(/\s/g, "")}`} className="text-brand-700 underline">
            {contact.phone}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Icon name="mail" className="size-4 text-brand-600" />
          <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
            {contact.email}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Icon name="map-pin" className="size-4 text-brand-600" />
          {contact.address}
        </li>
      </ul>
    </div>
  );
}
