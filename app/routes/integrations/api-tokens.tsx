import { data, Form } from "react-router";
import { DateText } from "#app/components/admin/date-text";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { ConfirmButton } from "#app/components/ui/confirm-button";
import { InputField } from "#app/components/ui/field";
import {
  API_ACCESS,
  API_AREA_LABELS,
  API_AREAS,
  CreateApiTokenSchema,
  RevokeApiTokenSchema,
} from "#app/integrations/index";
import { createApiToken, listApiTokens, revokeApiToken } from "#app/integrations/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canManageApiTokens } from "#app/staff/index";
import { requireAllowed, requireRecentVerification } from "#app/staff/index.server";
import type { Route } from "./+types/api-tokens";

export const meta: Route.MetaFunction = () => [{ title: "API tokens | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canManageApiTokens);
  return { tokens: await listApiTokens() };
}

type Answer =
  | { ok: true; message: string; created?: { name: string; token: string; scopes: string[] } }
  | { ok: false; message: string; field?: string };

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canManageApiTokens);
  // a token reads and changes the firm's records from elsewhere: made and revoked after a recent sign-in
  requireRecentVerification(admin, args.request);
  const form = await readForm(args.request, [CreateApiTokenSchema, RevokeApiTokenSchema]);
  if (form.get("intent") === "revoke") {
    const parsed = RevokeApiTokenSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success)
      return data<Answer>({ ok: false, message: "Choose a token from the list." }, { status: 400 });
    const outcome = await revokeApiToken(admin.actor, parsed.data.id);
    if (!outcome.ok) return data<Answer>({ ok: false, message: outcome.message }, { status: outcome.status });
    return data<Answer>({ ok: true, message: `Token "${outcome.name}" revoked: it no longer works.` });
  }
  const parsed = CreateApiTokenSchema.safeParse({
    intent: form.get("intent"),
    name: form.get("name") ?? "",
    scopes: form.getAll("scopes"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<Answer>(
      { ok: false, message: issue?.message ?? "Check the form.", field: String(issue?.path[0] ?? "") },
      { status: 400 },
    );
  }
  const created = await createApiToken(admin.actor, parsed.data);
  return data<Answer>({
    ok: true,
    message: `Token "${created.name}" made. Copy it now: it is not shown again.`,
    created: { name: created.name, token: created.token, scopes: created.scopes },
  });
}

export default function ApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { tokens } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : null;
  const created = actionData?.ok ? actionData.created : undefined;
  return (
    <div className="space-y-6">
      <PageHeader
        title="API tokens"
        description="Tokens let another system (an accounting package, a CRM) read and change records through the API at /api/v1. Each has the scopes you give it; every use is in the audit log."
      />
      {created ? (
        <section
          aria-labelledby="new-token-heading"
          className="rounded-xl border border-green-300 bg-green-50 p-4"
          data-testid="new-token"
        >
          <h2 id="new-token-heading" className="text-lg font-semibold text-green-900">
            Copy the token for “{created.name}” now
          </h2>
          <p className="mt-1 text-sm text-green-900">
            It is shown this once; only a fingerprint of it is kept. Lost, it cannot be shown again: revoke it
            and make another.
          </p>
          <output className="mt-3 block break-all rounded-md bg-white p-3 font-mono text-sm text-slate-900">
            {created.token}
          </output>
        </section>
      ) : null}
      {actionData?.ok && !created ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-green-900">
          {actionData.message}
        </p>
      ) : null}
      <section aria-labelledby="create-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="create-heading" className="text-lg font-semibold text-slate-900">
          Make a token
        </h2>
        {failure ? (
          <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
            {failure.message}
          </p>
        ) : null}
        <Form method="post" className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="create" />
          <InputField
            label="Name"
            name="name"
            required
            minLength={2}
            maxLength={80}
            placeholder="e.g. Xero sync"
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Scopes</legend>
            <p className="text-sm text-slate-600">Write includes read. Give only what the system needs.</p>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {API_AREAS.map((area) => (
                <fieldset key={area} className="rounded-md border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-medium text-slate-900">{API_AREA_LABELS[area]}</legend>
                  <div className="mt-1 flex gap-4">
                    {API_ACCESS.map((access) => (
                      <label key={access} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                        <input type="checkbox" name="scopes" value={`${area}:${access}`} className="size-5" />
                        {access === "read" ? "Read" : "Read and write"}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
          </fieldset>
          <Button type="submit" className="min-h-11">
            Make token
          </Button>
        </Form>
      </section>
      <section aria-labelledby="tokens-heading" className="space-y-3">
        <h2 id="tokens-heading" className="text-lg font-semibold text-slate-900">
          Tokens
        </h2>
        {tokens.length === 0 ? <EmptyState>No tokens yet.</EmptyState> : null}
        <ul className="space-y-2">
          {tokens.map((token) => (
            <li
              key={token.id}
              data-testid="api-token"
              className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {token.name}{" "}
                  {token.revokedAt ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Active</Badge>}
                </p>
                <p className="break-words text-sm text-slate-600">
                  <span className="font-mono">{token.prefix}…</span> · {token.scopes.join(", ")}
                </p>
                <p className="text-sm text-slate-600">
                  Made <DateText value={token.createdAt} />
                  {token.lastUsedAt ? (
                    <>
                      {" "}
                      · last used <DateText value={token.lastUsedAt} />
                    </>
                  ) : (
                    " · never used"
                  )}
                  {token.revokedAt ? (
                    <>
                      {" "}
                      · revoked <DateText value={token.revokedAt} />
                    </>
                  ) : null}
                </p>
              </div>
              {token.revokedAt ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="id" value={token.id} />
                  <ConfirmButton
                    message={`Revoke "${token.name}"? Systems using it stop working at once.`}
                    className="min-h-11"
                    aria-label={`Revoke ${token.name}`}
                  >
                    Revoke
                  </ConfirmButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
