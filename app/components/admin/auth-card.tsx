import { type FormMetadata, getFormProps } from "@conform-to/react";
import { type ReactNode, useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "#app/components/toast";
import { Button } from "#app/components/ui/button";

/** The centred card shared by the sign-in and sign-up screens. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-800 to-brand-900 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <Link to="/" className="mb-6 flex items-center gap-2 text-brand-800">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="font-bold">Mafunzo Admin</span>
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </div>
  );
}

/** The sign-in and sign-up form: its form-level error, the fields, and the submit button that waits. */
export function AuthForm<Schema extends Record<string, unknown>>({
  form,
  submitLabel,
  busyLabel,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormAlert>{form.errors?.join(" ")}</FormAlert>
      {children}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}

/** One error toast per failed answer: the answer's title, with the message the page picked from it. */
export function useFailureToast(answer: { title: string } | undefined, message: string | null | undefined) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the message comes from the answer; one toast per answer
  useEffect(() => {
    if (answer && message) toast.error(answer.title, { description: message });
  }, [answer]);
}
