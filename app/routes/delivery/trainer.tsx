import { data, Form } from "react-router";
import { PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import {
  RESOURCE_CURRENCIES,
  RemoveLeaveSchema,
  TrainerActionSchema,
  TrainerLeaveSchema,
  TrainerProfileSchema,
  WEEKDAY_LABELS,
} from "#app/delivery/index";
import {
  addTrainerLeave,
  feeStatement,
  getTrainer,
  listCourseChoices,
  type ProfileOutcome,
  removeTrainerLeave,
  saveTrainerProfile,
  statementMonth,
} from "#app/delivery/index.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { readForm } from "#app/platform/forms/form-input.server";
import { FeeStatementView } from "#app/routes/delivery/components/fee-statement-view";
import { canManageTrainers, canReadTrainerFees, canReadTrainers } from "#app/staff/index";
import { requireAllowed, staffOf } from "#app/staff/index.server";
import { formatLongDate } from "#app/utils/dates";
import { type MinorCurrency, minorToInput } from "#app/utils/minor-units";
import type { Route } from "./+types/trainer";

export const meta: Route.MetaFunction = () => [{ title: "Trainer | Mafunzo Admin" }];

const notFound = () => data({ error: "No trainer with this account." }, { status: 404 });

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canReadTrainers);
  const userId = parseId(args.params.userId);
  const trainer = userId ? await getTrainer(userId) : undefined;
  if (!trainer) throw notFound();
  const statement = canReadTrainerFees(staffOf(admin))
    ? await feeStatement(trainer.id, statementMonth(new URL(args.request.url)))
    : undefined;
  return { trainer, courses: await listCourseChoices(), statement };
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageTrainers);
  const formData = await readForm(args.request, TrainerActionSchema);
  const userId = parseId(args.params.userId);
  if (!userId) throw notFound();
  const fields: Record<string, unknown> = {
    ...Object.fromEntries(formData),
    weekdays: formData.getAll("weekdays"),
    courses: formData.getAll("courses"),
  };
  const refused = (error: { issues: { message: string }[] }) =>
    data<ProfileOutcome>(
      { ok: false, status: 400, message: error.issues[0]?.message ?? "Invalid request." },
      { status: 400 },
    );
  let outcome: ProfileOutcome;
  if (fields.intent === "add-leave") {
    const parsed = TrainerLeaveSchema.safeParse(fields);
    if (!parsed.success) return refused(parsed.error);
    outcome = await addTrainerLeave(actor, userId, parsed.data);
  } else if (fields.intent === "remove-leave") {
    const parsed = RemoveLeaveSchema.safeParse(fields);
    if (!parsed.success) return refused(parsed.error);
    outcome = await removeTrainerLeave(actor, userId, parsed.data.id);
  } else {
    const parsed = TrainerProfileSchema.safeParse(fields);
    if (!parsed.success) return refused(parsed.error);
    outcome = await saveTrainerProfile(actor, userId, parsed.data);
  }
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export default function Trainer({ loaderData, actionData }: Route.ComponentProps) {
  const { trainer, courses, statement } = loaderData;
  const { profile } = trainer;
  const mayEdit = canManageTrainers(useStaff());
  useOutcomeToast(actionData, "Not saved");
  const currency = profile.currency as MinorCurrency;
  const chosen = new Set(trainer.courses);
  return (
    <div className="space-y-6">
      <PageHeader title={trainer.name ?? trainer.email} description={`Trainer · ${trainer.email}`} />
      {actionData && !actionData.ok ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {actionData.message}
        </p>
      ) : null}
      <section aria-labelledby="profile-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
          Profile
        </h2>
        <Form method="post" className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="profile" />
          <fieldset disabled={!mayEdit} className="space-y-4">
            <div className="grid gap-3 sm:grid-cols-3">
              <InputField
                label="Home office"
                name="homeOffice"
                defaultValue={profile.homeOffice}
                required
                maxLength={80}
              />
              <SelectField label="Engagement" name="engagement" defaultValue={profile.engagement}>
                <option value="associate">Associate (paid per day)</option>
                <option value="employee">Employee (payroll)</option>
              </SelectField>
              <SelectField label="Currency" name="currency" defaultValue={profile.currency}>
                {RESOURCE_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
              <InputField
                label="Day rate"
                name="dayRate"
                inputMode="decimal"
                defaultValue={minorToInput(profile.dayRate, currency)}
                required
              />
              <InputField
                label="Per diem (a day away from the home office)"
                name="perDiem"
                inputMode="decimal"
                defaultValue={minorToInput(profile.perDiem, currency)}
              />
              <InputField
                label="Languages"
                name="languages"
                hint="Separated by commas"
                defaultValue={profile.languages.join(", ")}
                maxLength={200}
              />
              <InputField
                label="KRA PIN"
                name="kraPin"
                defaultValue={profile.kraPin ?? ""}
                maxLength={11}
                hint="A letter, nine digits and a letter"
              />
              <InputField
                label="M-PESA number"
                name="mpesaNumber"
                inputMode="tel"
                defaultValue={profile.mpesaNumber ? `0${profile.mpesaNumber.slice(3)}` : ""}
                maxLength={20}
              />
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Usual working days</legend>
              <div className="mt-1 flex flex-wrap gap-x-4">
                {WEEKDAY_LABELS.map((label, i) => (
                  <label key={label} className="flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="weekdays"
                      value={i + 1}
                      defaultChecked={profile.availableWeekdays.includes(i + 1)}
                      className="size-4"
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Courses they can deliver</legend>
              <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
                {courses.map((course) => (
                  <label key={course.id} className="flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="courses"
                      value={course.id}
                      defaultChecked={chosen.has(course.id)}
                      className="size-4"
                    />
                    <span className="wrap-anywhere">{course.title}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            {mayEdit ? (
              <Button type="submit" className="min-h-11">
                Save profile
              </Button>
            ) : null}
          </fieldset>
        </Form>
      </section>
      <section aria-labelledby="leave-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="leave-heading" className="text-lg font-semibold text-slate-900">
          Leave
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          No request can be sent for a course date with a session in it.
        </p>
        <ul className="mt-2 space-y-1 text-sm">
          {trainer.leave.length === 0 ? <li>None recorded.</li> : null}
          {trainer.leave.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center gap-2" data-testid="leave">
              {formatLongDate(l.startDate)} to {formatLongDate(l.endDate)}
              {l.note ? ` · ${l.note}` : ""}
              {mayEdit ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-leave" />
                  <input type="hidden" name="id" value={l.id} />
                  <Button type="submit" variant="outline" className="min-h-11">
                    Remove
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {mayEdit ? (
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-4 sm:items-end">
            <input type="hidden" name="intent" value="add-leave" />
            <InputField label="First day" name="startDate" type="date" required />
            <InputField label="Last day" name="endDate" type="date" required />
            <InputField label="Note" name="note" maxLength={200} />
            <Button type="submit" className="min-h-11">
              Add leave
            </Button>
          </Form>
        ) : null}
      </section>
      {statement ? (
        <FeeStatementView
          statement={statement}
          pdfHref={`/admin/trainers/${trainer.id}/fee-statement.pdf?month=${statement.month}`}
        />
      ) : null}
    </div>
  );
}
