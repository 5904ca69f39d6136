import { z } from "zod";
import { SETTING_DEFINITIONS, type SettingKey } from "#app/platform/settings/settings";

/** The settings editor's post: which setting, and its value as typed (long text settings included). */
export const SettingFormSchema = z.object({
  key: z.string().max(100),
  value: z.string().max(20_000).optional(),
});

export type SettingInput = { ok: true; value: unknown } | { ok: false; message: string };

function numberRule(schema: z.ZodType) {
  const number = schema instanceof z.ZodNumber ? schema : null;
  const min = number?.minValue ?? null;
  const max = number?.maxValue ?? null;
  return min !== null && max !== null && Number.isFinite(min) && Number.isFinite(max)
    ? `Enter a whole number from ${min} to ${max}`
    : "Enter a valid number";
}

/**
 * Turns a submitted editor value into the setting's value by the type of its default (spec §5: booleans
 * from the Enabled/Disabled switch; numbers, where anything that is not a number falls back to 1; strings
 * as typed; anything else as JSON text), then checks it against the setting's rule.
 */
export function parseSettingInput(key: SettingKey, raw: FormDataEntryValue | null): SettingInput {
  const definition = SETTING_DEFINITIONS[key];
  const typed = typeof raw === "string" ? raw.trim() : "";
  // a KRA PIN is the same PIN in small letters (KRA issues it in capitals)
  const text = key === "finance_kra_pin" ? typed.toUpperCase() : typed;
  let value: unknown;
  switch (typeof definition.defaultValue) {
    case "boolean":
      value = text === "true" || text === "on";
      break;
    case "number": {
      const n = text === "" ? Number.NaN : Number(text);
      value = Number.isNaN(n) ? 1 : n;
      break;
    }
    case "string":
      value = text;
      break;
    default:
      try {
        value = JSON.parse(text);
      } catch {
        return { ok: false, message: "Enter valid JSON" };
      }
  }
  const parsed = (definition.schema as z.ZodType).safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    message:
      typeof definition.defaultValue === "number"
        ? numberRule(definition.schema)
        : typeof definition.defaultValue === "string"
          ? (parsed.error.issues[0]?.message ?? "Invalid value")
          : "Invalid value",
  };
}
