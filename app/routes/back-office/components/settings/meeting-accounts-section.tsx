import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { formatDateTime } from "#app/utils/datetime";
import { SettingsSection } from "./settings-section";

type Account = {
  accountId: string;
  clientId: string;
  organizer: string;
  updatedBy: string;
  updatedAt: string;
} | null;

const PROVIDERS = {
  zoom: {
    title: "Zoom",
    account: "Account ID",
    organizer: null,
    help: "A Server-to-Server OAuth app in the Zoom App Marketplace, with the meeting:write and past participants report scopes.",
  },
  teams: {
    title: "Microsoft Teams",
    account: "Tenant ID",
    organizer: "Organiser (user id or e-mail)",
    help: "An app registration in Microsoft Entra with the OnlineMeetings.ReadWrite.All and OnlineMeetingArtifact.Read.All application permissions, and an application access policy for the organiser.",
  },
} as const;

/** Zoom and Microsoft Teams, connected so virtual sessions get their meetings and reports (decision 0826). */
export function MeetingAccountsSection({ accounts }: { accounts: { zoom: Account; teams: Account } }) {
  return (
    <SettingsSection
      id="meeting-accounts"
      title="Meeting accounts"
      description="Connect Zoom or Microsoft Teams to create a virtual session's meeting and import its attendance. Without one, staff paste a link and upload the report."
    >
      {(["zoom", "teams"] as const).map((provider) => {
        const p = PROVIDERS[provider];
        const stored = accounts[provider];
        return (
          <Form
            key={provider}
            method="post"
            className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
          >
            <h3 className="font-semibold text-slate-900">{p.title}</h3>
            <p className="text-sm text-slate-600">{p.help}</p>
            <p className="text-sm text-slate-700">
              {stored
                ? `Connected by ${stored.updatedBy}, ${formatDateTime(new Date(stored.updatedAt))}.`
                : "Not connected."}
            </p>
            <input type="hidden" name="intent" value="meeting-account" />
            <input type="hidden" name="provider" value={provider} />
            <InputField
              name="accountId"
              label={`${p.title} ${p.account}`}
              required
              maxLength={100}
              defaultValue={stored?.accountId ?? ""}
            />
            <InputField
              name="clientId"
              label={`${p.title} client ID`}
              required
              maxLength={100}
              defaultValue={stored?.clientId ?? ""}
            />
            <InputField
              name="clientSecret"
              label={`${p.title} client secret`}
              type="password"
              autoComplete="off"
              maxLength={200}
              required={!stored}
            />
            {p.organizer ? (
              <InputField
                name="organizer"
                label={p.organizer}
                required
                maxLength={200}
                defaultValue={stored?.organizer ?? ""}
              />
            ) : null}
            <div>
              <Button type="submit">Save {p.title}</Button>
            </div>
          </Form>
        );
      })}
    </SettingsSection>
  );
}
