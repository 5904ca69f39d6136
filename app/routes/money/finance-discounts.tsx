import { useState } from "react";
import { data, Form } from "react-router";
import { offerRunSeats } from "#app/bookings/index.server";
import { PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { CodeSeatsSchema, DiscountCodeSchema, DiscountRuleSchema, EndDiscountSchema } from "#app/money/index";
import {
  addDiscountCode,
  addDiscountRule,
  discountChoices,
  endDiscount,
  listDiscounts,
  releaseCodeSeats,
  setCodeSeats,
} from "#app/money/index.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canManageMoney, canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";
import { termsText } from "#app/utils/discounts";
import type { Route } from "./+types/finance-discounts";

export const meta: Route.MetaFunction = () => [{ title: "Discounts | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadMoney);
  const [discounts, choices] = await Promise.all([listDiscounts(db()), discountChoices(db())]);
  return { ...discounts, choices };
}

type Outcome = { ok: boolean; message: string; field?: string };

const SCHEMAS = { "add-rule": DiscountRuleSchema, "add-code": DiscountCodeSchema } as const;

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageMoney);
  const fields = Object.fromEntries(
    await readForm(args.request, [
      DiscountRuleSchema,
      DiscountCodeSchema,
      EndDiscountSchema,
      CodeSeatsSchema,
    ]),
  );
  const refuse = (message: string, field?: string) =>
    data<Outcome>({ ok: false, message, field }, { status: 400 });
  const intent = String(fields.intent ?? "");
  if (intent === "end-rule" || intent === "end-code") {
    const ended = EndDiscountSchema.safeParse(fields);
    if (!ended.success) return refuse(ended.error.issues[0]?.message ?? "Choose a discount from the list");
    const outcome = await moneyTransaction(async (tx) => {
      const done = await endDiscount(tx, actor, intent === "end-rule" ? "rule" : "code", ended.data.id);
      // the seats an ended code held are offered to the date's waiting list, as any seat that frees
      if (done.runId) await offerRunSeats(tx, done.runId);
      return done;
    });
    return data<Outcome>(outcome, { status: outcome.ok ? 200 : 409 });
  }
  if (intent === "hold-seats" || intent === "release-seats") {
    const parsed = CodeSeatsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(issue?.message ?? "Invalid request.", issue?.path.join("."));
    }
    const input = parsed.data;
    const outcome = await moneyTransaction(async (tx) => {
      if (input.intent === "hold-seats") return setCodeSeats(tx, actor, input.id, input.seats);
      const done = await releaseCodeSeats(tx, actor, input.id);
      if (done.runId) await offerRunSeats(tx, done.runId);
      return done;
    });
    return data<Outcome>(outcome, { status: outcome.ok ? 200 : 409 });
  }
  if (intent !== "add-rule" && intent !== "add-code") return refuse("Invalid request.");
  const parsed = SCHEMAS[intent].safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(issue?.message ?? "Invalid request.", issue?.path.join("."));
  }
  const outcome = await moneyTransaction((tx) =>
    "kind" in parsed.data
      ? addDiscountRule(tx, actor, parsed.data)
      : addDiscountCode(tx, actor, parsed.data as Parameters<typeof addDiscountCode>[2]),
  );
  return data<Outcome>(outcome, { status: outcome.ok ? 200 : 409 });
}

function ValueFields() {
  return (
    <>
      <SelectField label="Discount" name="valueKind" defaultValue="percent" required>
        <option value="percent">Percentage off each participant</option>
        <option value="amount">Amount (KES) off each participant</option>
      </SelectField>
      <InputField label="Percentage or amount" name="value" required inputMode="decimal" maxLength={20} />
    </>
  );
}

function CourseAndDate({
  choices,
  optional,
}: {
  choices: Route.ComponentProps["loaderData"]["choices"];
  optional: boolean;
}) {
  const [courseId, setCourseId] = useState("");
  const runs = choices.find((c) => c.id === courseId)?.runs ?? [];
  return (
    <>
      <SelectField
        label={optional ? "Course (empty: any)" : "Course"}
        name="courseId"
        value={courseId}
        onChange={(event) => setCourseId(event.target.value)}
        required={!optional}
      >
        <option value="">{optional ? "Any course" : "Choose a course"}</option>
        {choices.map((course) => (
          <option key={course.id} value={course.id}>
            {course.title}
          </option>
        ))}
      </SelectField>
      <SelectField label="Date (empty: every date)" name="runId" defaultValue="">
        <option value="">Every date of the course</option>
        {runs.map((run) => (
          <option key={run.id} value={run.id}>
            {run.label}
          </option>
        ))}
      </SelectField>
    </>
  );
}

