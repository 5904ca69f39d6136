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

type FieldShellProps = {
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
};

/** A labelled control with its error text wired up through aria-describedby. */
function FieldShell({
  id,
  label,
  errors,
  hint,
  required,
  className,
  children,
}: FieldShellProps & {
  id: string;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span aria-hidden className="text-clay-600">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children(describedBy, invalid)}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {errors?.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function InputField({
  label,
  errors,
  hint,
  className,
  id,
  ...props
}: FieldShellProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell
      id={inputId}
      label={label}
      errors={errors}
      hint={hint}
      required={props.required}
      className={className}
    >
      {(describedBy, invalid) => (
        <input
          id={inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={controlClass}
          {...props}
        />
      )}
    </FieldShell>
  );
}

export function TextareaField({
  label,
  errors,
  hint,
  className,
  id,
  ...props
}: FieldShellProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell
      id={inputId}
      label={label}
      errors={errors}
      hint={hint}
      required={props.required}
      className={className}
    >
      {(describedBy, invalid) => (
        <textarea
          id={inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={controlClass}
          {...props}
        />
      )}
    </FieldShell>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  className,
  id,
  children,
  ...props
}: FieldShellProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell
      id={inputId}
      label={label}
      errors={errors}
      hint={hint}
      required={props.required}
      className={className}
    >
      {(describedBy, invalid) => (
        <select
          id={inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={controlClass}
          {...props}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}
