import { CheckCircle2, Mail, MapPin, OctagonAlert, Phone } from "lucide-react";
import type { ReactNode } from "react";
import type { SiteContent } from "#app/db/seed/site-content";
import type { FormResult } from "#app/schemas/submission";
import { cn } from "#app/utils/cn";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 read-only:bg-slate-100 aria-[invalid=true]:border-clay-600";

type FieldProps = {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  className?: string;
  children?: ReactNode;
} & (
  | { as?: "input"; type?: string; autoComplete?: string; maxLength?: number; defaultValue?: string }
  | { as: "textarea"; rows: number; maxLength?: number; defaultValue?: string }
  | { as: "select"; value: string; onChange: (value: string) => void }
  | { as: "readonly"; value: string }
);

/** A labelled control with its error text; the error is tied to the control for screen readers. */
export function Field(props: FieldProps) {
  const { id, name, label, required, error, className } = props;
  const described = error ? `${id}-error` : undefined;
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    className: inputClass,
  };
  let control: ReactNode;
  if (props.as === "textarea") {
    control = (
      <textarea
        {...common}
        name={name}
        rows={props.rows}
        maxLength={props.maxLength}
        defaultValue={props.defaultValue}
      />
    );
  } else if (props.as === "select") {
    control = (
      <select
        {...common}
        name={name}
        required={required}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.children}
      </select>
    );
  } else if (props.as === "readonly") {
    control = <input {...common} readOnly value={props.value} />;
  } else {
    control = (
      <input
        {...common}
        name={name}
        type={props.type ?? "text"}
        required={required}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        defaultValue={props.defaultValue}
      />
    );
  }
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span aria-hidden className="text-clay-600">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {control}
      {error ? (
        <p id={described} className="mt-1 text-sm text-clay-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The idempotency key (also the fill timer) and the honeypot that simple bots fill in. */
export function FormGuards({ formKey }: { formKey: string }) {
  return (
    <>
      <input type="hidden" name="formKey" value={formKey} />
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
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
  if (!result) return null;
  const Icon = result.ok ? CheckCircle2 : OctagonAlert;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={cn(
        "flex gap-3 rounded-md border p-4 text-sm",
        result.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900",
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
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
          <Phone aria-hidden className="size-4 text-brand-600" />
          <a href={`tel:${contact.phone.replace(/\s/g, "")}`} className="text-brand-700 underline">
            {contact.phone}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Mail aria-hidden className="size-4 text-brand-600" />
          <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
            {contact.email}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <MapPin aria-hidden className="size-4 text-brand-600" />
          {contact.address}
        </li>
      </ul>
    </div>
  );
}