export default function FinanceDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, codes, choices } = loaderData;
  const mayManage = canManageMoney(useStaff());
  const [kind, setKind] = useState<"early_bird" | "group">("group");
  useOutcomeToast(actionData, "Discount not saved");
  const problem = actionData && !actionData.ok ? actionData.message : null;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Discounts"
        description="Taken off each participant in this order: list price, early bird, group rate, code. VAT is worked out on what is left."
      />
      {problem ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {problem}
        </p>
      ) : null}
      <section aria-labelledby="rules-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="rules-heading" className="text-lg font-semibold text-slate-900">
          Early-bird and group rules
        </h2>
        <ul className="mt-3 space-y-2 text-sm text-slate-800">
          {rules.length === 0 ? <li>No rules yet.</li> : null}
          {rules.map((rule) => (
            <li key={rule.id} data-testid="discount-rule" className="flex flex-wrap items-center gap-3">
              <span className={rule.endedAt ? "text-slate-500 line-through" : undefined}>
                {rule.course}
                {rule.run ? ` (${rule.run})` : ""}:{" "}
                {rule.kind === "group"
                  ? `groups of ${rule.minParticipants} or more from one organisation${rule.windowDays ? `, bookings within ${rule.windowDays} days` : ""}`
                  : `early bird, booked by ${formatLongDate(rule.until as string)}`}{" "}
                get {termsText(rule)} off
              </span>
              {mayManage && !rule.endedAt ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-rule" />
                  <input type="hidden" name="id" value={rule.id} />
                  <Button type="submit" variant="outline" className="min-h-11">
                    End
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {mayManage ? (
          <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-3 sm:items-end" aria-label="Add a rule">
            <input type="hidden" name="intent" value="add-rule" />
            <SelectField
              label="Rule"
              name="kind"
              value={kind}
              onChange={(event) => setKind(event.target.value as "early_bird" | "group")}
            >
              <option value="group">Group rate</option>
              <option value="early_bird">Early bird</option>
            </SelectField>
            <CourseAndDate choices={choices} optional={false} />
            <ValueFields />
            {kind === "early_bird" ? (
              <InputField label="Last day to book" name="until" type="date" required />
            ) : (
              <>
                <InputField
                  label="Participants that make a group"
                  name="minParticipants"
                  inputMode="numeric"
                  required
                />
                <InputField
                  label="Count bookings made within (days, optional)"
                  name="windowDays"
                  inputMode="numeric"
                />
              </>
            )}
            <Button type="submit" className="min-h-11">
              Add rule
            </Button>
          </Form>
        ) : null}
      </section>
      <section aria-labelledby="codes-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="codes-heading" className="text-lg font-semibold text-slate-900">
          Codes
        </h2>
        <ul className="mt-3 space-y-2 text-sm text-slate-800">
          {codes.length === 0 ? <li>No codes yet.</li> : null}
          {codes.map((code) => (
            <li key={code.id} data-testid="discount-code" className="flex flex-wrap items-center gap-3">
              <span className={code.endedAt ? "text-slate-500 line-through" : undefined}>
                <strong className="font-mono">{code.code}</strong> for {code.sponsor}: {termsText(code)} off
                {code.course ? `, ${code.course}` : ", any course"}
                {code.run ? ` (${code.run})` : ""}
                {code.validUntil ? `, until ${formatLongDate(code.validUntil)}` : ""}; used by{" "}
                {code.usedSeats}
                {code.maxUses ? ` of ${code.maxUses}` : ""} participants
                {code.budgetCents
                  ? `; ${formatKes(code.spentCents)} of ${formatKes(code.budgetCents)} budget`
                  : ""}
                {code.heldSeats?.live
                  ? `; holds ${code.heldSeats.seats} ${code.heldSeats.seats === 1 ? "seat" : "seats"}, ${code.heldSeats.used} used`
                  : ""}
              </span>
              {mayManage && !code.endedAt && code.runId ? (
                <Form
                  method="post"
                  className="flex items-end gap-2"
                  aria-label={`Seats held for ${code.code}`}
                >
                  <input type="hidden" name="intent" value="hold-seats" />
                  <input type="hidden" name="id" value={code.id} />
                  <InputField
                    label="Seats to hold"
                    name="seats"
                    inputMode="numeric"
                    maxLength={3}
                    required
                    defaultValue={code.heldSeats?.live ? String(code.heldSeats.seats) : ""}
                  />
                  <Button type="submit" variant="outline" className="min-h-11">
                    Hold seats
                  </Button>
                </Form>
              ) : null}
              {mayManage && !code.endedAt && code.heldSeats?.live ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="release-seats" />
                  <input type="hidden" name="id" value={code.id} />
                  <Button type="submit" variant="outline" className="min-h-11">
                    Release seats
                  </Button>
                </Form>
              ) : null}
              {mayManage && !code.endedAt ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-code" />
                  <input type="hidden" name="id" value={code.id} />
                  <Button type="submit" variant="outline" className="min-h-11">
                    End
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {mayManage ? (
          <Form
            method="post"
            className="mt-4 grid gap-3 sm:grid-cols-3 sm:items-end"
            aria-label="Issue a code"
          >
            <input type="hidden" name="intent" value="add-code" />
            <InputField label="Code" name="code" required maxLength={30} autoComplete="off" />
            <InputField label="For (sponsor, donor or group)" name="sponsor" required maxLength={200} />
            <CourseAndDate choices={choices} optional />
            <ValueFields />
            <InputField label="Valid until (optional)" name="validUntil" type="date" />
            <InputField
              label="Participants it may be used for (optional)"
              name="maxUses"
              inputMode="numeric"
            />
            <InputField label="Budget in KES (optional)" name="budget" inputMode="decimal" />
            <Button type="submit" className="min-h-11">
              Issue code
            </Button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}
