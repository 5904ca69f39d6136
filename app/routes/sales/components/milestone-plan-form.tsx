import { Form } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { MAX_MILESTONES } from "#app/sales/index";
import { centsToDecimal, formatKes } from "#app/utils/cents";

type Planned = { title: string; dueOn: string; amountCents: number };
type Errors = Record<string, string[] | null | undefined>;

/** Spare rows beyond the planned milestones, for adding some. */
const SPARE_ROWS = 3;

/** The office's plan of milestones, the planned ones filled in: saved only when they add up to the total. */
export function MilestonePlanForm({
  milestones,
  totalCents,
  errors = {},
}: {
  milestones: Planned[];
  totalCents: number;
  errors?: Errors;
}) {
  const rows = Math.min(MAX_MILESTONES, Math.max(milestones.length + SPARE_ROWS, 4));
  return (
    <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <input type="hidden" name="intent" value="plan" />
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">Plan the milestones</legend>
        <p className="text-sm text-slate-700">
          Amounts in Kenya shillings, VAT included as in the quote; together they make the engagement's total,{" "}
          {formatKes(totalCents)}. The plan is fixed once a milestone is invoiced. Leave a row empty to leave
          it out.
        </p>
        {errors.milestones ? <p className="text-sm text-red-700">{errors.milestones[0]}</p> : null}
        {Array.from({ length: rows }, (_, i) => {
          const planned = milestones[i];
          return (
            <div
              // the rows are fixed: their index is their identity
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows
              key={i}
              className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-[1fr_10rem_10rem]"
            >
              <InputField
                label={`Milestone ${i + 1}: title`}
                name={`milestones[${i}].title`}
                maxLength={200}
                defaultValue={planned?.title}
                errors={errors[`milestones[${i}].title`]}
              />
              <InputField
                label={`Milestone ${i + 1}: due date`}
                name={`milestones[${i}].dueOn`}
                type="date"
                defaultValue={planned?.dueOn}
                errors={errors[`milestones[${i}].dueOn`]}
              />
              <InputField
                label={`Milestone ${i + 1}: amount (KES)`}
                name={`milestones[${i}].amount`}
                inputMode="decimal"
                defaultValue={planned ? centsToDecimal(planned.amountCents) : undefined}
                errors={errors[`milestones[${i}].amount`]}
              />
            </div>
          );
        })}
      </fieldset>
      <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
        Save milestones
      </button>
    </Form>
  );
}
