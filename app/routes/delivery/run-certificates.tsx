import { Download, FileDown } from "lucide-react";
import { data, Form } from "react-router";
import { RunDeliveryHeader } from "#app/components/admin/run-delivery-nav";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { Badge } from "#app/components/ui/badge";
import { Button, buttonClass } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";
import { CertificateActionSchema } from "#app/delivery/index";
import {
  attendanceSummary,
  certificatesDue,
  issueCertificates,
  listRunCertificates,
  requireRunAllowed,
  requireRunRole,
  revokeCertificate,
} from "#app/delivery/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { canDeliverRun, canReadRunDelivery } from "#app/staff/index";
import { staffOf } from "#app/staff/index.server";
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/run-certificates";

export const meta: Route.MetaFunction = () => [{ title: "Certificates | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireRunRole(args, canReadRunDelivery);
  const run = await requireRunAllowed(args, admin, canReadRunDelivery);
  const [summary, issued, threshold] = await Promise.all([
    attendanceSummary(run),
    listRunCertificates(run.id),
    getSetting("certificate_threshold"),
  ]);
  return {
    run,
    threshold,
    timing: certificatesDue(run),
    mayIssue: canDeliverRun(staffOf(admin), run.trainerIds),
    rows: summary.map((p) => ({ ...p, certificate: issued.find((c) => c.registrationId === p.id) ?? null })),
  };
}

type Outcome = { ok: boolean; message: string };

export async function action(args: Route.ActionArgs) {
  const admin = await requireRunRole(args, canDeliverRun);
  const { actor } = admin;
  const parsed = CertificateActionSchema.safeParse(
    Object.fromEntries(await readForm(args.request, CertificateActionSchema)),
  );
  // the body's field names are judged before the run is looked up, so a hostile body never costs a query
  const run = await requireRunAllowed(args, admin, canDeliverRun);
  if (!parsed.success) {
    return data<Outcome>(
      { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid request." },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const outcome =
    input.intent === "issue"
      ? await issueCertificates(actor, run)
      : await revokeCertificate(actor, run.id, input.id, input.reason);
  return data<Outcome>(
    { ok: outcome.ok, message: outcome.message },
    { status: outcome.ok ? 200 : outcome.status },
  );
}

export default function RunCertificates({ loaderData, actionData }: Route.ComponentProps) {
  const { run, rows, threshold, mayIssue, timing } = loaderData;
  useOutcomeToast(actionData, "Certificates not changed");
  const base = `/admin/courses/${run.courseId}/runs/${run.id}`;
  // nobody is due while the course is under way: certificates follow its last session (decision 0681)
  const eligible = timing.due ? rows.filter((r) => r.percent >= threshold && !r.certificate).length : 0;
  return (
    <div className="space-y-5">
      <RunDeliveryHeader run={run} title="Certificates" />
      <p className="text-sm text-slate-600">
        Participants present on at least {threshold}% of the {run.days.length} sessions get a certificate with
        a QR code that opens its public check page. Each is e-mailed with the PDF attached.
      </p>
      {timing.due ? null : (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
          The course is still under way: certificates are due after its last session ends
          {timing.from ? `, on ${timing.from}` : ""}.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {mayIssue && timing.due ? (
          <Form method="post">
            <input type="hidden" name="intent" value="issue" />
            <Button type="submit" className="min-h-11">
              Issue certificates ({eligible} due)
            </Button>
          </Form>
        ) : null}
        <a href={`${base}/certificates.zip`} className={buttonClass("outline", "md", "min-h-11")}>
          <Download aria-hidden className="size-4" /> Download all (ZIP)
        </a>
      </div>
      {actionData && !actionData.ok ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {actionData.message}
        </p>
      ) : null}
      <ul className="space-y-3">
        {rows.map((row) => (
          <li
            key={row.id}
            data-testid="certificate-row"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-semibold text-slate-900">{row.name}</p>
                <p className="text-sm text-slate-600">
                  Attendance {row.percent}% ({row.present} of {run.days.length} sessions)
                </p>
              </div>
              {row.certificate ? (
                row.certificate.revokedAt ? (
                  <Badge tone="red">Revoked</Badge>
                ) : (
                  <Badge tone="green">Issued</Badge>
                )
              ) : !timing.due ? (
                <Badge tone="grey">Under way</Badge>
              ) : row.percent >= threshold ? (
                <Badge tone="brand">Due</Badge>
              ) : (
                <Badge tone="grey">Below {threshold}%</Badge>
              )}
            </div>
            {row.certificate ? (
              <div className="mt-3 space-y-2 text-sm">
                <p>
                  Code <code data-testid="certificate-code">{row.certificate.code}</code>, issued{" "}
                  {formatDateTime(row.certificate.issuedAt)}
                  {row.certificate.revokedAt
                    ? `; revoked ${formatDateTime(row.certificate.revokedAt)}: ${row.certificate.revokedReason}`
                    : ""}
                </p>
                <div className="flex flex-wrap items-end gap-2">
                  <a
                    href={`${base}/certificate-files/${row.certificate.id}`}
                    className={buttonClass("outline", "sm", "min-h-11")}
                  >
                    <FileDown aria-hidden className="size-4" /> PDF{" "}
                    <span className="sr-only">of {row.name}</span>
                  </a>
                  {row.certificate.revokedAt || !mayIssue ? null : (
                    // folded away: revoking is deliberate, never a red button under every card (issue 45)
                    <details className="w-full">
                      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-slate-700 underline">
                        Revoke this certificate…
                      </summary>
                      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="id" value={row.certificate.id} />
                        <label className="block w-full text-sm sm:w-auto">
                          <span className="block font-medium text-slate-800">
                            Reason to revoke {row.name}'s certificate
                          </span>
                          <input
                            name="reason"
                            required
                            minLength={3}
                            maxLength={500}
                            className={controlClass}
                          />
                        </label>
                        <Button type="submit" variant="danger" className="min-h-11">
                          Revoke
                        </Button>
                      </Form>
                    </details>
                  )}
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
