import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound, MonitorSmartphone } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { AdministratorsCard } from "#app/components/admin/administrators-card";
import { FormAlert } from "#app/components/admin/auth-card";
import { PageHeader } from "#app/components/admin/page-header";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { BoundInput } from "#app/components/ui/conform-fields";
import { readForm } from "#app/platform/forms/form-input.server";
import { ChangePasswordSchema } from "#app/staff/index";
import {
  changeOwnPassword,
  listUserSessions,
  loadAdministratorsCard,
  requireAdmin,
  SESSION_IDLE_MS,
  signOutOtherSessions,
} from "#app/staff/index.server";
import { formatDateTime } from "#app/utils/datetime";
import { describeUserAgent } from "#app/utils/user-agent";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My Account | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const sessions = await listUserSessions(admin.user.id, SESSION_IDLE_MS);
  return {
    email: admin.user.email,
    // the session ids are token hashes: the page needs only which one is this browser's
    sessions: sessions.map((s) => ({
      current: s.id === admin.sessionId,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      ip: s.ip,
      browser: describeUserAgent(s.userAgent),
    })),
    // shown here until the System Settings page renders the card
    administrators: await loadAdministratorsCard(admin.user.id),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const formData = await readForm(args.request, ChangePasswordSchema, { extra: ["intent"] });
  const intent = formData.get("intent");
  if (intent === "change-password") {
    const intent = "change-password" as const;
    const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
    const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
    }
    const outcome = await changeOwnPassword(admin, submission.value);
    if (!outcome.ok) {
      return data(
        {
          intent,
          result: submission.reply({ fieldErrors: { currentPassword: [outcome.message] }, hideFields }),
        },
        { status: 400 },
      );
    }
    return data({
      intent,
      result: submission.reply({ resetForm: true }),
      message:
        outcome.endedSessions > 0
          ? `Your password has been changed and ${sessionsText(outcome.endedSessions)} signed out.`
          : "Your password has been changed.",
    });
  }
  if (intent === "sign-out-others") {
    const intent = "sign-out-others" as const;
    const ended = await signOutOtherSessions(admin);
    return data({ intent, result: undefined, message: `${sessionsText(ended)} signed out.` });
  }
  throw new Response("Unknown action", { status: 400 });
}

function sessionsText(n: number) {
  return n === 1 ? "1 other session was" : `${n} other sessions were`;
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "idle" ? null : navigation.formData?.get("intent");
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.intent === "change-password" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // the page says what happened (below its header): a toast repeated it over the header
  const message = actionData && "message" in actionData ? actionData.message : undefined;
  const others = loaderData.sessions.filter((s) => !s.current).length;

  return (
    <div className="space-y-6">
      <PageHeader title="My Account" description={`Signed in as ${loaderData.email}`} />
      {message ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {message}
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <section
          aria-labelledby="password-title"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="password-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <KeyRound aria-hidden className="size-5 text-brand-700" />
            Change password
          </h2>
          <p className="mt-1 text-sm text-slate-600">Your other sessions are signed out when it changes.</p>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
            <FormAlert>{form.errors?.join(" ")}</FormAlert>
            <input type="hidden" name="intent" value="change-password" />
            <BoundInput
              label="Current password"
              meta={fields.currentPassword}
              type="password"
              autoComplete="current-password"
            />
            <BoundInput
              label="New password"
              meta={fields.newPassword}
              type="password"
              autoComplete="new-password"
              hint="At least 6 characters."
            />
            <BoundInput
              label="Confirm new password"
              meta={fields.confirmPassword}
              type="password"
              autoComplete="new-password"
            />
            <Button type="submit" disabled={pendingIntent === "change-password"}>
              {pendingIntent === "change-password" ? "Saving..." : "Change password"}
            </Button>
          </Form>
        </section>
        <AdministratorsCard {...loaderData.administrators} />
      </div>
      <section
        aria-labelledby="sessions-title"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="sessions-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <MonitorSmartphone aria-hidden className="size-5 text-brand-700" />
            Active sessions
          </h2>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out-others" />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              disabled={others === 0 || pendingIntent !== null}
            >
              {pendingIntent === "sign-out-others" ? "Signing out..." : "Sign out other sessions"}
            </Button>
          </Form>
        </div>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-4 font-semibold">Browser</th>
                <th className="py-2 pr-4 font-semibold">IP address</th>
                <th className="py-2 pr-4 font-semibold">Signed in</th>
                <th className="py-2 font-semibold">Last seen</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.sessions.map((s, i) => (
                // sessions have no public id; the list is re-read whole, so the position is stable enough
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={i}>
                  <td className="py-2 pr-4">
                    <span className="flex items-center gap-2">
                      {s.browser}
                      {s.current ? <Badge tone="green">This session</Badge> : null}
                    </span>
                  </td>
                  <td className="py-2 pr-4 font-mono text-xs">{s.ip ?? "unknown"}</td>
                  <td className="py-2 pr-4">{formatDateTime(s.createdAt)}</td>
                  <td className="py-2">{formatDateTime(s.lastSeenAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
