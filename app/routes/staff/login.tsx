import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { AuthCard, AuthForm, useFailureToast } from "#app/components/admin/auth-card";
import { BoundInput } from "#app/components/ui/conform-fields";
import { readForm } from "#app/platform/forms/form-input.server";
import { logger } from "#app/platform/logger.server";
import { PasskeyButton } from "#app/routes/staff/components/second-factor-forms";
import { LoginSchema, PasskeySignInSchema, safeAdminRedirect } from "#app/staff/index";
import {
  adminExists,
  attemptLogin,
  ENROL_PATH,
  getAdminSession,
  PASSKEY_SIGN_IN_FAILED,
  signInWithPasskey,
  VERIFY_PATH,
} from "#app/staff/index.server";
import { headersWithRetryAfter } from "#app/utils/route-headers";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login | Mafunzo" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const redirectTo = new URL(args.request.url).searchParams.get("redirectTo");
  const session = await getAdminSession(args);
  if (session?.state === "full") throw redirect(safeAdminRedirect(redirectTo));
  if (session) {
    const next = session.state === "verify" ? VERIFY_PATH : ENROL_PATH;
    throw redirect(`${next}?redirectTo=${encodeURIComponent(safeAdminRedirect(redirectTo))}`);
  }
  return { showSignup: !(await adminExists()), redirectTo };
}

export const headers = headersWithRetryAfter;

export async function action(args: Route.ActionArgs) {
  const formData = await readForm(args.request, [LoginSchema, PasskeySignInSchema], { extra: ["intent"] });
  if (formData.get("intent") === "passkey") {
    const parsed = PasskeySignInSchema.safeParse(Object.fromEntries(formData));
    const outcome = parsed.success
      ? await signInWithPasskey(args, parsed.data)
      : { ok: false as const, status: 400, message: PASSKEY_SIGN_IN_FAILED };
    if (outcome.ok) return outcome.value;
    return data(
      { result: { status: "error" as const, error: { "": [outcome.message] } }, title: "Login Failed" },
      { status: outcome.status },
    );
  }
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), title: "Login Failed" }, { status: 400 });
  }
  const outcome = await attemptLogin(args, submission.value).catch((err: unknown) => {
    logger.error({ err }, "admin login failed unexpectedly");
    return { ok: false, status: 500, title: "Login Failed", message: "Login failed" } as const;
  });
  if (outcome.ok) return outcome.response;
  return data(
    {
      result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }),
      title: outcome.title,
    },
    {
      status: outcome.status,
      headers:
        "retryAfterSeconds" in outcome && outcome.retryAfterSeconds
          ? { "Retry-After": String(outcome.retryAfterSeconds) }
          : undefined,
    },
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldRevalidate: "onInput",
  });
  useFailureToast(actionData, actionData?.result?.error?.[""]?.[0]);

  return (
    <AuthCard title="Admin Login" subtitle="Sign in to manage courses, registrations and the website.">
      <AuthForm form={form} submitLabel="Sign In" busyLabel="Signing in...">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
        <BoundInput label="Email" meta={fields.email} type="email" autoComplete="username" />
        <BoundInput label="Password" meta={fields.password} type="password" autoComplete="current-password" />
      </AuthForm>
      <div className="mt-4 border-t border-slate-200 pt-4">
        <PasskeyButton
          label="Sign in with a passkey"
          optionsUrl="/admin/login/passkey"
          fields={{ intent: "passkey", redirectTo: loaderData.redirectTo ?? "" }}
        />
      </div>
      {loaderData.showSignup ? (
        <p className="mt-6 text-center text-sm text-slate-600">
          No admin account yet?{" "}
          <Link to="/admin/signup" className="font-semibold text-brand-700 underline">
            Create the admin account
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
