import { data, redirect } from "react-router";
import { PageHeader } from "#app/components/admin/page-header";
import { readForm } from "#app/platform/forms/form-input.server";
import { SecondFactorForms } from "#app/routes/staff/components/second-factor-forms";
import { FactorSchema, safeAdminRedirect } from "#app/staff/index";
import { factorChoices, requireAdmin, stepUp } from "#app/staff/index.server";
import type { Route } from "./+types/step-up";

export const meta: Route.MetaFunction = () => [{ title: "Confirm It's You | Mafunzo Admin" }];

/** Asked before sensitive changes when the last sign-in or step-up is more than a few minutes old. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const choices = await factorChoices(admin.user.id);
  return {
    choices,
    allowPassword: !admin.hasSecondFactor,
    redirectTo: safeAdminRedirect(new URL(args.request.url).searchParams.get("redirectTo")),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const parsed = FactorSchema.safeParse(Object.fromEntries(await readForm(args.request, FactorSchema)));
  if (!parsed.success) return data({ error: "Choose how to confirm it's you." }, { status: 400 });
  const outcome = await stepUp(admin, parsed.data);
  if (!outcome.ok) return data({ error: outcome.message }, { status: outcome.status });
  return redirect(safeAdminRedirect(parsed.data.redirectTo));
}

export default function StepUp({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-md">
      <PageHeader
        title="Confirm It's You"
        description={
          loaderData.allowPassword
            ? "This change needs a recent sign-in. Enter your password to go on."
            : "This change needs a recent sign-in. Give your second factor to go on."
        }
      />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <SecondFactorForms
          choices={loaderData.choices}
          allowPassword={loaderData.allowPassword}
          passkeyOptions={{ url: "/admin/passkey-options", fields: { purpose: "step-up" } }}
          redirectTo={loaderData.redirectTo}
          error={actionData?.error}
        />
      </div>
    </div>
  );
}
