import { useFetcher } from "react-router";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Button } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";
import { canScheduleRuns } from "#app/staff/index";
import { formatLongDate } from "#app/utils/dates";

type Session = { date: string; startTime: string; endTime: string };
type Holiday = { date: string; name: string };

const weekdayOf = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

/**
 * The days this course date is held (DESIGN §9): by default its working days, without weekends and its
 * country's public holidays; the schedulers add a day on purpose (a Saturday) or drop one.
 */
export function RunSessionsSection({
  action,
  sessions,
  holidays,
}: {
  action: string;
  sessions: Session[];
  holidays: Holiday[];
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key: "run-sessions" });
  useOutcomeToast(fetcher.data, "Sessions not changed");
  const mayEdit = canScheduleRuns(useStaff());
  const skipped = holidays.filter((h) => !sessions.some((s) => s.date === h.date));
  return (
    <section aria-labelledby="sessions-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        Sessions ({sessions.length} {sessions.length === 1 ? "day" : "days"})
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The days this course date is held: attendance, certificates, reminders, calendars and the NITA pack
        count these.
      </p>
      {skipped.length > 0 ? (
        <p className="mt-2 text-sm text-amber-900" data-testid="run-holidays">
          Not held on public holidays:{" "}
          {skipped.map((h) => `${h.name} (${weekdayOf(h.date)} ${formatLongDate(h.date)})`).join(", ")}.
        </p>
      ) : null}
      <ol className="mt-3 space-y-2">
        {sessions.map((session, i) => (
          <li
            key={session.date}
            data-testid="run-session"
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2"
          >
            <span className="text-sm text-slate-900">
              <span className="font-semibold">Day {i + 1}</span> · {weekdayOf(session.date)}{" "}
              {formatLongDate(session.date)} · {session.startTime}–{session.endTime}
            </span>
            {mayEdit && sessions.length > 1 ? (
              <fetcher.Form method="post" action={action}>
                <input type="hidden" name="intent" value="remove-session" />
                <input type="hidden" name="date" value={session.date} />
                <Button type="submit" variant="outline" size="sm" className="min-h-11">
                  Remove <span className="sr-only">the session on {formatLongDate(session.date)}</span>
                </Button>
              </fetcher.Form>
            ) : null}
          </li>
        ))}
      </ol>
      {mayEdit ? (
        <fetcher.Form method="post" action={action} className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="add-session" />
          <label className="block text-sm">
            <span className="block font-medium text-slate-800">Session date</span>
            <input type="date" name="date" required className={controlClass} />
          </label>
          <label className="block text-sm">
            <span className="block font-medium text-slate-800">Starts</span>
            <input type="time" name="startTime" defaultValue="09:00" required className={controlClass} />
          </label>
          <label className="block text-sm">
            <span className="block font-medium text-slate-800">Ends</span>
            <input type="time" name="endTime" defaultValue="17:00" required className={controlClass} />
          </label>
          <Button type="submit" className="min-h-11">
            Add session
          </Button>
        </fetcher.Form>
      ) : null}
      {mayEdit ? (
        <p className="mt-2 text-sm text-slate-600">
          A holiday gazetted for one year only (an election day, a moved Eid) is added on{" "}
          <a href="/admin/holidays" className="font-medium text-brand-700 underline">
            Public holidays
          </a>
          .
        </p>
      ) : null}
    </section>
  );
}
