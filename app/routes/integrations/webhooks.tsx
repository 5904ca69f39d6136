import { data, Form, Link } from "react-router";
import { DateText } from "#app/components/admin/date-text";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { ConfirmButton } from "#app/components/ui/confirm-button";
import { InputField } from "#app/components/ui/field";
import {
  CreateWebhookEndpointSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WebhookEndpointIntentSchema,
} from "#app/integrations/index";
import {
  createWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
} from "#app/integrations/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canManageApiTokens } from "#app/staff/index";
import { requireAllowed, requireRecentVerification } from "#app/staff/index.server";
import type { Route } from "./+types/webhooks";

export const meta: Route.MetaFunction = () => [{ title: "Webhooks | Mafunzo Admin" }];

// Webhook endpoints are the owner's, as API tokens are: they send the firm's events to another system.
export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canManageApiTokens);
  return { endpoints: await listWebhookEndpoints() };
}

type Answer =
  | { ok: true; message: string; secret?: { url: string; value: string } }
  | { ok: false; message: string };

const refused = (message: string, status = 400) => data<Answer>({ ok: false, message }, { status });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canManageApiTokens);
  requireRecentVerification(admin, args.request);
  const form = await readForm(args.request, [CreateWebhookEndpointSchema, WebhookEndpointIntentSchema]);
  if (form.get("intent") !== "create") {
    const parsed = WebhookEndpointIntentSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return refused("Choose an endpoint from the list.");
    const { intent, id } = parsed.data;
    if (intent === "rotate") {
      const rotated = await rotateWebhookSecret(admin.actor, id);
      if (!rotated) return refused("That endpoint is not in the list.", 404);
      return data<Answer>({
        ok: true,
        message: "New secret made. For a day both the old and the new secret sign every delivery.",
        secret: { url: "", value: rotated.secret },
      });
    }
    if (!(await setWebhookEndpointEnabled(admin.actor, id, intent === "enable"))) {
      return refused("That endpoint is not in the list.", 404);
    }
    return data<Answer>({
      ok: true,
      message: intent === "enable" ? "Endpoint enabled." : "Endpoint disabled.",
    });
  }
  const parsed = CreateWebhookEndpointSchema.safeParse({
    intent: "create",
    url: form.get("url") ?? "",
    description: form.get("description") ?? undefined,
    eventTypes: form.getAll("eventTypes"),
  });
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the form.");
  const made = await createWebhookEndpoint(admin.actor, parsed.data);
  if ("refused" in made) return refused(made.refused);
  return data<Answer>({
    ok: true,
    message: "Endpoint added. Copy its signing secret now: it is not shown again.",
    secret: { url: parsed.data.url, value: made.secret },
  });
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description="Another system is told at once when a booking, payment, invoice or certificate changes: a signed request (Standard Webhooks) to the address you add, retried for three days until it answers."
      />
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={
            actionData.ok
              ? "rounded-md border border-green-200 bg-green-50 px-3 py-2 text-green-900"
              : "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800"
          }
        >
          {actionData.message}
        </p>
      ) : null}
      {actionData?.ok && actionData.secret ? (
        <section
          aria-labelledby="secret-heading"
          className="rounded-xl border border-green-300 bg-green-50 p-4"
        >
          <h2 id="secret-heading" className="text-lg font-semibold text-green-900">
            Signing secret
          </h2>
          <p className="mt-1 text-sm text-green-900">
            Give it to the receiver to verify each request. It is shown this once.
          </p>
          <output className="mt-3 block break-all rounded-md bg-white p-3 font-mono text-sm text-slate-900">
            {actionData.secret.value}
          </output>
        </section>
      ) : null}
      <section aria-labelledby="add-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="add-heading" className="text-lg font-semibold text-slate-900">
          Add an endpoint
        </h2>
        <Form method="post" className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="create" />
          <InputField label="Address" name="url" type="url" required placeholder="https://…" />
          <InputField label="Description" name="description" maxLength={120} placeholder="e.g. Xero sync" />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Events</legend>
            <div className="mt-2 grid gap-1 sm:grid-cols-2">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label key={type} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" name="eventTypes" value={type} className="size-5" />
                  {WEBHOOK_EVENT_LABELS[type]}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" className="min-h-11">
            Add endpoint
          </Button>
        </Form>
      </section>
      <section aria-labelledby="endpoints-heading" className="space-y-3">
        <h2 id="endpoints-heading" className="text-lg font-semibold text-slate-900">
          Endpoints
        </h2>
        {endpoints.length === 0 ? <EmptyState>No endpoints yet.</EmptyState> : null}
        <ul className="space-y-2">
          {endpoints.map((endpoint) => (
            <li
              key={endpoint.id}
              data-testid="webhook-endpoint"
              className="space-y-2 rounded-xl border border-slate-200 bg-white p-4"
            >
              <p className="break-all font-semibold text-slate-900">
                <Link to={`/admin/webhooks/${endpoint.id}`} className="underline">
                  {endpoint.description ?? endpoint.url}
                </Link>{" "}
                {endpoint.disabledAt ? (
                  <Badge tone="red">Disabled</Badge>
                ) : (
                  <Badge tone="green">Active</Badge>
                )}
              </p>
              <p className="break-all text-sm text-slate-600">{endpoint.url}</p>
              <p className="text-sm text-slate-600">
                {endpoint.eventTypes
                  .map((t) => WEBHOOK_EVENT_LABELS[t as keyof typeof WEBHOOK_EVENT_LABELS])
                  .join(", ")}
              </p>
              {endpoint.disabledReason ? (
                <p className="text-sm text-red-800">{endpoint.disabledReason}</p>
              ) : null}
              {endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date() ? (
                <p className="text-sm text-slate-600">
                  The previous secret signs too until <DateText value={endpoint.previousSecretUntil} />
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="id" value={endpoint.id} />
                  <input type="hidden" name="intent" value="rotate" />
                  <ConfirmButton
                    variant="outline"
                    message="Make a new secret? The old one keeps signing for a day."
                    className="min-h-11"
                    aria-label={`Rotate secret of ${endpoint.url}`}
                  >
                    Rotate secret
                  </ConfirmButton>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={endpoint.id} />
                  <input type="hidden" name="intent" value={endpoint.disabledAt ? "enable" : "disable"} />
                  <Button type="submit" variant="outline" className="min-h-11">
                    {endpoint.disabledAt ? "Enable" : "Disable"}
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
