import { data } from "react-router";
import { PageHeader } from "#app/components/admin/page-header";
import { readForm } from "#app/platform/forms/form-input.server";
import { type SecurityActionData, SecuritySections } from "#app/routes/staff/components/security-sections";
import {
  AddPasskeySchema,
  RemovePasskeySchema,
  RenamePasskeySchema,
  safeAdminRedirect,
  TotpCodeSchema,
} from "#app/staff/index";
import {
  addPasskey,
  confirmTotp,
  type FactorResult,
  factorChoices,
  listPasskeys,
  pendingTotp,
  regenerateRecoveryCodes,
  removeOwnPasskey,
  removeTotp,
  renameOwnPasskey,
  requireAdmin,
  requireRecentVerification,
  startTotpEnrolment,
} from "#app/staff/index.server";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = () => [{ title: "Sign-in Security | Mafunzo Admin" }];

/** Passkeys, the authenticator app and recovery codes of the signed-in admin; also the forced enrolment. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args, { allow: ["enrol"] });
  const [passkeys, choices, pending] = await Promise.all([
    listPasskeys(admin.user.id),
    factorChoices(admin.user.id),
    pendingTotp(admin),
  ]);
  return {
    forced: admin.state === "enrol",
    passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
    totp: choices.totp,
    pendingTotp: pending,
    recoveryCodesLeft: choices.recoveryCodes,
    redirectTo: safeAdminRedirect(new URL(args.request.url).searchParams.get("redirectTo")),
  };
}

const INTENTS = [
  "passkey-add",
  "passkey-rename",
  "passkey-remove",
  "totp-start",
  "totp-confirm",
  "totp-remove",
  "codes-regenerate",
] as const;
type Intent = (typeof INTENTS)[number];

function answer(intent: Intent, outcome: FactorResult<string[] | null>, message: string) {
  if (!outcome.ok)
    return data<SecurityActionData>({ intent, error: outcome.message }, { status: outcome.status });
  return data<SecurityActionData>({ intent, message, codes: outcome.value ?? undefined });
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args, { allow: ["enrol"] });
  const formData = await readForm(
    args.request,
    [AddPasskeySchema, RenamePasskeySchema, RemovePasskeySchema, TotpCodeSchema],
    { extra: ["intent"] },
  );
  const intent = INTENTS.find((i) => i === formData.get("intent"));
  if (!intent) throw new Response("Unknown action", { status: 400 });
  const fields = Object.fromEntries(formData);
  const invalid = (error: { issues: { message: string }[] }) =>
    data<SecurityActionData>(
      { intent, error: error.issues[0]?.message ?? "Check the form" },
      { status: 400 },
    );

  // taking a factor away or replacing the recovery codes asks for a recent sign-in
  if (intent === "passkey-remove" || intent === "totp-remove" || intent === "codes-regenerate") {
    requireRecentVerification(admin, args.request);
  }
  switch (intent) {
    case "passkey-add": {
      const parsed = AddPasskeySchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error);
      return answer(intent, await addPasskey(admin, parsed.data), `Passkey added: ${parsed.data.name}`);
    }
    case "passkey-rename": {
      const parsed = RenamePasskeySchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error);
      const outcome = await renameOwnPasskey(admin, parsed.data.passkeyId, parsed.data.name);
      return answer(intent, outcome, "Passkey renamed.");
    }
    case "passkey-remove": {
      const parsed = RemovePasskeySchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error);
      return answer(intent, await removeOwnPasskey(admin, parsed.data.passkeyId), "Passkey removed.");
    }
    case "totp-start":
      await startTotpEnrolment(admin);
      return data<SecurityActionData>({ intent });
    case "totp-confirm": {
      const parsed = TotpCodeSchema.safeParse(fields);
      if (!parsed.success) return invalid(parsed.error);
      return answer(intent, await confirmTotp(admin, parsed.data.code), "Authenticator app turned on.");
    }
    case "totp-remove":
      return answer(intent, await removeTotp(admin), "Authenticator app removed.");
    case "codes-regenerate": {
      const codes = await regenerateRecoveryCodes(admin);
      return answer(
        intent,
        { ok: true, value: codes },
        "New recovery codes made; the old ones no longer work.",
      );
    }
  }
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Sign-in Security"
        description="A second factor keeps the back office closed to someone who has only your password."
      />
      <SecuritySections {...loaderData} lastResult={actionData} />
    </div>
  );
}
