import { data, Form, Link } from "react-router";
import { DateText } from "#app/components/admin/date-text";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import {
  nairobiInstant,
  ReplayWebhooksSchema,
  ResendWebhookSchema,
  WEBHOOK_EVENT_LABELS,
} from "#app/integrations/index";
import {
  listWebhookEndpoints,
  replayWebhookEvents,
  resendWebhookDelivery,
  webhookDeliveryLog,
} from "#app/integrations/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canManageApiTokens } from "#app/staff/index";
import { requireAllowed, requireRecentVerification } from "#app/staff/index.server";
import type { Route } from "./+types/webhook-endpoint";

export const meta: Route.MetaFunction = () => [{ title: "Webhook deliveries | Mafunzo Admin" }];

async function endpointOf(id: string) {
  const endpoint = (await listWebhookEndpoints()).find((e) => e.id === id);
  if (!endpoint) throw data("That endpoint is not in the list.", { status: 404 });
  return endpoint;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canManageApiTokens);
  const endpoint = await endpointOf(args.params.id);
  return { endpoint, deliveries: await webhookDeliveryLog(endpoint.id) };
}

type Answer = { ok: boolean; message: string };

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canManageApiTokens);
  requireRecentVerification(admin, args.request);
  const form = await readForm(args.request, [ResendWebhookSchema, ReplayWebhooksSchema]);
  const endpoint = await endpointOf(args.params.id);
  if (form.get("intent") === "replay") {
    const parsed = ReplayWebhooksSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      return data<Answer>({ ok: false, message: "Choose when to replay from." }, { status: 400 });
    }
    const count = await replayWebhookEvents(admin.actor, endpoint.id, nairobiInstant(parsed.data.since));
    return data<Answer>({
      ok: true,
      message: count === 1 ? "1 event will be sent again." : `${count} events will be sent again.`,
    });
  }
  const parsed = ResendWebhookSchema.safeParse(Object.fromEntries(form));
  const delivery = parsed.success
    ? (await webhookDeliveryLog(endpoint.id)).find((d) => d.id === parsed.data.deliveryId)
    : undefined;
  if (!delivery)
    return data<Answer>({ ok: false, message: "Choose a delivery from the log." }, { status: 400 });
  await resendWebhookDelivery(admin.actor, delivery.id);
  return data<Answer>({ ok: true, message: "The event will be sent again in a few seconds." });
}

const STATE_TONES = { waiting: "yellow", delivered: "green", failed: "red", cancelled: "grey" } as const;

export default function WebhookEndpoint({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoint, deliveries } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader title="Webhook deliveries" description={endpoint.url} />
      <p>
        <Link to="/admin/webhooks" className="underline">
          All endpoints
        </Link>
      </p>
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
      <section aria-labelledby="replay-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="replay-heading" className="text-lg font-semibold text-slate-900">
          Replay events
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="replay" />
          <InputField label="Since (Nairobi time)" name="since" type="datetime-local" required />
          <Button type="submit" className="min-h-11">
            Replay
          </Button>
        </Form>
      </section>
      <section aria-labelledby="log-heading" className="space-y-3">
        <h2 id="log-heading" className="text-lg font-semibold text-slate-900">
          Deliveries
        </h2>
        {deliveries.length === 0 ? <EmptyState>Nothing sent yet.</EmptyState> : null}
        <ul className="space-y-2">
          {deliveries.map((delivery) => (
            <li
              key={delivery.id}
              data-testid="webhook-delivery"
              className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm text-slate-700">
                <p className="font-semibold text-slate-900">
                  {WEBHOOK_EVENT_LABELS[delivery.type]} · {delivery.reference ?? "—"}{" "}
                  <Badge tone={STATE_TONES[delivery.state]}>{delivery.state}</Badge>
                  {delivery.origin === "event" ? null : <Badge tone="grey">{delivery.origin}</Badge>}
                </p>
                <p>
                  {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"}
                  {delivery.lastStatus ? ` · answered ${delivery.lastStatus}` : ""}
                  {delivery.lastAttemptAt ? (
                    <>
                      {" "}
                      · last <DateText value={delivery.lastAttemptAt} />
                    </>
                  ) : null}
                  {delivery.state === "waiting" ? (
                    <>
                      {" "}
                      · next <DateText value={delivery.nextAttemptAt} />
                    </>
                  ) : null}
                </p>
                {delivery.lastError ? <p className="text-red-800">{delivery.lastError}</p> : null}
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="deliveryId" value={delivery.id} />
                <Button type="submit" variant="outline" className="min-h-11">
                  Resend
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
