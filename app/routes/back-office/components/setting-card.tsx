import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";
import { cn } from "#app/utils/cn";

const LONG_TEXT = 50;

export type SettingRow = { key: string; value: unknown; description: string | null };

// the number settings' ranges (their schemas in #app/platform/settings/settings say the same; zod stays out of this bundle)
const NUMBER_BOUNDS: Record<string, { min: number; max: number }> = {
  max_admin_accounts: { min: 1, max: 5 },
  seats_left_threshold: { min: 0, max: 100 },
  certificate_threshold: { min: 1, max: 100 },
  decision_buffer_days: { min: 0, max: 30 },
  financial_records_retention_years: { min: 5, max: 10 },
};

/** Spec §5 editors: a switch for booleans, a bounded number input for numbers, text or JSON text otherwise. */
function Editor({ setting, id, describedBy }: { setting: SettingRow; id: string; describedBy?: string }) {
  const common = { id, name: "value", "aria-describedby": describedBy, className: controlClass };
  if (typeof setting.value === "boolean") {
    // a real, uncontrolled checkbox: it changes only here until Save Changes, it submits without JavaScript,
    // and a tap made before hydration stays (hydration keeps an uncontrolled box's state); the track and the
    // words follow the box itself through peer-checked
    return (
      <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-3">
        <input
          id={id}
          type="checkbox"
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox tells its own checked state; a fixed aria-checked would be wrong after a tap
          role="switch"
          name="value"
          value="true"
          defaultChecked={setting.value}
          aria-describedby={describedBy}
          className="peer sr-only"
        />
        <span
          aria-hidden
          className="relative h-6 w-11 rounded-full bg-slate-300 transition-colors after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-brand-700 peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2"
        />
        <span className="text-sm font-medium text-slate-800 peer-checked:hidden">Disabled</span>
        <span className="hidden text-sm font-medium text-slate-800 peer-checked:inline">Enabled</span>
      </label>
    );
  }
  if (setting.key in NUMBER_BOUNDS || typeof setting.value === "number") {
    const bounds = NUMBER_BOUNDS[setting.key] ?? {};
    return <input {...common} type="number" step={1} {...bounds} defaultValue={String(setting.value)} />;
  }
  if (typeof setting.value === "string") {
    return setting.value.length > LONG_TEXT ? (
      <textarea {...common} rows={4} defaultValue={setting.value} />
    ) : (
      <input {...common} type="text" defaultValue={setting.value} />
    );
  }
  return (
    <textarea
      {...common}
      rows={4}
      className={cn(controlClass, "font-mono")}
      defaultValue={JSON.stringify(setting.value, null, 2)}
    />
  );
}

export function SettingCard({
  setting,
  error,
  title,
  Heading = "h2",
}: {
  setting: SettingRow;
  error?: string | null;
  /** what a person calls it; the key's words otherwise */
  title?: string;
  /** h3 inside a section of its own */
  Heading?: "h2" | "h3";
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("key") === setting.key;
  const id = `setting-${setting.key}`;
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={id}>
      <Form method="post" className="flex h-full flex-col gap-3" aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} className={cn("font-semibold text-slate-900", !title && "capitalize")}>
          {title ?? setting.key.replaceAll("_", " ")}
        </Heading>
        {setting.description ? (
          <p id={`${id}-description`} className="text-sm text-slate-600">
            {setting.description}
          </p>
        ) : null}
        <input type="hidden" name="key" value={setting.key} />
        <div>
          {typeof setting.value === "boolean" ? null : (
            <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
              Value
            </label>
          )}
          <Editor
            setting={setting}
            id={id}
            describedBy={setting.description ? `${id}-description` : undefined}
          />
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-auto pt-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </Form>
    </li>
  );
}
