import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { cn } from "#app/utils/cn";

export const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-600 read-only:bg-slate-50";

/**
 * How a field looks and whether its error is announced as an alert. The public forms keep their own look,
 * and their errors stay quiet because the form status is the one alert there.
 */
export type FieldLook = {
  field: string;
  label: string;
  control: string;
  error: string;
  announceErrors: boolean;
};

export const panelLook: FieldLook = {
  field: "space-y-1.5",
  label: "block text-sm font-medium text-slate-800",
  control: controlClass,
  error: "text-sm text-red-700",
  announceErrors: true,
};

type FieldShellProps = {
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  look?: FieldLook;
};

/**
 * The label, hint and error text around one control, wired through aria-describedby; `render` wraps the
 * control, which takes `controlProps` (the wiring, then the caller's own attributes).
 */
function useField<Attributes extends { id?: string; required?: boolean }>({
  label,
  errors,
  hint,
  className,
  look = panelLook,
  ...attributes
}: FieldShellProps & Attributes) {
  const generated = useId();
  const controlId = attributes.id ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const controlProps = {
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
    className: look.control,
    ...attributes,
    id: controlId,
  };
  const render = (control: ReactNode) => (
    <div className={cn(look.field, className) || undefined}>
      <label htmlFor={controlId} className={look.label}>
        {label}
        {attributes.required ? (
          <span aria-hidden className="text-clay-600">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className={look.error} role={look.announceErrors ? "alert" : undefined}>
          {errors?.join(" ")}
        </p>
      ) : null}
    </div>
  );
  return { controlProps, render };
}

export function InputField(props: FieldShellProps & InputHTMLAttributes<HTMLInputElement>) {
  const field = useField(props);
  return field.render(<input {...field.controlProps} />);
}

export function TextareaField(props: FieldShellProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const field = useField(props);
  return field.render(<textarea {...field.controlProps} />);
}

export function SelectField(props: FieldShellProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const field = useField(props);
  return field.render(<select {...field.controlProps} />);
}
