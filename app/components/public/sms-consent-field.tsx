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
