import { Form } from "react-router";
import { SaveButton } from "#app/components/admin/save-button";
import { controlClass } from "#app/components/ui/field";
import { cn } from "#app/utils/cn";

export type SettingField = {
  key: string;
  value: unknown;
  title: string;
  help: string;
  /** the number's range, for the browser's own check (the server checks it again) */
  bounds?: { min: number; max: number } | null;
};

const LONG_TEXT = 50;

/** One setting's control: a switch for yes/no, a bounded number, text otherwise; named by the setting's key. */
function Control({ field, id, describedBy }: { field: SettingField; id: string; describedBy: string }) {
  const common = { id, name: field.key, "aria-describedby": describedBy, className: controlClass };
  if (typeof field.value === "boolean") {
    // a real, uncontrolled checkbox: it changes only here until Save, submits without JavaScript, and the
    // track and the words follow the box itself through peer-checked
    return (
      <label htmlFor={id} className="inline-flex min-h-11 cursor-pointer items-center gap-3">
        <input
          id={id}
          type="checkbox"
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox tells its own checked state
          role="switch"
          name={field.key}
          value="true"
          defaultChecked={field.value}
          aria-describedby={describedBy}
          className="peer sr-only"
        />
        <span
          aria-hidden
          className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-brand-700 peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2"
        />
        <span className="font-medium text-slate-900">{field.title}</span>
        <span className="text-sm text-slate-600 peer-checked:hidden">Off</span>
        <span className="hidden text-sm text-slate-600 peer-checked:inline">On</span>
      </label>
    );
  }
  if (typeof field.value === "number") {
    return (
      <input
        {...common}
        type="number"
        inputMode="numeric"
        step={1}
        {...(field.bounds ?? {})}
        defaultValue={String(field.value)}
      />
    );
  }
  const text = typeof field.value === "string" ? field.value : JSON.stringify(field.value);
  return text.length > LONG_TEXT ? (
    <textarea {...common} rows={3} defaultValue={text} />
  ) : (
    <input {...common} type="text" autoComplete="off" defaultValue={text} />
  );
}

/**
 * A settings section's own form: each of its settings under the name a person calls it, with a line of help,
 * and one Save for all of them (the server saves all or none).
 */
export function SectionForm({
  section,
  title,
  fields,
  errors,
}: {
  section: string;
  title: string;
  fields: SettingField[];
  /** the last save, refused: why, setting by setting */
  errors: Record<string, string> | null;
}) {
  if (fields.length === 0) return null;
  return (
    <Form
      method="post"
      aria-label={`${title} settings`}
      className="max-w-3xl space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <input type="hidden" name="intent" value="section" />
      <input type="hidden" name="section" value={section} />
      {fields.map((field) => {
        const id = `setting-${field.key}`;
        const error = errors?.[field.key];
        const describedBy = cn(`${id}-help`, error && `${id}-error`);
        return (
          <div key={field.key} id={`${id}-field`} data-testid={id} className="scroll-mt-6 space-y-1.5">
            {typeof field.value === "boolean" ? null : (
              <label htmlFor={id} className="block font-medium text-slate-900">
                {field.title}
              </label>
            )}
            <Control field={field} id={id} describedBy={describedBy} />
            <p id={`${id}-help`} className="text-sm text-slate-600">
              {field.help}
            </p>
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <SaveButton isMine={(form) => form.get("intent") === "section"}>Save {title.toLowerCase()}</SaveButton>
    </Form>
  );
}
