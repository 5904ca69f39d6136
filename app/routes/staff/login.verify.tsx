import { data, Form, redirect } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card";
import { readForm } from "#app/platform/forms/form-input.server";
import { SecondFactorForms } from "#app/routes/staff/components/second-factor-forms";
import { FactorSchema, safeAdminRedirect } from "#app/staff/index";
import { completeSignIn, factorChoices, requireAdmin } from "#app/staff/index.server";
import type { Route } from "./+types/login.verify";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm It's You | Mafunzo Admin" },
  { name: "robots", content: "noindex" },
];

/** The second step of sign-in: only a session that has passed the password reaches it. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args, { allow: ["verify"] });
  const redirectTo = safeAdminRedirect(new URL(args.request.url).searchParams.get("redirectTo"));
  if (admin.state !== "verify") throw redirect(redirectTo);
  return { email: admin.user.email, choices: await factorChoices(admin.user.id), redirectTo };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args, { allow: ["verify"] });
  const parsed = FactorSchema.safeParse(Object.fromEntries(await readForm(args.request, FactorSchema)));
  if (!parsed.success) return data({ error: "Choose how to confirm it's you." }, { status: 400 });
  if (admin.state !== "verify") throw redirect(safeAdminRedirect(parsed.data.redirectTo));
  const outcome = await completeSignIn(args, admin, parsed.data);
  if (outcome.ok) return outcome.value;
  return data({ error: outcome.message }, { status: outcome.status });
}

export default function VerifySignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Confirm It's You"
      subtitle={`Signing in as ${loaderData.email}: give your second factor.`}
    >
      <SecondFactorForms
        choices={loaderData.choices}
        allowPassword={false}
        passkeyOptions={{ url: "/admin/login/passkey" }}
        redirectTo={loaderData.redirectTo}
        error={actionData?.error}
      />
      <Form method="post" action="/admin/logout" className="mt-6 text-center">
        <button type="submit" className="text-sm font-semibold text-brand-700 underline">
          Cancel and sign out
        </button>
      </Form>
    </AuthCard>
  );
}
