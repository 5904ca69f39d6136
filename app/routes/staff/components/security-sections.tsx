import { Fingerprint, KeyRound, LifeBuoy, Smartphone } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { Badge } from "#app/components/ui/badge";
import { Button, buttonClass } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { formatDateTime } from "#app/utils/datetime";
import { passkeyRegistration, usePasskeyCeremony } from "./passkey-client";

export type SecurityActionData = { intent: string; error?: string; message?: string; codes?: string[] };

type Props = {
  forced: boolean;
  passkeys: { id: string; name: string; createdAt: Date | string; lastUsedAt: Date | string | null }[];
  totp: boolean;
  pendingTotp: { secret: string; qr: string } | null;
  recoveryCodesLeft: number;
  redirectTo: string;
  lastResult?: SecurityActionData;
};

function Section({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      <div className="mt-3 space-y-4 text-sm text-slate-700">{children}</div>
    </section>
  );
}

function IntentButton({
  intent,
  label,
  variant = "outline",
  fields = {},
}: {
  intent: string;
  label: string;
  variant?: "outline" | "danger" | "primary";
  fields?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

function AddPasskey() {
  const [name, setName] = useState("");
  const { busy, problem, setProblem, run } = usePasskeyCeremony();
  const add = async () => {
    if (!name.trim()) return setProblem("Give the passkey a name");
    if (await run(passkeyRegistration, { intent: "passkey-add", name })) setName("");
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <InputField
          label="New passkey name"
          className="min-w-0 flex-1"
          value={name}
          maxLength={60}
          placeholder="e.g. Office laptop"
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="button" onClick={add} disabled={busy}>
          {busy ? "Waiting for the passkey..." : "Add a passkey"}
        </Button>
      </div>
      <FormAlert>{problem}</FormAlert>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-4" data-testid="recovery-codes">
      <p className="font-semibold text-amber-900">Your recovery codes (shown only now)</p>
      <p className="mt-1 text-amber-900">
        Keep them somewhere safe, away from your phone. Each signs you in once if you lose your passkey or
        app.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/** The sections of the Sign-in Security page; after each change the outcome shows above them. */
export function SecuritySections(props: Props) {
  const { lastResult: result } = props;
  const navigation = useNavigation();
  const confirming = navigation.state !== "idle" && navigation.formData?.get("intent") === "totp-confirm";
  const enrolled = props.totp || props.passkeys.length > 0;
  return (
    <div className="space-y-6">
      {props.forced ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This site requires a second factor for every administrator. Add a passkey or an authenticator app to
          go on.
        </p>
      ) : null}
      {result?.message ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {result.message}
        </p>
      ) : null}
      <FormAlert>{result?.error}</FormAlert>
      {result?.codes ? <RecoveryCodes codes={result.codes} /> : null}
      {enrolled && result?.codes ? (
        <Link to={props.redirectTo} className={buttonClass("primary")}>
          Continue
        </Link>
      ) : null}

      <Section
        id="passkeys-title"
        icon={<Fingerprint aria-hidden className="size-5 text-brand-700" />}
        title="Passkeys"
      >
        <p>
          A passkey lives on this computer, your phone or a security key. It can be your second factor, or
          your whole sign-in ("Sign in with a passkey" on the login page).
        </p>
        {props.passkeys.length === 0 ? <p>No passkeys yet.</p> : null}
        <ul className="divide-y divide-slate-100">
          {props.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-end gap-2 py-3" data-testid="passkey-row">
              <Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="passkey-rename" />
                <input type="hidden" name="passkeyId" value={passkey.id} />
                <InputField
                  label={`Name of passkey added ${formatDateTime(passkey.createdAt)}`}
                  name="name"
                  defaultValue={passkey.name}
                  maxLength={60}
                  className="min-w-0 flex-1"
                  hint={
                    passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : "Not used yet"
                  }
                />
                <Button type="submit" size="sm" variant="outline">
                  Rename
                </Button>
              </Form>
              <IntentButton
                intent="passkey-remove"
                label={`Remove ${passkey.name}`}
                variant="danger"
                fields={{ passkeyId: passkey.id }}
              />
            </li>
          ))}
        </ul>
        <AddPasskey />
      </Section>

      <Section
        id="totp-title"
        icon={<Smartphone aria-hidden className="size-5 text-brand-700" />}
        title="Authenticator app"
      >
        {props.totp ? (
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone="green">On</Badge>
            <IntentButton intent="totp-remove" label="Remove authenticator app" variant="danger" />
          </div>
        ) : props.pendingTotp ? (
          <div className="space-y-4">
            <p>Scan this code with your authenticator app, or type the key, then enter the code it shows.</p>
            <div
              className="size-48 max-w-full [&_svg]:h-full [&_svg]:w-full"
              role="img"
              aria-label="QR code for your authenticator app"
              // the SVG is made on our server from the secret (app/staff/second-factor/totp.server.ts)
              // biome-ignore lint/security/noDangerouslySetInnerHtml: our own generated SVG, no user input
              dangerouslySetInnerHTML={{ __html: props.pendingTotp.qr }}
            />
            <p>
              Key:{" "}
              <code className="break-all font-mono text-slate-900" data-testid="totp-secret">
                {props.pendingTotp.secret}
              </code>
            </p>
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="totp-confirm" />
              <InputField
                label="Code from the app"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                className="min-w-0 flex-1"
              />
              <Button type="submit" disabled={confirming}>
                {confirming ? "Checking..." : "Turn on"}
              </Button>
            </Form>
            <IntentButton intent="totp-remove" label="Cancel setup" />
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone="grey">Off</Badge>
            <IntentButton intent="totp-start" label="Set up an authenticator app" variant="primary" />
          </div>
        )}
      </Section>

      <Section
        id="recovery-title"
        icon={<LifeBuoy aria-hidden className="size-5 text-brand-700" />}
        title="Recovery codes"
      >
        <p>
          {props.recoveryCodesLeft === 1
            ? "1 recovery code left."
            : `${props.recoveryCodesLeft} recovery codes left.`}{" "}
          New codes replace all the old ones.
        </p>
        {enrolled ? <IntentButton intent="codes-regenerate" label="Make new recovery codes" /> : null}
      </Section>
      <p className="flex items-center gap-2 text-xs text-slate-500">
        <KeyRound aria-hidden className="size-4" />
        Your password is changed under My account.
      </p>
    </div>
  );
}
