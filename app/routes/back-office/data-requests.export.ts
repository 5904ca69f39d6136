import { DataExportSchema, readSubject } from "#app/back-office/index";
import { personalDataCopy, recordExport } from "#app/back-office/index.server";
import { exportDate } from "#app/platform/csv.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { getSiteContent } from "#app/site/index.server";
import { canHandleDataRequests } from "#app/staff/index";
import { requireAllowed, requireRecentVerification } from "#app/staff/index.server";
import type { Route } from "./+types/data-requests.export";

// A person's copy of their data (decision 0637), as JSON or as a PDF: posted from the data request page, which
// stays as it is while the browser saves the file. The copy holds ID numbers in full, so it asks for a recent
// sign-in, and it is recorded (the request's row and an audit line) once the file is made.

const refuse = (message: string, status = 400) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canHandleDataRequests);
  requireRecentVerification(admin, args.request);
  const parsed = DataExportSchema.safeParse(
    Object.fromEntries(await readForm(args.request, DataExportSchema)),
  );
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Check the form and try again.");
  const subject = readSubject(parsed.data.subject);
  if (!subject.ok) return refuse(subject.message);
  const { copy, found } = await personalDataCopy(subject.subject);
  const name = `personal-data-${exportDate()}`;
  let body: Uint8Array<ArrayBuffer>;
  let type: string;
  if (parsed.data.format === "pdf") {
    const [{ renderPersonalDataPdf }, { contact }] = await Promise.all([
      // the PDF libraries load with the first PDF asked for, not in every process (decision 0603)
      import("#app/back-office/pdf.server"),
      getSiteContent(["contact"]),
    ]);
    body = new Uint8Array(await renderPersonalDataPdf(copy, contact));
    type = "application/pdf";
  } else {
    body = new TextEncoder().encode(`${JSON.stringify(copy, null, 2)}\n`);
    type = "application/json; charset=utf-8";
  }
  await recordExport(admin.actor, subject.subject, parsed.data.askedBy, parsed.data.format, found);
  return new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${name}.${parsed.data.format}"`,
      "Content-Length": String(body.byteLength),
      // personal data: never kept by a cache or a proxy
      "Cache-Control": "no-store",
    },
  });
}
