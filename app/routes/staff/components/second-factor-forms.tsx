import { Fingerprint } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { passkeyAssertion, usePasskeyCeremony } from "./passkey-client";

/**
 * Runs a passkey ceremony with options from `optionsUrl`, then posts `fields` and the answer (`credential`)
 * to the page's own action, which checks it.
 */
export function PasskeyButton({
  label,
  optionsUrl,
  optionsFields,
  fields,
}: {
  label: string;
  optionsUrl: string;
  optionsFields?: Record<string, string>;
  fields: Record<string, string>;
}) {
  const navigation = useNavigation();
  const { busy, problem, run } = usePasskeyCeremony();
  const start = () => run(() => passkeyAssertion(optionsUrl, optionsFields), fields);
  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={start}
        disabled={busy || navigation.state !== "idle"}
      >
        <Fingerprint aria-hidden className="size-4" />
        {busy ? "Waiting for the passkey..." : label}
      </Button>
      <FormAlert>{problem}</FormAlert>
    </div>
  );
}

type FactorChoices = { totp: boolean; passkeys: number; recoveryCodes: number };

function CodeForm({
  method,
  label,
  submitLabel,
  redirectTo,
  numeric,
}: {
  method: string;
  label: string;
  submitLabel: string;
  redirectTo: string;
  numeric?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("method") === method;
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="method" value={method} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <InputField
        label={label}
        name="code"
        required
        autoComplete={numeric ? "one-time-code" : method === "password" ? "current-password" : "off"}
        inputMode={numeric ? "numeric" : undefined}
        type={method === "password" ? "password" : "text"}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Checking..." : submitLabel}
      </Button>
    </Form>
  );
}

/**
 * The ways this admin can prove who they are: an authenticator-app code, a passkey, a recovery code, and (for
 * a step-up of an admin without a second factor) the password. Shared by sign-in and step-up.
 */
export function SecondFactorForms({
  choices,
  allowPassword,
  passkeyOptions,
  redirectTo,
  error,
}: {
  choices: FactorChoices;
  allowPassword: boolean;
  passkeyOptions: { url: string; fields?: Record<string, string> };
  redirectTo: string;
  error?: string | null;
}) {
  return (
    <div className="space-y-6">
      <FormAlert>{error}</FormAlert>
      {choices.passkeys > 0 ? (
        <PasskeyButton
          label="Use a passkey"
          optionsUrl={passkeyOptions.url}
          optionsFields={passkeyOptions.fields}
          fields={{ method: "passkey", redirectTo }}
        />
      ) : null}
      {choices.totp ? (
        <CodeForm
          method="totp"
          label="Code from your authenticator app"
          submitLabel="Verify code"
          redirectTo={redirectTo}
          numeric
        />
      ) : null}
      {choices.totp || choices.passkeys > 0 ? (
        <details className="rounded-md border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            Use a recovery code instead
          </summary>
          <div className="mt-3">
            <CodeForm
              method="recovery"
              label="Recovery code"
              submitLabel="Use recovery code"
              redirectTo={redirectTo}
            />
          </div>
        </details>
      ) : null}
      {allowPassword ? (
        <CodeForm method="password" label="Password" submitLabel="Confirm" redirectTo={redirectTo} />
      ) : null}
    </div>
  );
}
