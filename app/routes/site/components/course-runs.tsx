import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { SaveButton } from "#app/components/admin/save-button";
import { Badge } from "#app/components/ui/badge";
import { BoundCheckbox, BoundInput, BoundSelect } from "#app/components/ui/conform-fields";
import { OFFICE_CURRENCY, OFFICE_NAMES, SELLING_OFFICES } from "#app/offices/index";
import { numericInput } from "#app/platform/forms/form-fields";
import { DeleteCardForm } from "#app/routes/site/components/delete-card-form";
import {
  CourseRunSchema,
  DELIVERY_LABELS,
  DELIVERY_MODES,
  privateRunLabel,
  RUN_STATUSES,
} from "#app/site/index";
import { formatKsh } from "#app/utils/money";

export type RunValues = {
  id: string;
  startDate: string | null;
  endDate: string | null;
  label: string | null;
  venue: string | null;
  country: string | null;
  deliveryMode: string;
  capacity: number | null;
  minParticipants: number | null;
  costOverride: string | null;
  sellingOffice?: string;
  currency?: string;
  priceUsd?: number | null;
  status: string;
  private: boolean;
  /** the organisation a private run is for, when it came from a quote */
  organisationName: string | null;
  updatedAt: Date | string;
  /** Why the run is kept (bookings, issued documents); null when it can be deleted. */
  keptBecause?: string | null;
  standing?: "ahead" | "held" | "cancelled";
};

export type RunFormResult = { formId: string; result: SubmissionResult<string[]> };

const RUN_TONE = { open: "green", full: "yellow", cancelled: "grey" } as const;

function RunForm({ run, lastResult }: { run?: RunValues; lastResult?: RunFormResult | null }) {
  const formId = run ? `run-${run.id}` : "run-new";
  const intent = run ? "update-run" : "create-run";
  const [form, fields] = useForm({
    id: formId,
    lastResult: lastResult?.formId === formId ? lastResult.result : undefined,
    defaultValue: run
      ? {
          ...run,
          capacity: numericInput(run.capacity),
          minParticipants: numericInput(run.minParticipants),
          costOverride: numericInput(run.costOverride),
          priceUsd: numericInput(run.priceUsd ?? null),
          private: run.private ? "on" : undefined,
        }
      : { deliveryMode: "physical", status: "open" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CourseRunSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 pt-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="formId" value={formId} />
      {run ? <input type="hidden" name="runId" value={run.id} /> : null}
      <FormAlert>{form.errors?.join(" ")}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <BoundInput label="Start date" meta={fields.startDate} type="date" />
        <BoundInput label="End date" meta={fields.endDate} type="date" />
        <BoundInput label="Display label" hint='e.g. "3rd - 7th March 2025"' meta={fields.label} />
        <BoundInput label="Venue" meta={fields.venue} />
        <BoundInput label="Country" meta={fields.country} />
        <BoundSelect label="Delivery" meta={fields.deliveryMode}>
          {DELIVERY_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {DELIVERY_LABELS[mode]}
            </option>
          ))}
        </BoundSelect>
        <BoundInput label="Capacity" inputMode="numeric" meta={fields.capacity} />
        <BoundInput
          label="Minimum group"
          hint="Fewest participants worth running; empty: no minimum"
          inputMode="numeric"
          meta={fields.minParticipants}
        />
        <BoundSelect label="Selling office" meta={fields.sellingOffice}>
          <option value="">By the venue's country</option>
          {SELLING_OFFICES.map((office) => (
            <option key={office} value={office}>
              {OFFICE_NAMES[office]} ({OFFICE_CURRENCY[office]})
            </option>
          ))}
        </BoundSelect>
        <BoundInput
          label="Price (the office's currency)"
          hint="Empty: the course cost (KES) applies; Kampala (UGX) and Kigali (RWF) dates need their own"
          inputMode="decimal"
          meta={fields.costOverride}
        />
        <BoundInput
          label="USD price (optional)"
          hint="For donors and international NGOs"
          inputMode="decimal"
          meta={fields.priceUsd}
        />
        <BoundSelect label="Run status" meta={fields.status}>
          {RUN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0]?.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </BoundSelect>
        <BoundCheckbox
          meta={fields.private}
          label="Private (in-house): on no public page, feed or form"
          className="self-end pb-2"
        />
      </div>
      <SaveButton
        isMine={(data) => data.get("intent") === intent && (data.get("runId") ?? null) === (run?.id ?? null)}
      >
        {run ? "Save course date" : "Add course date"}
      </SaveButton>
    </Form>
  );
}

