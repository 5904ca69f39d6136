import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import type { PROMPT_PROVIDERS } from "#app/money/index";
import { formatMinor, type MinorCurrency, minorToInput } from "#app/utils/minor-units";

const POLL_MS = 3_000;

export type MobileMoneyPanelOptions = {
  office: string;
  currency: MinorCurrency;
  phoneExample: string;
  ways: { provider: (typeof PROMPT_PROVIDERS)[number]; label: string }[];
  prompt: { state: string; open: boolean; amount: string; message: string } | null;
};

/**
 * "Pay with MTN MoMo" / "Pay with Airtel Money" for a run sold by an office that takes them: the payer's number
 * and the amount in the run's currency, one button per way, then the prompt's state (followed by itself while
 * it is open, or by "Check again" without JavaScript).
 */
export function MobileMoneyPayPanel({
  options,
  dueMinor,
  phone,
  answer,
}: {
  options: MobileMoneyPanelOptions;
  dueMinor: number;
  phone: string;
  answer: { ok: boolean; message: string; fieldErrors?: Record<string, string[]> } | null;
}) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const { prompt, currency } = options;
  const open = prompt?.open ?? false;
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [open, revalidator]);
  const busy = navigation.state !== "idle";
  return (
    <div className="space-y-6">
      {prompt ? (
        <div
          role="status"
          aria-live="polite"
          data-testid="mobile-money-state"
          className={
            prompt.state === "paid"
              ? "rounded-md border border-green-200 bg-green-50 p-4 text-green-900"
              : prompt.state === "failed" || prompt.state === "unknown"
                ? "rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900"
                : "rounded-md border border-brand-200 bg-brand-50 p-4 text-brand-900"
          }
        >
          <p className="font-semibold">{prompt.message}</p>
          <p className="mt-1 text-sm">{prompt.amount}</p>
          {open ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="check" />
              <Button type="submit" variant="outline" disabled={busy}>
                Check again
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {answer && !answer.ok && !answer.fieldErrors ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {answer.message}
        </p>
      ) : null}
      {open || dueMinor <= 0 ? null : (
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="mobile-money" />
          <InputField
            name="phone"
            label="Mobile-money phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={30}
            defaultValue={phone}
            hint={`The prompt goes to this phone: ${options.phoneExample}.`}
            errors={answer?.fieldErrors?.phone}
          />
          <InputField
            name="amount"
            label={`Amount (${currency})`}
            inputMode="numeric"
            required
            maxLength={20}
            defaultValue={minorToInput(dueMinor, currency)}
            hint={`The balance is ${formatMinor(dueMinor, currency)}; you may pay part of it.`}
            errors={answer?.fieldErrors?.amount}
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            {options.ways.map((way) => (
              <Button
                key={way.provider}
                type="submit"
                name="provider"
                value={way.provider}
                size="lg"
                disabled={busy}
              >
                Pay with {way.provider === "mtn_momo" ? "MTN MoMo" : way.label}
              </Button>
            ))}
          </div>
        </Form>
      )}
    </div>
  );
}
