import { data, Form } from "react-router";
import { PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { readForm } from "#app/platform/forms/form-input.server";
import { GazettedHolidaySchema } from "#app/site/index";
import { addGazettedHoliday, listGazettedHolidays, type SessionEdit } from "#app/site/index.server";
import { canScheduleRuns } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatLongDate, today } from "#app/utils/dates";
import { COUNTRY_NAMES, HOLIDAY_COUNTRIES, ISLAMIC_YEARS, publicHolidays } from "#app/utils/public-holidays";
import type { Route } from "./+types/holidays";

export const meta: Route.MetaFunction = () => [{ title: "Public holidays | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canScheduleRuns);
  const year = Number(today().slice(0, 4));
  return {
    gazetted: await listGazettedHolidays(),
    // the holidays the law fixes, this year and next, as the run's sessions skip them
    byLaw: HOLIDAY_COUNTRIES.map((country) => ({
      country,
      holidays: [year, year + 1].flatMap((y) => publicHolidays(country, y)).filter((h) => h.date >= today()),
    })),
    islamicYears: ISLAMIC_YEARS,
  };
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canScheduleRuns);
  const parsed = GazettedHolidaySchema.safeParse(
    Object.fromEntries(await readForm(args.request, GazettedHolidaySchema)),
  );
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request.";
    return data<SessionEdit>({ ok: false, status: 400, message }, { status: 400 });
  }
  const outcome = await addGazettedHoliday(actor, parsed.data);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export default function Holidays({ loaderData, actionData }: Route.ComponentProps) {
  const { gazetted, byLaw, islamicYears } = loaderData;
  useOutcomeToast(actionData, "Holiday not recorded");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Public holidays"
        description="A course date is held on its working days: weekends and the public holidays of its country are no sessions."
      />
      <section aria-labelledby="gazetted-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="gazetted-heading" className="text-lg font-semibold text-slate-900">
          Gazetted for one year
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          An election day, a day of mourning, a census, or an Eid the moon moved to another day: course dates
          made or re-dated after you add it skip it.
        </p>
        {actionData && !actionData.ok ? (
          <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
            {actionData.message}
          </p>
        ) : null}
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-4 sm:items-end">
          <input type="hidden" name="intent" value="add-holiday" />
          <SelectField label="Country" name="country" defaultValue="KE" required>
            {HOLIDAY_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {COUNTRY_NAMES[code]}
              </option>
            ))}
          </SelectField>
          <InputField label="Date" name="date" type="date" required />
          <InputField label="Name" name="name" required minLength={3} maxLength={120} />
          <Button type="submit" className="min-h-11">
            Add holiday
          </Button>
        </Form>
        <ul className="mt-3 space-y-1 text-sm text-slate-800">
          {gazetted.length === 0 ? <li>None recorded.</li> : null}
          {gazetted.map((h) => (
            <li key={h.id} data-testid="gazetted-holiday">
              {formatLongDate(h.date)}: {h.name} ({COUNTRY_NAMES[h.country]})
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="law-heading" className="space-y-3">
        <h2 id="law-heading" className="text-lg font-semibold text-slate-900">
          Fixed by law, coming up
        </h2>
        <p className="text-sm text-slate-600">
          Eid al-Fitr, Eid al-Adha and Maulid follow the moon: their days are the expected ones for{" "}
          {islamicYears.from} to {islamicYears.to}; add the gazetted day above if it differs.
        </p>
        <div className="grid gap-3 md:grid-cols-2">
          {byLaw.map(({ country, holidays }) => (
            <div key={country} className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="font-semibold text-slate-900">{COUNTRY_NAMES[country]}</h3>
              <ul className="mt-2 space-y-1 text-sm text-slate-700">
                {holidays.map((h) => (
                  <li key={h.date}>
                    {formatLongDate(h.date)}: {h.name}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
