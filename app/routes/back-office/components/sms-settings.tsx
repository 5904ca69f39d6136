import { Form, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { formatDateTime } from "#app/utils/datetime";

export type SmsSettingsState = {
  /** the account as stored: never its key */
  account: {
    environment: string;
    username: string;
    senderId: string | null;
    updatedBy: string;
    updatedAt: string;
    opens: boolean;
  } | null;
  /** the notification addresses to register with Africa's Talking, once the account is set */
  callbackUrls: { label: string; url: string }[];
  /** the last save, refused: why, field by field */
  errors: Record<string, string[]> | null;
};

/**
 * SMS through Africa's Talking (decision 0766): the app's username, sender ID and API key (sealed, never shown
 * back), and the addresses its dashboard posts delivery reports, replies and opt-outs to.
 */
export function SmsSettings({ sms }: { sms: SmsSettingsState }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "sms";
  const { account, errors } = sms;
  return (
    <section
      aria-labelledby="sms-heading"
      id="sms-settings"
      className="max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sms-heading" className="text-base font-semibold text-slate-900">
          SMS (Africa's Talking)
        </h2>
        <p className="text-sm" data-testid="sms-state">
          {account === null ? (
            <Badge tone="grey">Not set up</Badge>
          ) : account.opens ? (
            <Badge tone="green">Set</Badge>
          ) : (
            <Badge tone="red">Enter the API key again</Badge>
          )}
        </p>
      </div>
      <p className="text-sm text-slate-600">
        Participants who agreed to SMS on the booking form get the day-before reminder, payment receipts,
        certificates and waiting-list offers by SMS as well as by e-mail. Until this is set, SMS wait in the
        outbox. The values come from your app on Africa's Talking (see docs/integrations.md).
      </p>
      {account ? (
        <p className="text-sm text-slate-600">
          {account.environment}, app {account.username}
          {account.senderId ? `, sender ID ${account.senderId}` : ""}, saved by {account.updatedBy} on{" "}
          {formatDateTime(account.updatedAt)}. The API key is never shown; leave it empty to keep it.
        </p>
      ) : null}
      {sms.callbackUrls.length > 0 ? (
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">Callback URLs to register with Africa's Talking</h3>
          {sms.callbackUrls.map(({ label, url }) => (
            <InputField
              key={label}
              label={label}
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
            />
          ))}
        </div>
      ) : null}
      <Form method="post" aria-labelledby="sms-credentials-title" className="space-y-4">
        <input type="hidden" name="intent" value="sms" />
        <h3 id="sms-credentials-title" className="font-semibold text-slate-900">
          Africa's Talking app
        </h3>
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            name="environment"
            label="Environment"
            defaultValue={account?.environment ?? "sandbox"}
            errors={errors?.environment}
          >
            <option value="sandbox">Sandbox (the simulator, no real SMS)</option>
            <option value="production">Production</option>
          </SelectField>
          <InputField
            name="username"
            label="Username"
            required
            maxLength={60}
            defaultValue={account?.username ?? ""}
            errors={errors?.username}
          />
          <InputField
            name="senderId"
            label="Sender ID (optional)"
            maxLength={11}
            defaultValue={account?.senderId ?? ""}
            errors={errors?.senderId}
          />
          <InputField
            name="apiKey"
            label="API key"
            type="password"
            autoComplete="off"
            maxLength={200}
            required={!account}
            errors={errors?.apiKey}
          />
        </div>
        <p className="text-xs text-slate-500">
          Changing them asks you to confirm your sign-in if it is not recent.
        </p>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save SMS settings"}
        </Button>
      </Form>
    </section>
  );
}
