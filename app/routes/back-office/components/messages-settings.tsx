import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { templateLanguageField, templateNameField } from "#app/platform/whatsapp/whatsapp-settings";
import { formatDateTime } from "#app/utils/datetime";

/** What the card shows of one channel's account as stored: never its secrets. */
type Account = { updatedBy: string; updatedAt: string; opens: boolean };

export type SmsSettingsState = {
  account: (Account & { environment: string; username: string; senderId: string | null }) | null;
  /** the notification addresses to register with Africa's Talking, once the account is set */
  callbackUrls: { label: string; url: string }[];
};

export type WhatsAppSettingsState = {
  account: (Account & { graphVersion: string; phoneNumberId: string }) | null;
  webhook: { url: string; verifyToken: string } | null;
  templates: {
    moment: string;
    label: string;
    variables: readonly string[];
    example: string;
    template: { name: string; language: string } | null;
  }[];
};

/** The last save of the card, refused: why, field by field, per channel. */
export type MessagesSettingsErrors = {
  sms: Record<string, string[]> | null;
  whatsapp: Record<string, string[]> | null;
};

type Field = {
  name: string;
  label: string;
  /** a secret: a password box, never filled back, required only until one is stored */
  secret?: boolean;
  maxLength: number;
  defaultValue?: string;
  inputMode?: "numeric";
  options?: { value: string; label: string }[];
};

type ChannelProps = {
  /** the section's id and the prefix of its test id and headings: "sms", "whatsapp" */
  id: string;
  title: string;
  account: Account | null;
  /** the badge when a stored account does not open with this server's key */
  reenter: string;
  about: string;
  /** the stored account in one sentence, with what is never shown */
  saved: string | null;
  addresses: { title: string; fields: { label: string; value: string }[] } | null;
  form: { intent: string; title: string; fields: Field[]; submit: string };
  errors: Record<string, string[]> | null;
  children?: ReactNode;
};

/** The intent being submitted now, if any: a form's button shows "Saving..." while its own is. */
function useSubmitting() {
  const navigation = useNavigation();
  return navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
}

function ChannelSettings(props: ChannelProps) {
  const submitting = useSubmitting();
  const { account, errors, form } = props;
  return (
    <section
      aria-labelledby={`${props.id}-heading`}
      id={`${props.id}-settings`}
      className="space-y-4 border-t border-slate-200 pt-4 first-of-type:border-t-0 first-of-type:pt-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${props.id}-heading`} className="text-base font-semibold text-slate-900">
          {props.title}
        </h3>
        <p className="text-sm" data-testid={`${props.id}-state`}>
          {account === null ? (
            <Badge tone="grey">Not set up</Badge>
          ) : account.opens ? (
            <Badge tone="green">Set</Badge>
          ) : (
            <Badge tone="red">{props.reenter}</Badge>
          )}
        </p>
      </div>
      <p className="text-sm text-slate-600">{props.about}</p>
      {account && props.saved ? (
        <p className="text-sm text-slate-600">
          {props.saved}, saved by {account.updatedBy} on {formatDateTime(account.updatedAt)}.
        </p>
      ) : null}
      {props.addresses ? (
        <div className="space-y-3">
          <h4 className="font-semibold text-slate-900">{props.addresses.title}</h4>
          {props.addresses.fields.map(({ label, value }) => (
            <InputField
              key={label}
              label={label}
              readOnly
              value={value}
              onFocus={(e) => e.currentTarget.select()}
            />
          ))}
        </div>
      ) : null}
      <Form method="post" aria-labelledby={`${props.id}-credentials-title`} className="space-y-4">
        <input type="hidden" name="intent" value={form.intent} />
        <h4 id={`${props.id}-credentials-title`} className="font-semibold text-slate-900">
          {form.title}
        </h4>
        <div className="grid gap-4 md:grid-cols-2">
          {form.fields.map((field) =>
            field.options ? (
              <SelectField
                key={field.name}
                name={field.name}
                label={field.label}
                defaultValue={field.defaultValue}
                errors={errors?.[field.name]}
              >
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
            ) : (
              <InputField
                key={field.name}
                name={field.name}
                label={field.label}
                maxLength={field.maxLength}
                errors={errors?.[field.name]}
                {...(field.secret
                  ? { type: "password", autoComplete: "off", required: !account }
                  : {
                      required: !field.label.endsWith("(optional)"),
                      defaultValue: field.defaultValue ?? "",
                    })}
                {...(field.inputMode ? { inputMode: field.inputMode } : {})}
              />
            ),
          )}
        </div>
        <p className="text-xs text-slate-500">
          Changing them asks you to confirm your sign-in if it is not recent.
        </p>
        <Button type="submit" disabled={submitting === form.intent}>
          {submitting === form.intent ? "Saving..." : form.submit}
        </Button>
      </Form>
      {props.children}
    </section>
  );
}

