import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheck, UserPlus } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "#app/components/toast";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { ConfirmButton } from "#app/components/ui/confirm-button";
import { BoundInput } from "#app/components/ui/conform-fields";
import { AddAdminSchema, maxAdminsMessage } from "#app/staff/index";
import { formatDateTime } from "#app/utils/datetime";
import { FormAlert } from "./auth-card";

export type AdministratorsActionData = {
  intent: "add" | "remove";
  result: SubmissionResult<string[]>;
  message?: string;
  error?: string;
};

type AdminRow = { id: string; email: string; createdAt: Date | string };

const ACTION = "/admin/administrators";
// Keyed, so the card (which outlives a removed row or a form hidden at the maximum) can read the outcome.
const ADD_KEY = "add-admin";
const REMOVE_KEY = "remove-admin";
const TITLES = {
  add: { ok: "Admin Added", failed: "Failed to add admin" },
  remove: { ok: "Admin Removed", failed: "Failed to remove admin" },
} as const;

/** Shows the outcome of a fetcher submission as a toast (the card's forms run through fetchers with JS). */
function useOutcomeToast(outcome: AdministratorsActionData | undefined) {
  useEffect(() => {
    if (!outcome) return;
    const titles = TITLES[outcome.intent];
    if (outcome.message) toast.success(titles.ok, { description: outcome.message });
    else if (outcome.error) toast.error(titles.failed, { description: outcome.error });
  }, [outcome]);
}

function RemoveAdminForm({ admin }: { admin: AdminRow }) {
  const fetcher = useFetcher<AdministratorsActionData>({ key: REMOVE_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("userId") === admin.id;
  return (
    <fetcher.Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="userId" value={admin.id} />
      <ConfirmButton
        size="sm"
        variant="outline"
        disabled={fetcher.state !== "idle"}
        message={`Remove the admin account ${admin.email}? They will be signed out and can no longer sign in.`}
      >
        {busy ? "Removing..." : "Remove"}
        <span className="sr-only"> {admin.email}</span>
      </ConfirmButton>
    </fetcher.Form>
  );
}

function AddAdminForm({ lastResult }: { lastResult?: AdministratorsActionData }) {
  const fetcher = useFetcher<AdministratorsActionData>({ key: ADD_KEY });
  const outcome = fetcher.data ?? (lastResult?.intent === "add" ? lastResult : undefined);
  const [form, fields] = useForm({
    id: "add-admin",
    lastResult: outcome?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddAdminSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={ACTION} {...getFormProps(form)} className="space-y-3">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <UserPlus aria-hidden className="size-4 text-brand-700" />
        Add an administrator
      </h3>
      <FormAlert>{form.errors?.join(" ")}</FormAlert>
      <input type="hidden" name="intent" value="add" />
      <div className="grid gap-3 sm:grid-cols-2">
        <BoundInput label="Email" meta={fields.email} type="email" autoComplete="off" />
        <BoundInput
          label="Initial password"
          meta={fields.password}
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters. Share it safely; they can change it under My account."
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Adding..." : "Add admin"}
      </Button>
    </fetcher.Form>
  );
}

/**
 * Lists the administrators, adds one while the count is below max_admin_accounts, and removes another
 * (never yourself, never the last). The server enforces every rule; this only hides what would be refused.
 */
export function AdministratorsCard({
  admins,
  currentUserId,
  max,
  lastResult,
}: {
  admins: AdminRow[];
  currentUserId: string;
  max: number;
  /** The outcome of a submission made without JavaScript (shown by the route that received it). */
  lastResult?: AdministratorsActionData;
}) {
  const full = admins.length >= max;
  useOutcomeToast(useFetcher<AdministratorsActionData>({ key: ADD_KEY }).data);
  useOutcomeToast(useFetcher<AdministratorsActionData>({ key: REMOVE_KEY }).data);
  return (
    <section
      aria-labelledby="administrators-title"
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="administrators-title"
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <ShieldCheck aria-hidden className="size-5 text-brand-700" />
          Administrators
        </h2>
        <Badge tone="brand">
          {admins.length} of {max}
        </Badge>
      </div>
      {lastResult?.message ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {lastResult.message}
        </p>
      ) : null}
      {lastResult?.intent === "remove" && lastResult.error ? <FormAlert>{lastResult.error}</FormAlert> : null}
      <ul className="divide-y divide-slate-100" aria-label="Admin accounts">
        {admins.map((admin) => (
          <li key={admin.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="flex items-center gap-2 truncate font-medium text-slate-900">
                {admin.email}
                {admin.id === currentUserId ? <Badge tone="green">You</Badge> : null}
              </p>
              <p className="text-xs text-slate-500">Added {formatDateTime(admin.createdAt)}</p>
            </div>
            {admin.id !== currentUserId && admins.length > 1 ? <RemoveAdminForm admin={admin} /> : null}
          </li>
        ))}
      </ul>
      <div className="border-t border-slate-100 pt-5">
        {full ? (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">{maxAdminsMessage(max)}</p>
        ) : (
          <AddAdminForm lastResult={lastResult} />
        )}
      </div>
    </section>
  );
}
