import { data, Form, Link, redirect } from "react-router";
import { parseListQuery } from "#app/back-office/index";
import { BackLink } from "#app/components/admin/back-link";
import { Pagination, useQueryHref } from "#app/components/admin/list-controls";
import { PageHeader } from "#app/components/admin/page-header";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { SelectField } from "#app/components/ui/field";
import {
  BANK_FIELD_LABELS,
  BANK_FIELDS,
  IMPORT_SKIP_UNREADABLE,
  ImportActionSchema,
  ImportQuerySchema,
} from "#app/money/index";
import {
  commitImport,
  findImport,
  importColumns,
  type PreviewLine,
  previewImport,
  previewPage,
  StatementRefusal,
  setImportMapping,
} from "#app/money/index.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { readForm } from "#app/platform/forms/form-input.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { canManageMoney, canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { lineListText, parseLineList } from "#app/utils/line-list";
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
  await requireAllowed(args, canReadMoney);
  const item = await importOf(args.params);
  const query = parseListQuery(ImportQuerySchema, new URL(args.request.url));
  try {
    if (item.kind === "bank" && !item.mapping) {
      return { item, columns: await importColumns(item), preview: null, skip: "", error: null };
    }
    const leftOut = query.skip === null ? null : parseLineList(query.skip);
    if (query.skip === null || leftOut === null) {
      return { item, columns: null, preview: null, skip: "", error: IMPORT_SKIP_UNREADABLE };
    }
    const preview = previewPage(await previewImport(item), query.page, leftOut);
    return { item, columns: null, preview, skip: query.skip, error: null };
  } catch (error) {
    if (error instanceof StatementRefusal) {
      return { item, columns: null, preview: null, skip: "", error: error.message };
    }
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageMoney);
  const form = await readForm(args.request, ImportActionSchema);
  const item = await importOf(args.params);
  const parsed = ImportActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "Check the form." }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "map") {
    const outcome = await setImportMapping(actor, item, input);
    if (!outcome.ok) return data({ error: outcome.message }, { status: 400 });
    return redirect(`/admin/finance/imports/${item.id}`);
  }
  try {
    const outcome = await commitImport(actor, item, {
      leftOut: parseLineList(input.skip) ?? new Set(),
      fingerprint: input.preview,
    });
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
  const { item, columns, preview, skip, error } = loaderData;
  useErrorToast(actionData, "Not imported");
  const href = useQueryHref();
  const mayImport = canManageMoney(useStaff());
  const leftOut = parseLineList(skip) ?? new Set<number>();
  const toggle = (line: number) => {
    const next = new Set(leftOut);
    if (!next.delete(line)) next.add(line);
    return href({ skip: lineListText(next), page: preview?.page ?? 1 });
  };
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
      {columns && mayImport ? (
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
      {preview ? (
        <div className="space-y-4">
          <p className="flex flex-wrap gap-2 text-sm">
            {(Object.keys(STATES) as PreviewLine["state"][]).map((state) => (
              <Badge key={state} tone={STATES[state].tone}>
                {STATES[state].label}: {preview.counts[state].toLocaleString("en")}
              </Badge>
            ))}
            {preview.leftOut > 0 ? <Badge tone="grey">Left out: {preview.leftOut}</Badge> : null}
          </p>
          <p className="text-sm text-slate-700">
            Every matched and unmatched line is imported unless you leave it out.
          </p>
          <ul className="space-y-2">
            {preview.lines.map((line) => (
              <PreviewRow
                key={line.line}
                line={line}
                leftOut={leftOut.has(line.line)}
                toggleHref={mayImport ? toggle(line.line) : undefined}
              />
            ))}
          </ul>
          <Pagination page={preview.page} pageCount={preview.pageCount} total={preview.total} />
          {mayImport ? (
            <Form method="post">
              <input type="hidden" name="intent" value="commit" />
              <input type="hidden" name="skip" value={skip} />
              <input type="hidden" name="preview" value={preview.fingerprint} />
              <button
                type="submit"
                disabled={preview.toImport === 0}
                className={buttonClass("primary", "md", "min-h-11")}
              >
                Import {preview.toImport.toLocaleString("en")} {preview.toImport === 1 ? "line" : "lines"}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function PreviewRow({
  line,
  leftOut,
  toggleHref,
}: {
  line: PreviewLine;
  leftOut: boolean;
  /** Absent for those who may read the statement but not import it. */
  toggleHref?: string;
}) {
  const selectable = toggleHref && (line.state === "matched" || line.state === "unmatched");
  return (
    <li
      data-testid="import-line"
      data-state={line.state}
      data-left-out={leftOut || undefined}
      className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          <span>Line {line.line}</span>
          <span className="break-all">{line.code ?? "—"}</span>
          {line.amountCents ? <span className="tabular-nums">{formatKes(line.amountCents)}</span> : null}
          <Badge tone={STATES[line.state].tone}>{STATES[line.state].label}</Badge>
          {leftOut ? <Badge tone="grey">Left out</Badge> : null}
        </p>
        <p className="break-words text-slate-700">
          {[line.receivedOn, line.payer, line.accountReference && `Account “${line.accountReference}”`]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {line.bookingReference ? <p className="text-green-800">Pays {line.bookingReference}</p> : null}
        {line.note ? <p className="text-slate-700">{line.note}</p> : null}
        {line.refusal ? <p className="text-red-800">{line.refusal}</p> : null}
      </div>
      {selectable ? (
        <Link
          to={toggleHref}
          replace
          preventScrollReset
          className={buttonClass("outline", "sm", "min-h-11")}
          aria-label={`${leftOut ? "Put back" : "Leave out"} line ${line.line} (${line.code})`}
        >
          {leftOut ? "Put back" : "Leave out"}
        </Link>
      ) : null}
    </li>
  );
}
