import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { formatDateTime } from "#app/utils/datetime";
import { type SectionProps, SettingCards, SettingsSection } from "./settings-section";

const TITLES = {
  mpesa_callback_secret: "Callback secret",
  mpesa_transaction_limit: "Most in one M-PESA payment (KES)",
};
/** The Daraja app's secrets: typed, never shown back. */
const SECRETS = [
  ["consumerKey", "Consumer key"],
  ["consumerSecret", "Consumer secret"],
  ["passkey", "Passkey"],
] as const;

export type MpesaSettings = {
  /** the callback URLs to register with Safaricom, once the secret is set */
  callbackUrls: { label: string; url: string }[];
  /** M-PESA Express as stored: never its secrets */
  stk: {
    environment: string;
    shortcode: string;
    updatedBy: string;
    updatedAt: string;
    opens: boolean;
  } | null;
  /** the last save of the credentials, refused: why, field by field */
  stkErrors: Record<string, string[]> | null;
  /** what the confirmation URL answered the test confirmation just sent */
  test: { ok: boolean; message: string } | null;
};

/** M-PESA: the C2B callbacks (their secret and URLs) and M-PESA Express (STK Push). */
export function MpesaSection({ mpesa, ...props }: SectionProps & { mpesa: MpesaSettings }) {
  const navigation = useNavigation();
  const submitting = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const saving = submitting("daraja");
  const { stk, stkErrors, test } = mpesa;
  return (
    <SettingsSection
      id="mpesa-settings"
      title="M-PESA"
      description="The paybill itself is in the payment details below. Safaricom posts each payment to the callback URLs; M-PESA Express sends a payment prompt to the client's phone from their booking page."
    >
      <SettingCards {...props} titles={TITLES} />
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="font-semibold text-slate-900">Callback URLs to register with Safaricom</h3>
        {mpesa.callbackUrls.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Set the callback secret first: the URLs contain it.</p>
        ) : (
          <div className="mt-3 space-y-3">
            {mpesa.callbackUrls.map(({ label, url }) => (
              <InputField
                key={label}
                label={label}
                readOnly
                value={url}
                onFocus={(e) => e.currentTarget.select()}
              />
            ))}
            <Form method="post" className="space-y-2" aria-labelledby="mpesa-test-title">
              <input type="hidden" name="intent" value="mpesa-test" />
              <p id="mpesa-test-title" className="text-sm text-slate-600">
                Try the confirmation URL: a confirmation shaped as Safaricom's goes to it over the internet.
                It is answered and recorded nowhere: no money enters the books.
              </p>
              <Button type="submit" variant="outline" disabled={submitting("mpesa-test")}>
                {submitting("mpesa-test") ? "Sending..." : "Send a test confirmation"}
              </Button>
              {test ? (
                <p
                  role="status"
                  data-testid="mpesa-test-result"
                  className={test.ok ? "text-sm text-green-800" : "text-sm text-red-700"}
                >
                  {test.message}
                </p>
              ) : null}
            </Form>
          </div>
        )}
      </div>
      <Form
        method="post"
        aria-labelledby="stk-credentials-title"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <input type="hidden" name="intent" value="daraja" />
        <h3 id="stk-credentials-title" className="font-semibold text-slate-900">
          M-PESA Express (STK Push)
        </h3>
        <p className="text-sm text-slate-600" data-testid="stk-credentials-state">
          {stk
            ? `${stk.opens ? "Set" : "Stored, but this server cannot open them: enter the secrets again"}: ${stk.environment}, shortcode ${stk.shortcode}, by ${stk.updatedBy} on ${formatDateTime(stk.updatedAt)}. The secrets are never shown; leave them empty to keep them.`
            : "Not set: clients pay by paybill only. The values come from your app on the Daraja portal (see docs/integrations.md)."}
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            name="environment"
            label="Environment"
            defaultValue={stk?.environment ?? "sandbox"}
            errors={stkErrors?.environment}
          >
            <option value="sandbox">Sandbox (trials, no real money)</option>
            <option value="production">Production</option>
          </SelectField>
          <InputField
            name="shortcode"
            label="Shortcode"
            inputMode="numeric"
            required
            maxLength={7}
            defaultValue={stk?.shortcode ?? ""}
            errors={stkErrors?.shortcode}
          />
          {SECRETS.map(([name, label]) => (
            <InputField
              key={name}
              name={name}
              label={label}
              type="password"
              autoComplete="off"
              maxLength={200}
              required={!stk}
              errors={stkErrors?.[name]}
            />
          ))}
        </div>
        <p className="text-xs text-slate-500">
          Changing them asks you to confirm your sign-in if it is not recent.
        </p>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save M-PESA Express credentials"}
        </Button>
      </Form>
    </SettingsSection>
  );
}
