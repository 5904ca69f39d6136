import { data, Form, Link } from "react-router";
import { BackLink } from "#app/components/admin/back-link";
import { PageHeader } from "#app/components/admin/page-header";
import { ScreenError } from "#app/components/admin/screen-error";
import { TaxInvoiceItem } from "#app/components/admin/tax-invoice-item";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { buttonClass } from "#app/components/ui/button";
import { TaxInvoiceRetrySchema } from "#app/money/index";
import {
  ETIMS_READY,
  getEtimsDevice,
  listTaxInvoices,
  retryRefusedTaxInvoice,
} from "#app/money/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canManageMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/finance-tax-invoices";

export const meta: Route.MetaFunction = () => [{ title: "Tax invoices | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canManageMoney);
  const [invoices, device] = await Promise.all([listTaxInvoices(), getEtimsDevice()]);
  return { invoices, deviceState: device ? device.state : null, ready: device?.state === ETIMS_READY };
}

type Answer = { ok: boolean; message: string };

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageMoney);
  const parsed = TaxInvoiceRetrySchema.safeParse(
    Object.fromEntries(await readForm(args.request, TaxInvoiceRetrySchema)),
  );
  if (!parsed.success) {
    return data<Answer>(
      { ok: false, message: parsed.error.issues[0]?.message ?? "Choose a tax invoice" },
      { status: 400 },
    );
  }
  const outcome = await retryRefusedTaxInvoice(actor, parsed.data.id);
  return data<Answer>(outcome, { status: outcome.ok ? 200 : 409 });
}

export default function TaxInvoices({ loaderData, actionData }: Route.ComponentProps) {
  const { invoices, deviceState, ready } = loaderData;
  useOutcomeToast(actionData, "Not retried");
  return (
    <div className="space-y-6">
      <BackLink to="/admin/finance">Back to Finance</BackLink>
      <PageHeader
        title="Tax invoices"
        description="Each sale and credit note sent to KRA eTIMS: sent (KRA signed it), waiting (KRA has not answered yet; it is retried), or refused with KRA's message."
      />
      {!ready ? (
        <p role="status" className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900">
          {deviceState === null
            ? "eTIMS is not set up: tax invoices start once the firm's device is initialised in "
            : `eTIMS is not ready (KRA says: ${deviceState}). Tax invoices wait until the device is initialised in `}
          <Link to="/admin/settings?section=tax#etims" className="font-semibold underline">
            Settings
          </Link>
          .
        </p>
      ) : null}
      {invoices.length === 0 ? (
        <p className="text-sm text-slate-600">No tax invoices yet.</p>
      ) : (
        <ul className="space-y-3">
          {invoices.map((invoice) => (
            <TaxInvoiceItem key={invoice.id} invoice={invoice} heading="h2" linkBooking>
              {invoice.state === "refused" ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="id" value={invoice.id} />
                  <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
                    Retry tax invoice {invoice.invoiceNo}
                  </button>
                </Form>
              ) : null}
            </TaxInvoiceItem>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenError title="Tax invoices" />;
}
