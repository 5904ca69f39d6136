import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { formatDateTime } from "#app/utils/datetime";
import { SettingsSection } from "./settings-section";

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
export function MpesaSection({ mpesa }: { mpesa: MpesaSettings }) {
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
      <div
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        data-testid="mpesa-callbacks"
      >
        <h3 className="font-semibold text-slate-900">Callback URLs to register with Safaricom</h3>
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="generate-callback-secret" />
          <p className="text-sm text-slate-600">
            {mpesa.callbackUrls.length === 0
              ? "Callbacks are off. Generate a secret: the server makes it and the URLs below then contain it."
              : "The URLs contain a secret only this server and Safaricom know. Generating a new one stops the old URLs at once: register the new ones with Safaricom straight after."}
          </p>
          <Button type="submit" variant="outline" disabled={submitting("generate-callback-secret")}>
            {submitting("generate-callback-secret")
              ? "Generating..."
              : mpesa.callbackUrls.length === 0
                ? "Generate callback secret"
                : "Generate a new callback secret"}
          </Button>
        </Form>
        {mpesa.callbackUrls.length === 0 ? null : (
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
