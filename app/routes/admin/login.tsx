import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import { AuthCard, FormAlert } from "#app/components/admin/auth-card";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { adminExists } from "#app/models/user.server";
import { LoginSchema, safeAdminRedirect } from "#app/schemas/auth";
import { getAdmin } from "#app/services/auth.server";
import { logger } from "#app/services/logger.server";
import { attemptLogin } from "#app/services/login.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login | Mafunzo" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const redirectTo = new URL(args.request.url).searchParams.get("redirectTo");
  if (await getAdmin(args)) throw redirect(safeAdminRedirect(redirectTo));
  return { showSignup: !(await adminExists()), redirectTo };
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
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
    { status: outcome.status },
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    const message = actionData?.result.error?.[""]?.[0];
    if (message) toast.error(actionData.title, { description: message });
  }, [actionData]);

  return (
    <AuthCard title="Admin Login" subtitle="Sign in to manage courses, registrations and the website.">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert>{form.errors?.join(" ")}</FormAlert>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
        <InputField
          label="Email"
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="username"
          errors={fields.email.errors}
        />
        <InputField
          label="Password"
          {...getInputProps(fields.password, { type: "password" })}
          key={fields.password.key}
          autoComplete="current-password"
          errors={fields.password.errors}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
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