/** WhatsApp's moments (decision 0771): the approved template named for each, with the body to submit to Meta. */
function TemplatesForm({
  templates,
  errors,
}: {
  templates: WhatsAppSettingsState["templates"];
  errors: Record<string, string[]> | null;
}) {
  const submitting = useSubmitting();
  return (
    <Form method="post" aria-labelledby="whatsapp-templates-title" className="space-y-4">
      <input type="hidden" name="intent" value="whatsapp-templates" />
      <h4 id="whatsapp-templates-title" className="font-semibold text-slate-900">
        Approved templates
      </h4>
      {templates.map((moment) => (
        <fieldset key={moment.moment} className="grid gap-3 border-t border-slate-100 pt-3 md:grid-cols-3">
          <legend className="text-sm font-medium text-slate-900">{moment.label}</legend>
          <p className="text-xs text-slate-600 md:col-span-3">
            Body to submit: “{moment.example}” —{" "}
            {moment.variables.map((v, i) => `{{${i + 1}}} ${v}`).join(", ")}
          </p>
          <div className="md:col-span-2">
            <InputField
              name={templateNameField(moment.moment)}
              label="Template name"
              maxLength={512}
              defaultValue={moment.template?.name ?? ""}
              errors={errors?.[templateNameField(moment.moment)]}
            />
          </div>
          <InputField
            name={templateLanguageField(moment.moment)}
            label="Language"
            maxLength={6}
            defaultValue={moment.template?.language ?? "en"}
            errors={errors?.[templateLanguageField(moment.moment)]}
          />
        </fieldset>
      ))}
      <Button type="submit" disabled={submitting === "whatsapp-templates"}>
        {submitting === "whatsapp-templates" ? "Saving..." : "Save templates"}
      </Button>
    </Form>
  );
}

/**
 * Messages where participants read them (decisions 0766, 0770, 0773): one card for both phone channels, each
 * with its provider's account (secrets sealed, never shown back), the addresses its provider posts to, and for
 * WhatsApp the approved template named for each moment. E-mail always goes as well.
 */
export function MessagesSettings({
  sms,
  whatsapp,
  errors,
}: {
  sms: SmsSettingsState;
  whatsapp: WhatsAppSettingsState;
  errors: MessagesSettingsErrors;
}) {
  return (
    <section
      aria-labelledby="messages-heading"
      id="messages-settings"
      className="max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="space-y-1">
        <h2 id="messages-heading" className="text-base font-semibold text-slate-900">
          Messages: SMS and WhatsApp
        </h2>
        <p className="text-sm text-slate-600">
          E-mail always goes. A participant or contact who agreed on the booking form also gets the day-before
          reminder, payment receipts, certificates, joining instructions and waiting-list offers on the
          channels they chose, never marketing; STOP ends a channel at once (see docs/integrations.md).
        </p>
      </div>
      <ChannelSettings
        id="sms"
        title="SMS (Africa's Talking)"
        account={sms.account}
        reenter="Enter the API key again"
        about="Until this is set, SMS wait in the outbox. The values come from your app on Africa's Talking."
        saved={
          sms.account
            ? `${sms.account.environment}, app ${sms.account.username}${sms.account.senderId ? `, sender ID ${sms.account.senderId}` : ""}; the API key is never shown, leave it empty to keep it`
            : null
        }
        addresses={
          sms.callbackUrls.length > 0
            ? {
                title: "Callback URLs to register with Africa's Talking",
                fields: sms.callbackUrls.map(({ label, url }) => ({ label, value: url })),
              }
            : null
        }
        form={{
          intent: "sms",
          title: "Africa's Talking app",
          submit: "Save SMS settings",
          fields: [
            {
              name: "environment",
              label: "Environment",
              maxLength: 10,
              defaultValue: sms.account?.environment ?? "sandbox",
              options: [
                { value: "sandbox", label: "Sandbox (the simulator, no real SMS)" },
                { value: "production", label: "Production" },
              ],
            },
            { name: "username", label: "Username", maxLength: 60, defaultValue: sms.account?.username },
            {
              name: "senderId",
              label: "Sender ID (optional)",
              maxLength: 11,
              defaultValue: sms.account?.senderId ?? "",
            },
            { name: "apiKey", label: "API key", maxLength: 200, secret: true },
          ],
        }}
        errors={errors.sms}
      />
      <ChannelSettings
        id="whatsapp"
        title="WhatsApp (Meta Cloud API)"
        account={whatsapp.account}
        reenter="Enter the token and app secret again"
        about="Each moment below goes as the Meta-approved template you name for it; a moment with no template named is not sent on WhatsApp."
        saved={
          whatsapp.account
            ? `Phone number ID ${whatsapp.account.phoneNumberId}, Graph ${whatsapp.account.graphVersion}; the token and app secret are never shown, leave them empty to keep them`
            : null
        }
        addresses={
          whatsapp.webhook
            ? {
                title: "Webhook to subscribe in Meta's dashboard (field: messages)",
                fields: [
                  { label: "Callback URL", value: whatsapp.webhook.url },
                  { label: "Verify token", value: whatsapp.webhook.verifyToken },
                ],
              }
            : null
        }
        form={{
          intent: "whatsapp",
          title: "WhatsApp Business number",
          submit: "Save WhatsApp number",
          fields: [
            {
              name: "phoneNumberId",
              label: "Phone number ID",
              maxLength: 20,
              inputMode: "numeric",
              defaultValue: whatsapp.account?.phoneNumberId,
            },
            {
              name: "graphVersion",
              label: "Graph API version",
              maxLength: 6,
              defaultValue: whatsapp.account?.graphVersion ?? "v21.0",
            },
            { name: "accessToken", label: "Access token", maxLength: 1000, secret: true },
            { name: "appSecret", label: "App secret", maxLength: 64, secret: true },
          ],
        }}
        errors={errors.whatsapp}
      >
        <TemplatesForm templates={whatsapp.templates} errors={errors.whatsapp} />
      </ChannelSettings>
    </section>
  );
}
