import { data, Form, redirect } from "react-router";
import { BackLink } from "#app/components/admin/back-link";
import { PageHeader } from "#app/components/admin/page-header";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { SelectField } from "#app/components/ui/field";
import {
  commitImport,
  findImport,
  importColumns,
  type PreviewLine,
  previewImport,
  setImportMapping,
} from "#app/models/statement-import.server";
import { parseId } from "#app/schemas/admin-ids";
import { BANK_FIELD_LABELS, BANK_FIELDS, ImportActionSchema } from "#app/schemas/finance";
import { requireAdmin } from "#app/services/auth.server";
import { readForm } from "#app/services/form-input.server";
import { StatementRefusal } from "#app/services/statement-csv.server";
import { redirectWithToast } from "#app/services/toast.server";
import { formatKes } from "#app/utils/cents";
import type { Route } from "./+types/finance-import";

export const meta: Route.MetaFunction = () => [{ title: "Statement preview | Mafunzo Admin" }];

function notFound(): never {
  throw data({ error: "This statement upload does not exist." }, { status: 404 });
}

async function importOf(params: { id?: string }) {
  const id = parseId(params.id) ?? notFound();
  return (await findImport(id)) ?? notFound();
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const item = await importOf(args.params);
  try {
    if (item.kind === "bank" && !item.mapping) {
      return { item, columns: await importColumns(item), lines: null, error: null };
    }
    return { item, columns: null, lines: await previewImport(item), error: null };
  } catch (error) {
    if (error instanceof StatementRefusal) return { item, columns: null, lines: null, error: error.message };
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAdmin(args);
  const form = await readForm(args.request, ImportActionSchema);
  const item = await importOf(args.params);
  // the checkboxes post one "line" per accepted line
  const parsed = ImportActionSchema.safeParse({ ...Object.fromEntries(form), line: form.getAll("line") });
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "Check the form." }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "map") {
    const outcome = await setImportMapping(actor, item, input);
    if (!outcome.ok) return data({ error: outcome.message }, { status: 400 });
    return redirect(`/admin/finance/imports/${item.id}`);
  }
  try {
    const outcome = await commitImport(actor, item, input.line);
    if (!outcome.ok) return data({ error: outcome.message }, { status: 400 });
    return redirectWithToast("/admin/finance/payments", {
      title: "Statement imported",
      description: `${outcome.recorded} payment(s) recorded${outcome.skipped ? `, ${outcome.skipped} already in the ledger` : ""}.`,
    });
  } catch (error) {
    if (error instanceof StatementRefusal) return data({ error: error.message }, { status: 400 });
    throw error;
  }
}

const STATES: Record<PreviewLine["state"], { label: string; tone: BadgeTone }> = {
  matched: { label: "Matched", tone: "green" },
  unmatched: { label: "No booking found", tone: "yellow" },
  recorded: { label: "Already recorded", tone: "grey" },
  refused: { label: "Refused", tone: "red" },
};

export default function FinanceImport({ loaderData, actionData }: Route.ComponentProps) {
  const { item, columns, lines, error } = loaderData;
  useErrorToast(actionData, "Not imported");
  const counts = lines
    ? (Object.keys(STATES) as PreviewLine["state"][]).map(
        (state) => [state, lines.filter((l) => l.state === state).length] as const,
      )
    : [];
  return (
    <div className="space-y-6">
      <BackLink to="/admin/finance/imports">Back to statements</BackLink>
      <PageHeader
        title={item.filename}
        description={item.kind === "mpesa" ? "M-PESA statement" : "Bank statement"}
      />
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}
      {columns ? (
        <Form
          method="post"
          className="grid max-w-xl gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 className="text-lg font-semibold text-slate-900">Which column holds what?</h2>
          <input type="hidden" name="intent" value="map" />
          {BANK_FIELDS.map((field) => (
            <SelectField key={field} label={BANK_FIELD_LABELS[field]} name={field} defaultValue="">
              <option value="" disabled>
                Choose a column
              </option>
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </SelectField>
          ))}
          <div>
            <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
              Preview the lines
            </button>
          </div>
        </Form>
      ) : null}
      {lines ? (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="commit" />
          <p className="flex flex-wrap gap-2 text-sm">
            {counts.map(([state, n]) => (
              <Badge key={state} tone={STATES[state].tone}>
                {STATES[state].label}: {n}
              </Badge>
            ))}
          </p>
          <ul className="space-y-2">
            {lines.map((line) => {
              const selectable = line.state === "matched" || line.state === "unmatched";
              return (
                <li
                  key={line.line}
                  data-testid="import-line"
                  data-state={line.state}
                  className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
                >
                  {selectable ? (
                    <input
                      type="checkbox"
                      name="line"
                      value={line.line}
                      defaultChecked
                      id={`line-${line.line}`}
                      className="mt-1 size-5 shrink-0"
                      aria-label={`Import line ${line.line}: ${line.code}`}
                    />
                  ) : (
                    <span className="size-5 shrink-0" />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                      <span>Line {line.line}</span>
                      <span className="break-all">{line.code ?? "—"}</span>
                      {line.amountCents ? (
                        <span className="tabular-nums">{formatKes(line.amountCents)}</span>
                      ) : null}
                      <Badge tone={STATES[line.state].tone}>{STATES[line.state].label}</Badge>
                    </p>
                    <p className="break-words text-slate-700">
                      {[
                        line.receivedOn,
                        line.payer,
                        line.accountReference && `Account “${line.accountReference}”`,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                    {line.bookingReference ? (
                      <p className="text-green-800">Pays {line.bookingReference}</p>
                    ) : null}
                    {line.refusal ? <p className="text-red-800">{line.refusal}</p> : null}
                  </div>
                </li>
              );
            })}
          </ul>
          <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
            Import the ticked lines
          </button>
        </Form>
      ) : null}
    </div>
  );
}
