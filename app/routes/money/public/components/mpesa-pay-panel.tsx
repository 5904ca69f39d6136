import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { promptPlanText, type StkPushState } from "#app/money/index";
import { formatKes } from "#app/utils/cents";

/** How often an open prompt's state is read again while the page is open (with JavaScript). */
const POLL_MS = 3_000;

export type PayPanelPush = {
  state: StkPushState;
  open: boolean;
  message: string;
  phone: string;
  amountCents: number;
};

/**
 * "Pay with M-PESA": the phone and amount, then the prompt's state. With JavaScript the state follows by
 * itself while the prompt is open; without, "Check again" asks for it.
 */
export function MpesaPayPanel({
  phone,
  dueCents,
  prompts,
  limitShillings,
  push,
  answer,
}: {
  phone: string;
  dueCents: number;
  /** the balance as M-PESA can take it: parts of at most `limitShillings` each */
  prompts: number[];
  limitShillings: number;
  push: PayPanelPush | null;
  answer: { ok: boolean; message: string; fieldErrors?: Record<string, string[]> } | null;
}) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const open = push?.open ?? false;
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [open, revalidator]);
  const busy = navigation.state !== "idle";
  const firstPrompt = String(prompts[0] ?? Math.ceil(dueCents / 100));
  const plan = promptPlanText(prompts);
  return (
    <div className="space-y-6">
      {push ? (
        <div
          role="status"
          aria-live="polite"
          data-testid="stk-state"
          className={
            push.state === "paid"
              ? "rounded-md border border-green-200 bg-green-50 p-4 text-green-900"
              : push.state === "failed" || push.state === "unknown"
                ? "rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900"
                : "rounded-md border border-brand-200 bg-brand-50 p-4 text-brand-900"
          }
        >
          <p className="font-semibold">{push.message}</p>
          <p className="mt-1 text-sm">
            {formatKes(push.amountCents)} to {push.phone}
          </p>
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
      {open || dueCents <= 0 ? null : (
        <Form method="post" className="space-y-4" noValidate>
          {plan ? (
            <p
              className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900"
              data-testid="prompt-plan"
            >
              M-PESA carries at most {formatKes(limitShillings * 100)} in one payment, so this balance takes{" "}
              {prompts.length} prompts: <strong>{plan}</strong>. Or pay it in one bank transfer.
            </p>
          ) : null}
          <input type="hidden" name="intent" value="pay" />
          <InputField
            name="phone"
            label="M-PESA phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={30}
            defaultValue={phone}
            hint="The prompt goes to this phone: 0712 345 678 or +254 712 345 678."
            errors={answer?.fieldErrors?.phone}
          />
          <InputField
            name="amount"
            label="Amount (KES)"
            inputMode="numeric"
            required
            maxLength={20}
            defaultValue={firstPrompt}
            hint={`The balance is ${formatKes(dueCents)}; you may pay part of it, at most ${formatKes(limitShillings * 100)} at a time.`}
            errors={answer?.fieldErrors?.amount}
          />
          <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
            Pay with M-PESA
          </Button>
        </Form>
      )}
    </div>
  );
}