/** A run's own price as the office typed it, in its currency. */
function runPrice(amount: string, currency = "KES") {
  return currency === "KES" ? formatKsh(amount) : `${currency} ${Number(amount).toLocaleString("en-US")}`;
}

function when(run: RunValues) {
  if (run.label) return run.label;
  if (run.startDate) return run.endDate ? `${run.startDate} to ${run.endDate}` : run.startDate;
  return "Dates to be announced";
}

/** A course's runs, each editable in place, and a form to add one. */
/** The course's runs; those who may schedule (`canSchedule`) also add, edit, delete and cancel them here. */
export function CourseRuns({
  runs,
  lastResult,
  canSchedule,
}: {
  runs: RunValues[];
  lastResult?: RunFormResult | null;
  canSchedule: boolean;
}) {
  return (
    <section
      aria-labelledby="runs-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="runs-heading" className="text-base font-semibold text-slate-900">
        Runs ({runs.length})
      </h2>
      {runs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No runs scheduled yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {runs.map((run) => (
            <li
              key={run.id}
              id={`course-date-${run.id}`}
              className="scroll-mt-4 py-3"
              data-testid="course-run"
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <p className="font-medium text-slate-900">{when(run)}</p>
                  {run.private ? (
                    <p className="text-sm font-semibold text-blue-800">{privateRunLabel(run)}</p>
                  ) : null}
                  <p className="text-sm text-slate-600">
                    {[
                      run.venue,
                      run.country,
                      DELIVERY_LABELS[run.deliveryMode as keyof typeof DELIVERY_LABELS],
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                    {run.capacity ? ` · ${run.capacity} places` : ""}
                    {run.costOverride ? ` · ${runPrice(run.costOverride, run.currency)}` : ""}
                    {run.sellingOffice && run.sellingOffice !== "nairobi"
                      ? ` · sold by ${OFFICE_NAMES[run.sellingOffice as keyof typeof OFFICE_NAMES] ?? run.sellingOffice}`
                      : ""}
                    {run.priceUsd != null ? ` · USD ${run.priceUsd.toLocaleString("en-US")}` : ""}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Link
                    to={`runs/${run.id}`}
                    className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-brand-700 underline"
                  >
                    Participants <span className="sr-only">of {when(run)}</span>
                  </Link>
                  <Badge tone={RUN_TONE[run.status as keyof typeof RUN_TONE] ?? "grey"}>{run.status}</Badge>
                  {run.keptBecause || !canSchedule ? null : (
                    <DeleteCardForm
                      id={run.id}
                      label={`run ${when(run)}`}
                      message={`Are you sure you want to delete the run "${when(run)}"?`}
                      showPending
                      intent="delete-run"
                      idName="runId"
                    />
                  )}
                </div>
              </div>
              {run.keptBecause ? (
                <p className="mt-1 text-sm text-slate-600" data-testid="run-kept-because">
                  {run.keptBecause}{" "}
                  {run.standing !== "ahead" || !canSchedule ? null : (
                    <Link to={`runs/${run.id}#cancel-run`} className="font-semibold text-brand-700 underline">
                      Cancel it on its page <span className="sr-only">({when(run)})</span>
                    </Link>
                  )}
                </p>
              ) : null}
              {canSchedule ? (
                <details className="mt-2" open={lastResult?.formId === `run-${run.id}` || undefined}>
                  <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                    Edit run <span className="sr-only">{when(run)}</span>
                  </summary>
                  <RunForm key={new Date(run.updatedAt).toISOString()} run={run} lastResult={lastResult} />
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canSchedule ? (
        <details
          className="mt-4 border-t border-slate-200 pt-4"
          open={lastResult?.formId === "run-new" || undefined}
        >
          <summary className="cursor-pointer font-semibold text-brand-700">Add a course date</summary>
          <RunForm key={runs.length} lastResult={lastResult} />
        </details>
      ) : null}
    </section>
  );
}
