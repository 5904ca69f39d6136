import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { z } from "zod";
import { AuthCard, AuthForm, useFailureToast } from "#app/components/admin/auth-card";
import { buttonClass } from "#app/components/ui/button";
import { BoundInput } from "#app/components/ui/conform-fields";
import { readForm } from "#app/platform/forms/form-input.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { ADMIN_EXISTS_MESSAGE, SignupSchema } from "#app/staff/index";
import {
  adminExists,
  needsSetupCode,
  recordFailedSignup,
  SETUP_CODE_MESSAGE,
  setupCodeAccepted,
  signUpFirstAdmin,
} from "#app/staff/index.server";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = () => [
  { title: "Create Admin Account | Mafunzo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { exists: await adminExists(), needsSetupCode: needsSetupCode(context) };
}

/** Spec §8 toast titles for each signup failure. */
function failureTitle(fieldErrors: Record<string, string[] | null | undefined>) {
  if (fieldErrors.confirmPassword?.includes("Passwords do not match")) return "Password Mismatch";
  if (fieldErrors.password?.includes("Password must be at least 6 characters long"))
    return "Password Too Short";
  return "Signup Failed";
}

export async function action(args: Route.ActionArgs) {
  const formData = await readForm(args.request, SignupSchema);
  if (await adminExists()) {
    return data(
      {
        result: { status: "error" as const, error: { "": [ADMIN_EXISTS_MESSAGE] } },
        title: "Admin Already Exists",
      },
      { status: 403 },
    );
  }
  const submission = parseWithZod(formData, { schema: SignupSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return data(
      {
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        title: failureTitle(errors),
      },
      { status: 400 },
    );
  }
  if (!(await setupCodeAccepted(args.context, submission.value.setupCode))) {
    await recordFailedSignup(args, submission.value.email);
    return data(
      {
        result: submission.reply({
          fieldErrors: { setupCode: [SETUP_CODE_MESSAGE] },
          hideFields: ["password", "confirmPassword", "setupCode"],
        }),
        title: "Signup Failed",
      },
      { status: 403 },
    );
  }
  const outcome = await signUpFirstAdmin(args, submission.value);
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }), title: "Admin Already Exists" },
      { status: 403 },
    );
  }
  return redirectWithToast(
    "/admin/dashboard",
    {
      type: "success",
      title: "Welcome Admin!",
      description: "Admin account created successfully. Welcome to your dashboard!",
    },
    { headers: { "Set-Cookie": outcome.setCookie } },
  );
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  // validated by the server only: its answer carries the spec's toast titles (Password Mismatch, Password Too Short)
  const [form, fields] = useForm<z.input<typeof SignupSchema>>({ lastResult: actionData?.result });
  useFailureToast(
    actionData,
    Object.values(actionData?.result.error ?? {})
      .flat()
      .find(Boolean),
  );

  if (loaderData.exists || actionData?.title === "Admin Already Exists") {
    return (
      <AuthCard title="Admin Already Exists">
        <p className="text-slate-700">{ADMIN_EXISTS_MESSAGE}</p>
        <p className="mt-2 text-sm text-slate-600">
          More administrators are invited by an existing one, from Settings → Security. If you should have an
          account, ask your administrator.
        </p>
        <Link to="/admin/login" className={buttonClass("primary", "md", "mt-6 w-full")}>
          Go to Admin Login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create Admin Account" subtitle="Set up the administrator account for the back office.">
      <AuthForm form={form} submitLabel="Create Admin Account" busyLabel="Creating account...">
        <BoundInput label="Email" meta={fields.email} type="email" autoComplete="username" />
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
        {loaderData.needsSetupCode ? (
          <BoundInput
            label="Setup code"
            meta={fields.setupCode}
            autoComplete="off"
            hint="You are not on the server itself: enter the setup code from the server's start-up log."
          />
        ) : null}
      </AuthForm>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/admin/login" className="font-semibold text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
