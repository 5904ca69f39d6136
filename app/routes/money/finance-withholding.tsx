import { Download } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { BackLink } from "#app/components/admin/back-link";
import { PageHeader } from "#app/components/admin/page-header";
import { STACKED } from "#app/components/admin/stacked-table";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Badge } from "#app/components/ui/badge";
import { Button, buttonClass } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import {
  VoidCertificateSchema,
  WITHHOLDING_KINDS,
  WITHHOLDING_PATH,
  WITHHOLDING_RATES,
  WithholdingCertificateSchema,
} from "#app/money/index";
import {
  certificatesDue,
  listCertificates,
  recordCertificate,
  voidCertificate,
  withholdingCredits,
} from "#app/money/index.server";
import { fileScreenAction, formFailure, UploadError } from "#app/platform/files/upload.server";
import { DOCUMENT_MAX_BYTES } from "#app/platform/forms/body-limits";
import { redirectWithToast } from "#app/platform/toast.server";
import { canExportMoney, canManageMoney, canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate, today } from "#app/utils/dates";
import type { Route } from "./+types/finance-withholding";

export const meta: Route.MetaFunction = () => [{ title: "Withholding certificates | Mafunzo Admin" }];

const REFERENCE = /^MF-[A-Z0-9]{8}$/;

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadMoney);
  const typed = new URL(args.request.url).searchParams.get("reference")?.toUpperCase() ?? "";
  const [due, certificates, credits] = await Promise.all([
    certificatesDue(),
    listCertificates(),
    withholdingCredits(),
  ]);
  return {
    today: today(),
    reference: REFERENCE.test(typed) ? typed : "",
    due,
    certificates: certificates.slice(0, 200),
    credits,
  };
}

const MESSAGES = {
  tooLarge: "The certificate's PDF is larger than 20 MB: download it from iTax again.",
  failed: "The certificate could not be recorded.",
  missing: "Fill in the certificate's details and attach its PDF.",
  uploaded: "Certificate recorded.",
  deleteFailed: "A certificate is never deleted: void it with a reason.",
  deleted: "",
};

/** Records a certificate (its PDF checked and stored) or voids one with a reason; finance and owners only. */
export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageMoney);
  const done = (description: string) =>
    redirectWithToast(WITHHOLDING_PATH, { title: "Success", description });
  return fileScreenAction(args.request, {
    maxBytes: DOCUMENT_MAX_BYTES,
    messages: MESSAGES,
    schema: WithholdingCertificateSchema,
    intentSchemas: [VoidCertificateSchema],
    upload: async () => {
      throw new UploadError(MESSAGES.missing);
    },
    // a certificate is kept for ever: a wrong one is voided
    remove: async () => null,
    done,
    intents: {
      record: async (fields, file) => {
        const parsed = WithholdingCertificateSchema.safeParse(Object.fromEntries(fields));
        if (!parsed.success)
          return formFailure(parsed.error.issues[0]?.message ?? MESSAGES.missing, 400, fields);
        const outcome = await recordCertificate(actor, parsed.data, file);
        return outcome.ok ? done(outcome.message) : formFailure(outcome.message, outcome.status, fields);
      },
      void: async (fields) => {
        const parsed = VoidCertificateSchema.safeParse(Object.fromEntries(fields));
        if (!parsed.success)
          return formFailure(parsed.error.issues[0]?.message ?? MESSAGES.failed, 400, fields);
        const outcome = await voidCertificate(actor, parsed.data.id, parsed.data.reason);
        return outcome.ok ? done(outcome.message) : formFailure(outcome.message, outcome.status, fields);
      },
    },
  });
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

