import { data, Form, Link, redirect } from "react-router";
import { BackLink } from "#app/components/admin/back-link";
import { PageHeader } from "#app/components/admin/page-header";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { ImportUploadSchema } from "#app/money/index";
import { createImport, listImports } from "#app/money/index.server";
import { limitText, STATEMENT_MAX_BYTES } from "#app/platform/forms/body-limits";
import { FormRefusal, readFormData } from "#app/platform/forms/form-input.server";
import { canManageMoney, canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/finance-imports";

export const meta: Route.MetaFunction = () => [{ title: "Import a statement | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadMoney);
  return { imports: await listImports() };
}

const TOO_LARGE = `The statement is too large: at most ${limitText(STATEMENT_MAX_BYTES)}. Import a shorter period.`;

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageMoney);
  let upload: { name: string; bytes: Uint8Array } | null = null;
  let fields: FormData;
  try {
    fields = await readFormData(args.request, ImportUploadSchema, {
      file: {
        name: "file",
        maxBytes: STATEMENT_MAX_BYTES,
        tooLargeMessage: TOO_LARGE,
        receive: async (file, name) => {
          upload = { name, bytes: new Uint8Array(await file.arrayBuffer()) };
        },
      },
    });
  } catch (error) {
    if (error instanceof FormRefusal) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  const parsed = ImportUploadSchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) return data({ error: "Choose the kind of statement." }, { status: 400 });
  const file = upload as { name: string; bytes: Uint8Array } | null;
  if (!file) return data({ error: "Choose the statement file (CSV) to upload." }, { status: 400 });
  const outcome = await createImport(actor, parsed.data.kind, file.name, file.bytes);
  if (!outcome.ok) return data({ error: outcome.message }, { status: 400 });
  return redirect(`/admin/finance/imports/${outcome.id}`);
}

export default function FinanceImports({ loaderData, actionData }: Route.ComponentProps) {
  useErrorToast(actionData, "Statement not imported");
  const mayImport = canManageMoney(useStaff());
  return (
    <div className="space-y-6">
      <BackLink to="/admin/finance">Back to Finance</BackLink>
      <PageHeader
        title={mayImport ? "Import a statement" : "Statements"}
        description={
          mayImport
            ? "Upload the M-PESA organisation portal statement or a bank statement as CSV. You see every line before anything is recorded."
            : "The M-PESA and bank statements finance has imported."
        }
      />
      {mayImport ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="grid max-w-xl gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <SelectField label="Kind of statement" name="kind" defaultValue="mpesa">
            <option value="mpesa">M-PESA organisation portal (CSV)</option>
            <option value="bank">Bank statement (CSV)</option>
          </SelectField>
          <InputField
            label="Statement file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            hint={`CSV, at most ${limitText(STATEMENT_MAX_BYTES)}`}
          />
          {actionData?.error ? (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {actionData.error}
            </p>
          ) : null}
          <div>
            <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
              Upload and preview
            </button>
          </div>
        </Form>
      ) : null}
      <section aria-labelledby="recent-heading" className="space-y-2">
        <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
          Recent statements
        </h2>
        {loaderData.imports.length === 0 ? (
          <p className="text-sm text-slate-600">No statement imported yet.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {loaderData.imports.map((item) => (
              <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-3">
                <Link
                  to={`/admin/finance/imports/${item.id}`}
                  className="inline-flex min-h-11 max-w-full items-center font-semibold text-brand-700 underline wrap-anywhere"
                >
                  {item.filename}
                </Link>
                <span className="block text-slate-600">
                  {item.kind === "mpesa" ? "M-PESA" : "Bank"} · uploaded {formatDateTime(item.createdAt)} by{" "}
                  {item.createdBy} ·{" "}
                  {item.committedAt ? `imported ${formatDateTime(item.committedAt)}` : "not imported yet"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
