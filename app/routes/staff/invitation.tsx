import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { z } from "zod";
import { AuthCard, AuthForm, useFailureToast } from "#app/components/admin/auth-card";
import { buttonClass } from "#app/components/ui/button";
import { BoundInput } from "#app/components/ui/conform-fields";
import { readForm } from "#app/platform/forms/form-input.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { AcceptInvitationSchema, INVITATION_UNUSABLE, ROLE_LABELS } from "#app/staff/index";
import { acceptInvitation, findInvitation } from "#app/staff/index.server";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = () => [
  { title: "Accept your invitation | Mafunzo Admin" },
  { name: "robots", content: "noindex" },
];

// a link's token is 32 random bytes in base64url; anything else finds nothing without a query
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function loader({ params }: Route.LoaderArgs) {
  const invitation = TOKEN.test(params.token) ? await findInvitation(params.token) : null;
  if (!invitation) return data({ invitation: null }, { status: 410 });
  const { email, name, roles } = invitation;
  return { invitation: { email, name, roles } };
}

export async function action(args: Route.ActionArgs) {
  const formData = await readForm(args.request, AcceptInvitationSchema);
  const submission = parseWithZod(formData, { schema: AcceptInvitationSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), title: "Check the form" },
      { status: 400 },
    );
  }
  const outcome = TOKEN.test(args.params.token)
    ? await acceptInvitation(args, args.params.token, submission.value)
    : ({ ok: false, status: 410, message: INVITATION_UNUSABLE } as const);
  if (!outcome.ok) {
    return data(
      {
        result: submission.reply({
          formErrors: [outcome.message],
          hideFields: ["password", "confirmPassword"],
        }),
        title: "Account not created",
      },
      { status: outcome.status },
    );
  }
  return redirectWithToast(
    "/admin",
    { type: "success", title: "Welcome!", description: "Your account is ready." },
    { headers: { "Set-Cookie": outcome.setCookie } },
  );
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof AcceptInvitationSchema>>({
    lastResult: actionData?.result,
    defaultValue: { name: loaderData.invitation?.name ?? "" },
  });
  useFailureToast(actionData, actionData?.result.error?.[""]?.[0] ?? null);
  const { invitation } = loaderData;
  if (!invitation) {
    return (
      <AuthCard title="Invitation no longer valid">
        <p className="text-slate-700">{INVITATION_UNUSABLE}</p>
        <Link to="/admin/login" className={buttonClass("primary", "md", "mt-6 w-full")}>
          Go to Admin Login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set up your account"
      subtitle={
        <>
          {invitation.email} · {invitation.roles.map((role) => ROLE_LABELS[role]).join(", ")}
        </>
      }
    >
      <AuthForm form={form} submitLabel="Create my account" busyLabel="Creating account...">
        <BoundInput label="Your name" meta={fields.name} autoComplete="name" />
        <BoundInput
          label="Password"
          meta={fields.password}
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
        />
        <BoundInput
          label="Confirm Password"
          meta={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
      </AuthForm>
    </AuthCard>
  );
}