function RecordCertificate({
  reference,
  day,
  failure,
}: {
  reference: string;
  day: string;
  failure: { error?: string; values?: Record<string, string> } | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "record";
  const kept = failure?.values?.intent === "record" ? failure.values : undefined;
  return (
    <section
      aria-labelledby="record-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="record-heading" className="text-lg font-semibold text-slate-900">
        Record a withholding certificate
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The certificate the payer downloaded from iTax: its number, date and amount as printed, and the PDF
        itself. Certificates covering what the invoice withheld settle the booking.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
        key={reference}
      >
        <div className="sm:col-span-2 lg:col-span-3">
          <FormAlert>{kept ? (failure?.error ?? null) : null}</FormAlert>
        </div>
        <InputField
          label="Booking reference"
          name="reference"
          required
          placeholder="MF-XXXXXXXX"
          defaultValue={kept?.reference ?? reference}
        />
        <SelectField label="Certificate for" name="kind" defaultValue={kept?.kind ?? "wht"}>
          {WITHHOLDING_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {WITHHOLDING_RATES[kind].label}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Certificate number"
          name="certificateNumber"
          required
          defaultValue={kept?.certificateNumber}
        />
        <InputField
          label="Certificate date"
          name="certificateDate"
          type="date"
          required
          max={day}
          defaultValue={kept?.certificateDate ?? day}
        />
        <InputField
          label="Amount (KES)"
          name="amount"
          inputMode="decimal"
          required
          defaultValue={kept?.amount}
        />
        <InputField
          label="Certificate PDF"
          name="file"
          type="file"
          required
          accept="application/pdf"
          hint="The PDF from iTax, up to 20 MB."
        />
        <div className="sm:col-span-2 lg:col-span-3">
          <Button type="submit" name="intent" value="record" disabled={busy} className="min-h-11">
            {busy ? "Recording..." : "Record certificate"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

export default function FinanceWithholding({ loaderData, actionData }: Route.ComponentProps) {
  const { due, certificates, credits, reference } = loaderData;
  useErrorToast(actionData, "Error");
  const staff = useStaff();
  const mayManage = canManageMoney(staff);
  const mayExport = canExportMoney(staff);
  return (
    <div className="space-y-6">
      <BackLink to="/admin/finance">Back to Finance</BackLink>
      <PageHeader
        title="Withholding certificates"
        description="Withholding tax and withholding VAT: what buyers withheld from their payments, the iTax certificates that settle it, and the firm's credits per month."
      />
      {mayManage ? (
        <RecordCertificate reference={reference} day={loaderData.today} failure={actionData} />
      ) : null}

      <section aria-labelledby="due-heading" className="space-y-3">
        <h2 id="due-heading" className="text-lg font-semibold text-slate-900">
          Certificates due ({due.length})
        </h2>
        <p className="text-sm text-slate-600">
          Paid in cash, waiting for the payer's certificates: not debt, but to chase. Oldest payment first.
        </p>
        {due.length === 0 ? (
          <p className="text-sm text-slate-600">No certificate is due.</p>
        ) : (
          <div className={STACKED.wrapper}>
            <table className={`${STACKED.table} text-left`}>
              <caption className="sr-only">Certificates due, oldest payment first</caption>
              <thead className={STACKED.thead}>
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Organisation
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Booking
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Days since payment
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Income tax due
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    VAT due
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Cash owed
                  </th>
                </tr>
              </thead>
              <tbody className={STACKED.tbody}>
                {due.map((row) => (
                  <tr key={row.bookingId} data-testid="certificate-due" className={STACKED.row}>
                    <td data-label="Organisation" className={STACKED.cell}>
                      {row.organisationId ? (
                        <Link to={`/admin/organisations/${row.organisationId}`} className="underline">
                          {row.organisation}
                        </Link>
                      ) : (
                        row.organisation
                      )}
                    </td>
                    <td data-label="Booking" className={STACKED.cell}>
                      <Link to={`/admin/bookings/${row.reference}`} className="font-semibold underline">
                        {row.reference}
                      </Link>{" "}
                      <span className="text-slate-500">{row.invoiceNumber}</span>
                      {mayManage ? (
                        <Link
                          to={`?reference=${row.reference}#record-heading`}
                          className="ml-2 inline-flex min-h-11 items-center text-brand-700 underline"
                        >
                          Record certificate
                        </Link>
                      ) : null}
                    </td>
                    <td
                      data-label="Days since payment"
                      className={`${STACKED.cell} md:text-right tabular-nums`}
                    >
                      {row.daysSincePayment}
                    </td>
                    <td data-label="Income tax due" className={`${STACKED.cell} md:text-right tabular-nums`}>
                      {formatKes(row.whtDueCents)}
                    </td>
                    <td data-label="VAT due" className={`${STACKED.cell} md:text-right tabular-nums`}>
                      {formatKes(row.whvatDueCents)}
                    </td>
                    <td data-label="Cash owed" className={`${STACKED.cell} md:text-right tabular-nums`}>
                      {formatKes(row.cashOwedCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="credits-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="credits-heading" className="text-lg font-semibold text-slate-900">
            Withholding credits per month
          </h2>
          {mayExport ? (
            <a
              href="/admin/finance/export/withholding-credits"
              className={buttonClass("outline", "md", "min-h-11")}
            >
              <Download aria-hidden className="size-4" /> Credits CSV
            </a>
          ) : null}
        </div>
        <p className="text-sm text-slate-600">
          By the certificates' dates: income tax withheld is a credit against the firm's income tax; VAT
          withheld is claimed in the VAT return of the month.
        </p>
        {credits.length === 0 ? (
          <p className="text-sm text-slate-600">No certificate recorded yet.</p>
        ) : (
          <div className={STACKED.wrapper}>
            <table className={`${STACKED.table} text-left`}>
              <caption className="sr-only">Withholding credits per month, newest first</caption>
              <thead className={STACKED.thead}>
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Month
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Income tax credit (WHT)
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    VAT credit (WHVAT)
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Certificates
                  </th>
                </tr>
              </thead>
              <tbody className={STACKED.tbody}>
                {credits.map((row) => (
                  <tr key={row.month} data-testid="withholding-credit" className={STACKED.row}>
                    <td data-label="Month" className={STACKED.cell}>
                      {monthLabel(row.month)}
                    </td>
                    <td
                      data-label="Income tax credit (WHT)"
                      className={`${STACKED.cell} md:text-right tabular-nums`}
                    >
                      {formatKes(row.whtCents)}
                    </td>
                    <td
                      data-label="VAT credit (WHVAT)"
                      className={`${STACKED.cell} md:text-right tabular-nums`}
                    >
                      {formatKes(row.whvatCents)}
                    </td>
                    <td data-label="Certificates" className={`${STACKED.cell} md:text-right tabular-nums`}>
                      {row.certificates}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="register-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="register-heading" className="text-lg font-semibold text-slate-900">
            Certificates recorded
          </h2>
          {mayExport ? (
            <a
              href="/admin/finance/export/withholding-certificates"
              className={buttonClass("outline", "md", "min-h-11")}
            >
              <Download aria-hidden className="size-4" /> Certificates CSV
            </a>
          ) : null}
        </div>
        {certificates.length === 0 ? (
          <p className="text-sm text-slate-600">No certificate recorded yet.</p>
        ) : (
          <ul className="space-y-3">
            {certificates.map(({ certificate: c, reference: booking }) => (
              <li
                key={c.id}
                data-testid="certificate-row"
                className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-slate-900">
                    {WITHHOLDING_RATES[c.kind].short} · {c.certificateNumber} · {formatKes(c.amountCents)}
                  </p>
                  {c.voidedAt ? (
                    <Badge tone="grey">Void</Badge>
                  ) : (
                    <Badge tone="green">Settles {booking}</Badge>
                  )}
                </div>
                <p className="text-slate-700">
                  Dated {formatLongDate(c.certificateDate)} ·{" "}
                  <a href={`/admin/finance/withholding/${c.id}/pdf`} className="underline">
                    {c.fileName}
                  </a>{" "}
                  · recorded by {c.recordedBy}
                  {c.voidReason ? ` · Void: ${c.voidReason}` : ""}
                </p>
                {mayManage && !c.voidedAt ? (
                  <details className="mt-2">
                    <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-slate-700">
                      Void this certificate…
                    </summary>
                    <Form
                      method="post"
                      encType="multipart/form-data"
                      className="mt-2 flex flex-wrap items-end gap-2"
                    >
                      <input type="hidden" name="id" value={c.id} />
                      <InputField
                        label="Reason"
                        name="reason"
                        required
                        minLength={3}
                        className="min-w-0 flex-1"
                      />
                      <button
                        type="submit"
                        name="intent"
                        value="void"
                        className={buttonClass("outline", "md", "min-h-11 border-red-300 text-red-800")}
                      >
                        Void certificate
                      </button>
                    </Form>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
