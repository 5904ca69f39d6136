import { Form, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { templateLanguageField, templateNameField } from "#app/platform/whatsapp/whatsapp-settings";
import { formatDateTime } from "#app/utils/datetime";

export type WhatsAppSettingsState = {
  account: {
    graphVersion: string;
    phoneNumberId: string;
    updatedBy: string;
    updatedAt: string;
    opens: boolean;
  } | null;
  webhook: { url: string; verifyToken: string } | null;
  templates: {
    moment: string;
    label: string;
    variables: readonly string[];
    example: string;
    template: { name: string; language: string } | null;
  }[];
  errors: Record<string, string[]> | null;
};

/**
 * WhatsApp through Meta's Cloud API (decisions 0769–0771): the number's ID and Graph version, its token and app
 * secret (sealed, never shown back), the webhook to subscribe, and the approved template named for each moment.
 */
export function WhatsAppSettings({ whatsapp }: { whatsapp: WhatsAppSettingsState }) {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const { account, errors } = whatsapp;
  return (
    <section
      aria-labelledby="whatsapp-heading"
      id="whatsapp-settings"
      className="max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="whatsapp-heading" className="text-base font-semibold text-slate-900">
          WhatsApp (Meta Cloud API)
        </h2>
        <p className="text-sm" data-testid="whatsapp-state">
          {account === null ? (
            <Badge tone="grey">Not set up</Badge>
          ) : account.opens ? (
            <Badge tone="green">Set</Badge>
          ) : (
            <Badge tone="red">Enter the token and app secret again</Badge>
          )}
        </p>
      </div>
      <p className="text-sm text-slate-600">
        Participants who agreed to WhatsApp on the booking form get each moment below as the Meta-approved
        template you name for it. A moment with no template named is not sent on WhatsApp (see
        docs/integrations.md).
      </p>
      {account ? (
        <p className="text-sm text-slate-600">
          Phone number ID {account.phoneNumberId}, Graph {account.graphVersion}, saved by {account.updatedBy}{" "}
          on {formatDateTime(account.updatedAt)}. The token and app secret are never shown; leave them empty
          to keep them.
        </p>
      ) : null}
      {whatsapp.webhook ? (
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">
            Webhook to subscribe in Meta's dashboard (field: messages)
          </h3>
          <InputField
            label="Callback URL"
            readOnly
            value={whatsapp.webhook.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <InputField
            label="Verify token"
            readOnly
            value={whatsapp.webhook.verifyToken}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : null}
      <Form method="post" aria-labelledby="whatsapp-credentials-title" className="space-y-4">
        <input type="hidden" name="intent" value="whatsapp" />
        <h3 id="whatsapp-credentials-title" className="font-semibold text-slate-900">
          WhatsApp Business number
        </h3>
        <div className="grid gap-4 md:grid-cols-2">
          <InputField
            name="phoneNumberId"
            label="Phone number ID"
            required
            inputMode="numeric"
            maxLength={20}
            defaultValue={account?.phoneNumberId ?? ""}
            errors={errors?.phoneNumberId}
          />
          <InputField
            name="graphVersion"
            label="Graph API version"
            required
            maxLength={6}
            defaultValue={account?.graphVersion ?? "v21.0"}
            errors={errors?.graphVersion}
          />
          <InputField
            name="accessToken"
            label="Access token"
            type="password"
            autoComplete="off"
            maxLength={1000}
            required={!account}
            errors={errors?.accessToken}
          />
          <InputField
            name="appSecret"
            label="App secret"
            type="password"
            autoComplete="off"
            maxLength={64}
            required={!account}
            errors={errors?.appSecret}
          />
        </div>
        <p className="text-xs text-slate-500">
          Changing them asks you to confirm your sign-in if it is not recent.
        </p>
        <Button type="submit" disabled={intent === "whatsapp"}>
          {intent === "whatsapp" ? "Saving..." : "Save WhatsApp number"}
        </Button>
      </Form>
      <Form method="post" aria-labelledby="whatsapp-templates-title" className="space-y-4">
        <input type="hidden" name="intent" value="whatsapp-templates" />
        <h3 id="whatsapp-templates-title" className="font-semibold text-slate-900">
          Approved templates
        </h3>
        {whatsapp.templates.map((moment) => (
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
        <Button type="submit" disabled={intent === "whatsapp-templates"}>
          {intent === "whatsapp-templates" ? "Saving..." : "Save templates"}
        </Button>
      </Form>
    </section>
  );
}
