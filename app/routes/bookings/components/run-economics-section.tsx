import { useFetcher } from "react-router";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { COST_BASIS_LABELS, COST_KIND_LABELS, DECISION_LABELS } from "#app/delivery/index";
import { type RESOURCE_CURRENCIES, RUN_COST_BASES, RUN_COST_KINDS } from "#app/platform/db/enums";
import { canDecideRuns, canManageRunCosts } from "#app/staff/index";
import { formatLongDate } from "#app/utils/dates";
import { formatMinor } from "#app/utils/minor-units";

type Currency = (typeof RESOURCE_CURRENCIES)[number];
type Margin = { participants: number; margin: number } | null;
type Row = {
  id: string | null;
  stage: "planned" | "actual";
  kind: keyof typeof COST_KIND_LABELS;
  basis: keyof typeof COST_BASIS_LABELS;
  description: string;
  amountMinor: number;
  currency: Currency;
  source: string;
  note: string | null;
};
export type EconomicsView = {
  run: { currency: Currency; minParticipants: number | null; capacity: number | null };
  days: number;
  priceMinor: number | null;
  rows: Row[];
  booked: number;
  revenueBooked: number;
  revenueExpected: number;
  expectedParticipants: number;
  showUpRate: number | null;
  plannedCost: number;
  actualCost: number;
  profit: number;
  breakEven: number | null;
  margins: { booked: Margin; minimum: Margin; capacity: Margin };
  decisionDate: string | null;
  decision: { decision: keyof typeof DECISION_LABELS; reason: string; decidedAt: string | Date } | null;
  tentative: boolean;
};

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3" data-testid={testId}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900 wrap-anywhere">{value}</dd>
    </div>
  );
}

/**
 * The run's numbers, live from its first booking (issue 48): revenue booked and expected, costs, break-even,
 * margins at bookings, the minimum and capacity; its costs, planned and actual; and the go/no-go decision.
 */
export function RunEconomicsSection({
  action,
  economics: e,
  nextRuns,
}: {
  action: string;
  economics: EconomicsView;
  nextRuns: { id: string; label: string }[];
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key: "run-economics" });
  useOutcomeToast(fetcher.data, "Not saved");
  const staff = useStaff();
  const money = (n: number) => formatMinor(n, e.run.currency);
  const margin = (m: Margin, what: string) =>
    m ? `${money(m.margin)} at ${m.participants} (${what})` : `No ${what} set`;
  return (
    <section
      id="economics"
      aria-labelledby="economics-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="economics-heading" className="text-lg font-semibold text-slate-900">
        Economics and go/no-go
      </h2>
      <p className="text-sm text-slate-700" data-testid="decision-state">
        {e.decision
          ? `${DECISION_LABELS[e.decision.decision]}: ${e.decision.reason}`
          : e.tentative
            ? `Tentative: the go/no-go decision is due ${e.decisionDate ? formatLongDate(e.decisionDate) : "once the dates are set"}.`
            : "Cancelled."}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Figure label="Revenue booked (net of VAT)" value={money(e.revenueBooked)} testId="revenue-booked" />
        <Figure
          label={`Expected (show-up ${e.showUpRate === null ? "100 %, no history yet" : `${Math.round(e.showUpRate * 100)} %`})`}
          value={`${money(e.revenueExpected)}, ${e.expectedParticipants} people`}
        />
        <Figure label="Planned costs at bookings" value={money(e.plannedCost)} />
        <Figure label="Actual costs" value={money(e.actualCost)} testId="actual-costs" />
        <Figure
          label="Break-even participants"
          value={e.breakEven === null ? "None at this price" : String(e.breakEven)}
          testId="break-even"
        />
        <Figure label="Margin at bookings" value={margin(e.margins.booked, "booked")} />
        <Figure label="Margin at the minimum" value={margin(e.margins.minimum, "minimum")} />
        <Figure label="Margin at capacity" value={margin(e.margins.capacity, "capacity")} />
      </dl>
      <p className="text-sm text-slate-600">
        Fee per participant {e.priceMinor === null ? "not set" : `${money(e.priceMinor)} net of VAT`} ·{" "}
        {e.days} session days · {e.booked} booked · profit so far (revenue less actual costs){" "}
        <span className="font-semibold">{money(e.profit)}</span>
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label="Costs">
          <thead className="text-xs text-slate-600">
            <tr>
              <th className="py-1 pr-2">Cost</th>
              <th className="py-1 pr-2">Kind</th>
              <th className="py-1 pr-2">How</th>
              <th className="py-1 pr-2 text-right">Amount</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody>
            {e.rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="py-2 text-slate-600">
                  No costs yet: ask a trainer, hold a room or add a cost.
                </td>
              </tr>
            ) : null}
            {e.rows.map((row, i) => (
              <tr key={row.id ?? `derived-${i}`} className="border-t border-slate-100" data-testid="cost-row">
                <td className="py-1 pr-2 wrap-anywhere">
                  {row.stage === "actual" ? "Actual: " : "Planned: "}
                  {row.description}
                  {row.note ? <span className="block text-xs text-amber-800">{row.note}</span> : null}
                </td>
                <td className="py-1 pr-2">{COST_KIND_LABELS[row.kind]}</td>
                <td className="py-1 pr-2">{COST_BASIS_LABELS[row.basis]}</td>
                <td className="py-1 pr-2 text-right whitespace-nowrap">
                  {formatMinor(row.amountMinor, row.currency)}
                </td>
                <td className="py-1">
                  {row.id && row.source !== "venue_penalty" && canManageRunCosts(staff) ? (
                    <fetcher.Form method="post" action={action}>
                      <input type="hidden" name="id" value={row.id} />
                      <Button type="submit" name="intent" value="remove-cost" variant="outline" size="sm">
                        Remove <span className="sr-only">{row.description}</span>
                      </Button>
                    </fetcher.Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canManageRunCosts(staff) ? (
        <fetcher.Form method="post" action={action} className="grid gap-3 sm:grid-cols-3 sm:items-end">
          <SelectField label="Planned or actual" name="stage" defaultValue="planned">
            <option value="planned">Planned</option>
            <option value="actual">Actual</option>
          </SelectField>
          <SelectField label="Kind" name="kind" defaultValue="materials">
            {RUN_COST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {COST_KIND_LABELS[kind]}
              </option>
            ))}
          </SelectField>
          <SelectField label="How it grows" name="basis" defaultValue="per_participant">
            {RUN_COST_BASES.map((basis) => (
              <option key={basis} value={basis}>
                {COST_BASIS_LABELS[basis]}
              </option>
            ))}
          </SelectField>
          <InputField label="Description" name="description" required className="sm:col-span-2" />
          <InputField label={`Amount (${e.run.currency})`} name="amount" inputMode="decimal" required />
          <div className="sm:col-span-3">
            <Button type="submit" name="intent" value="add-cost">
              Add cost
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
      {!e.decision && e.tentative && canDecideRuns(staff) ? (
        <fetcher.Form
          method="post"
          action={action}
          className="grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="decide" />
          <SelectField label="Decision" name="decision" defaultValue="confirm">
            <option value="confirm">Confirm: it goes ahead</option>
            <option value="postpone">Postpone to the next date</option>
            <option value="cancel">Cancel</option>
          </SelectField>
          <SelectField label="Next date (when postponing)" name="toRun" defaultValue="">
            <option value="">Not postponing</option>
            {nextRuns.map((run) => (
              <option key={run.id} value={run.id}>
                {run.label}
              </option>
            ))}
          </SelectField>
          <TextareaField label="Reason" name="reason" rows={2} required className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <Button type="submit">Record decision</Button>
          </div>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
