import { Download, FileDown } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { RunDeliveryHeader } from "#app/components/admin/run-delivery-nav";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { Button, buttonClass } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { NITA_SCAN_MESSAGES, NitaScanSchema } from "#app/delivery/index";
import {
  currentNitaDraftReasons,
  currentNitaPackGaps,
  currentRegisterScan,
  listRunOrganisations,
  NITA_PACK_REFUSED,
  requireRun,
  saveRegisterScan,
} from "#app/delivery/index.server";
import { fileScreenAction } from "#app/platform/files/upload.server";
import { DOCUMENT_MAX_BYTES } from "#app/platform/forms/body-limits";
import { redirectWithToast } from "#app/platform/toast.server";
import { canBuildNitaPack } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatLongDate, today } from "#app/utils/dates";
import type { Route } from "./+types/run-nita";

export const meta: Route.MetaFunction = () => [{ title: "NITA claim pack | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canBuildNitaPack);
  const run = await requireRun(args.params);
  const [organisations, gaps, draft, scan] = await Promise.all([
    listRunOrganisations(run.id),
    currentNitaPackGaps(run),
    currentNitaDraftReasons(run),
    currentRegisterScan(run.id),
  ]);
  const signedRegister = scan
    ? { fileName: scan.fileName, uploadedOn: formatLongDate(today(scan.createdAt)), by: scan.uploadedBy }
    : null;
  return { run, organisations, gaps, draft, signedRegister, refused: NITA_PACK_REFUSED };
}

/** The signed register's scan: uploaded here, bound into every pack of the run after the register. */
export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canBuildNitaPack);
  // the body is judged before the run is looked up: a hostile body never costs a query (form-guard test)
  const here = `/admin/courses/${args.params.courseId}/runs/${args.params.runId}/nita`;
  return fileScreenAction(args.request, {
    maxBytes: DOCUMENT_MAX_BYTES,
    messages: NITA_SCAN_MESSAGES,
    schema: NitaScanSchema,
    upload: async (_input, file) => saveRegisterScan(actor, (await requireRun(args.params)).id, file),
    // a scan is replaced by the next upload, never deleted: the earlier ones are kept
    remove: async () => null,
    done: (description) => redirectWithToast(here, { title: "Success", description }),
  });
}

function SignedRegister({
  current,
  failure,
}: {
  current: { fileName: string; uploadedOn: string; by: string | null } | null;
  failure: { error?: string } | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "upload-scan";
  return (
    <section
      aria-labelledby="signed-register"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="signed-register" className="font-semibold text-slate-900">
        Signed attendance register
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {current
          ? `Current scan: ${current.fileName}, uploaded ${current.uploadedOn}${current.by ? ` by ${current.by}` : ""}. Every pack binds it in after the register; a new upload replaces it (the earlier scan is kept).`
          : "Not uploaded yet: the packs say the signed register is still to come. Scan the register the participants signed and upload it here."}
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
        <FormAlert>{failure?.error ?? null}</FormAlert>
        <InputField
          label="Scan of the signed register"
          name="file"
          type="file"
          required
          accept="application/pdf,image/png,image/jpeg"
          hint="A PDF, or a JPG or PNG photo of the signed pages, up to 20 MB."
        />
        <Button type="submit" name="intent" value="upload-scan" disabled={busy}>
          {busy ? "Uploading..." : current ? "Replace signed register" : "Upload signed register"}
        </Button>
      </Form>
    </section>
  );
}

export default function RunNita({ loaderData, actionData }: Route.ComponentProps) {
  useErrorToast(actionData, "Error");
  const { run, organisations, gaps, draft, signedRegister, refused } = loaderData;
  const base = `/admin/courses/${run.courseId}/runs/${run.id}/nita-pack`;
  return (
    <div className="space-y-5">
      <RunDeliveryHeader run={run} title="NITA claim pack" />
      <p className="text-sm text-slate-600">
        One pack per organisation for its claim to the National Industrial Training Authority: participants
        with ID numbers, the course outline and timetable, the proforma invoice and receipts, the attendance
        register and the certificates. Download it as one PDF with a contents page, or as a ZIP of the
        separate files.
      </p>
      {draft.length === 0 ? null : (
        <div
          data-testid="nita-draft"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-semibold">
            Draft only: NITA would return this pack. Every page is marked "draft" until it has:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {draft.map((reason) => (
              <li key={reason}>
                {reason.startsWith("the firm's NITA") ? (
                  <Link
                    to="/admin/settings?section=company#setting-nita_provider_number"
                    className="underline"
                  >
                    {reason}
                  </Link>
                ) : (
                  reason
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <SignedRegister current={signedRegister} failure={actionData} />
      {gaps.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{refused} It needs:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {gaps.map((gap) => (
              <li key={gap.label}>
                <Link to={gap.to} className="underline">
                  {gap.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : organisations.length === 0 ? (
        <p className="text-slate-700">No booked participants on this course date.</p>
      ) : (
        <ul className="space-y-3">
          {organisations.map((org) => {
            const query = `?org=${encodeURIComponent(org.name)}`;
            return (
              <li
                key={org.name}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div>
                  <h2 className="font-semibold text-slate-900">{org.name}</h2>
                  <p className="text-sm text-slate-600">{org.participants} participant(s)</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a href={`${base}/pack.pdf${query}`} className={buttonClass("primary", "md", "min-h-11")}>
                    <FileDown aria-hidden className="size-4" /> {draft.length > 0 ? "Draft PDF" : "PDF"}{" "}
                    <span className="sr-only">pack for {org.name}</span>
                  </a>
                  <a href={`${base}/pack.zip${query}`} className={buttonClass("outline", "md", "min-h-11")}>
                    <Download aria-hidden className="size-4" /> {draft.length > 0 ? "Draft ZIP" : "ZIP"}{" "}
                    <span className="sr-only">pack for {org.name}</span>
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
