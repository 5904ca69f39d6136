import { FileDown } from "lucide-react";
import { data, Link, useFetcher } from "react-router";
import { RunDeliveryHeader } from "#app/components/admin/run-delivery-nav";
import { buttonClass } from "#app/components/ui/button";
import {
  AttendanceMarkSchema,
  AttendanceQuerySchema,
  ConfirmReportMatchSchema,
  MeetingReportSchema,
  SessionMeetingSchema,
} from "#app/delivery/index";
import {
  attendanceForDay,
  confirmNameMatch,
  createSessionMeeting,
  getMeetingAccount,
  type ImportOutcome,
  importFromMeeting,
  importReportCsv,
  type MarkOutcome,
  type MeetingOutcome,
  markAttendance,
  requireRunAllowed,
  requireRunRole,
  sessionClock,
  setMeetingLink,
} from "#app/delivery/index.server";
import { MEETING_REPORT_MAX_BYTES } from "#app/platform/forms/body-limits";
import { readForm } from "#app/platform/forms/form-input.server";
import { canDeliverRun, canReadRunDelivery } from "#app/staff/index";
import { staffOf } from "#app/staff/index.server";
import { cn } from "#app/utils/cn";
import { formatLongDate, today } from "#app/utils/dates";
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/run-attendance";

export const meta: Route.MetaFunction = () => [{ title: "Attendance | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireRunRole(args, canReadRunDelivery);
  const run = await requireRunAllowed(args, admin, canReadRunDelivery);
  const { day: asked } = AttendanceQuerySchema.parse(
    Object.fromEntries(new URL(args.request.url).searchParams),
  );
  // today while the course runs, else its first day
  const day = run.days.includes(asked) ? asked : run.days.includes(today()) ? today() : (run.days[0] ?? "");
  const roster = day ? await attendanceForDay(run.id, day) : [];
  // a day is marked from the day it is held, never ahead (decision 0681)
  const begun = sessionClock(run.sessions).started.includes(day);
  const delivers = canDeliverRun(staffOf(admin), run.trainerIds);
  const online = run.deliveryMode === "virtual" || run.deliveryMode === "hybrid";
  const [zoom, teams] = online
    ? await Promise.all([getMeetingAccount("zoom"), getMeetingAccount("teams")])
    : [null, null];
  return {
    run,
    day,
    roster,
    begun,
    mayMark: begun && delivers,
    meeting:
      online && delivers ? { link: run.sessions.find((s) => s.date === day)?.meetingLink ?? null } : null,
    connected: { zoom: zoom !== null, teams: teams !== null },
  };
}

const FORMS = [
  AttendanceMarkSchema,
  MeetingReportSchema,
  ConfirmReportMatchSchema,
  SessionMeetingSchema,
] as const;

export async function action(args: Route.ActionArgs) {
  const admin = await requireRunRole(args, canDeliverRun);
  const { actor } = admin;
  let upload: Uint8Array | null = null;
  const fields = Object.fromEntries(
    await readForm(args.request, FORMS, {
      file: {
        name: "file",
        maxBytes: MEETING_REPORT_MAX_BYTES,
        tooLargeMessage: "The report is too large: at most 1 MB. Upload one session's participants report.",
        receive: async (file) => {
          upload = new Uint8Array(await file.arrayBuffer());
        },
      },
    }),
  );
  // the body's field names are judged before the run is looked up, so a hostile body never costs a query
  const run = await requireRunAllowed(args, admin, canDeliverRun);
  const refuse = (message: string) =>
    data<ImportOutcome>({ ok: false, status: 400, message }, { status: 400 });
  if (fields.intent === "import-report") {
    const parsed = MeetingReportSchema.safeParse(fields);
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Invalid request.");
    const bytes = upload as Uint8Array | null;
    if (!bytes || bytes.length === 0) return refuse("Choose the meeting's participants report (CSV).");
    const outcome = await importReportCsv(actor, run, parsed.data.day, bytes);
    return data(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  if (
    fields.intent === "create-meeting" ||
    fields.intent === "set-meeting-link" ||
    fields.intent === "fetch-report"
  ) {
    const parsed = SessionMeetingSchema.safeParse(fields);
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Invalid request.");
    const { intent, day, provider, link, passcode } = parsed.data;
    let outcome: MeetingOutcome | ImportOutcome;
    if (intent === "fetch-report") outcome = await importFromMeeting(actor, run, day);
    else if (intent === "create-meeting") {
      if (!provider) return refuse("Choose Zoom or Teams.");
      outcome = await createSessionMeeting(actor, run, { day, provider });
    } else {
      if (!link) return refuse("Paste the meeting's https:// link.");
      outcome = await setMeetingLink(actor, run, { day, link, passcode: passcode || null });
    }
    return data(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  if (fields.intent === "confirm-report-match") {
    const parsed = ConfirmReportMatchSchema.safeParse(fields);
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Invalid request.");
    const outcome = await confirmNameMatch(actor, run, {
      ...parsed.data,
      present: parsed.data.present === "true",
    });
    return data(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  const parsed = AttendanceMarkSchema.safeParse(fields);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request.";
    return data<MarkOutcome>({ ok: false, status: 400, message }, { status: 400 });
  }
  const outcome = await markAttendance(actor, run, {
    ...parsed.data,
    present: parsed.data.present === "true",
  });
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

/** The day's meeting: its link, made in a connected account or pasted; its report fetched after the session. */
function SessionMeeting({
  day,
  link,
  connected,
  begun,
}: {
  day: string;
  link: string | null;
  connected: { zoom: boolean; teams: boolean };
  begun: boolean;
}) {
  const fetcher = useFetcher<MeetingOutcome | ImportOutcome>({ key: `meeting-${day}` });
  const result = fetcher.data;
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-slate-900">Session meeting</h2>
      <p className="text-sm text-slate-700" data-testid="meeting-link">
        {link ? (
          <>
            Join link (booked participants only):{" "}
            <a href={link} className="break-all text-brand-700 underline">
              {link}
            </a>
          </>
        ) : (
          "No meeting yet."
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        {(["zoom", "teams"] as const)
          .filter((provider) => connected[provider])
          .map((provider) => (
            <fetcher.Form method="post" key={provider}>
              <input type="hidden" name="intent" value="create-meeting" />
              <input type="hidden" name="day" value={day} />
              <input type="hidden" name="provider" value={provider} />
              <button type="submit" className={buttonClass("outline", "md", "min-h-11")}>
                Create a {provider === "zoom" ? "Zoom" : "Teams"} meeting
              </button>
            </fetcher.Form>
          ))}
        {begun && link && (connected.zoom || connected.teams) ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="fetch-report" />
            <input type="hidden" name="day" value={day} />
            <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
              Import attendance from the meeting
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="set-meeting-link" />
        <input type="hidden" name="day" value={day} />
        <label className="grid flex-1 gap-1 text-sm font-medium text-slate-800">
          Meeting link
          <input
            type="url"
            name="link"
            required
            className="min-h-11 rounded-md border border-slate-300 px-3"
          />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Passcode
          <input name="passcode" className="min-h-11 rounded-md border border-slate-300 px-3" />
        </label>
        <button type="submit" className={buttonClass("outline", "md", "min-h-11")}>
          Save link
        </button>
      </fetcher.Form>
      {result ? <ImportResult result={result} day={day} /> : null}
    </section>
  );
}

/** What an import said, with the participants matched by name waiting for a person and the strangers. */
function ImportResult({ result, day }: { result: MeetingOutcome | ImportOutcome; day: string }) {
  return (
    <>
      <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-emerald-800" : "text-red-700"}>
        {result.message}
      </p>
      {result.ok && "toConfirm" in result && result.toConfirm.length > 0 ? (
        <ul className="space-y-2" aria-label="Matched by name: confirm">
          {result.toConfirm.map((match) => (
            <ConfirmMatch key={match.id} match={match} day={day} />
          ))}
        </ul>
      ) : null}
      {result.ok && "unknown" in result && result.unknown.length > 0 ? (
        <p className="text-sm text-slate-600">
          Not on this course date:{" "}
          {result.unknown.map((u) => `${u.name || "(no name)"} (${u.minutes} min)`).join(", ")}
        </p>
      ) : null}
    </>
  );
}

/** The meeting report's upload for the day shown, and what it left for a person to confirm. */
function MeetingReportImport({ day }: { day: string }) {
  const fetcher = useFetcher<ImportOutcome>({ key: `meeting-report-${day}` });
  const result = fetcher.data;
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-slate-900">Import the meeting's participants report</h2>
      <fetcher.Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="import-report" />
        <input type="hidden" name="day" value={day} />
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Participants report (CSV from Zoom or Teams)
          <input type="file" name="file" accept=".csv,text/csv" required className="text-sm" />
        </label>
        <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
          Import report
        </button>
      </fetcher.Form>
      {result ? <ImportResult result={result} day={day} /> : null}
    </section>
  );
}

function ConfirmMatch({
  match,
  day,
}: {
  match: Extract<ImportOutcome, { ok: true }>["toConfirm"][number];
  day: string;
}) {
  const fetcher = useFetcher<ImportOutcome>({ key: `confirm-${match.id}-${day}` });
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3">
      <span className="flex-1 text-sm text-amber-950">
        "{match.reportName}" in the report is {match.name}? {match.minutes} min:{" "}
        {match.present ? "present" : "absent"}
      </span>
      {fetcher.data ? (
        <span role="status" className="text-sm">
          {fetcher.data.message}
        </span>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="confirm-report-match" />
          <input type="hidden" name="id" value={match.id} />
          <input type="hidden" name="day" value={day} />
          <input type="hidden" name="present" value={String(match.present)} />
          <input type="hidden" name="minutes" value={match.minutes} />
          <button type="submit" className={buttonClass("outline", "sm", "min-h-11")}>
            Confirm {match.name}
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

type Person = Route.ComponentProps["loaderData"]["roster"][number];

/** One participant's row: two buttons, each tap saved at once by this row's own fetcher. */
function AttendanceRow({ person, day, mayMark }: { person: Person; day: string; mayMark: boolean }) {
  const fetcher = useFetcher<MarkOutcome>({ key: `attendance-${person.id}-${day}` });
  const pending = fetcher.formData?.get("present");
  const present = pending != null ? pending === "true" : (person.mark?.present ?? null);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const choice = (value: boolean) => (
    <button
      type="submit"
      name="present"
      value={String(value)}
      aria-pressed={present === value}
      className={cn(
        "min-h-12 flex-1 rounded-lg border px-3 text-sm font-semibold sm:flex-none sm:min-w-28",
        present === value
          ? value
            ? "border-emerald-700 bg-emerald-700 text-white"
            : "border-clay-600 bg-clay-600 text-white"
          : "border-slate-300 bg-white text-slate-800",
      )}
    >
      {value ? "Present" : "Absent"}
      <span className="sr-only"> {person.name}</span>
    </button>
  );
  return (
    <li
      data-testid="attendance-row"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{person.name}</p>
        <p className="text-sm text-slate-600">{person.organization ?? "No organisation"}</p>
        <p className="text-xs text-slate-500" data-testid="mark-state">
          {present === null
            ? "Not marked"
            : person.mark && pending == null
              ? `${person.mark.present ? "Present" : "Absent"} · ${person.mark.markedByEmail ?? "unknown"}, ${formatDateTime(person.mark.markedAt)}`
              : present
                ? "Present"
                : "Absent"}
        </p>
        {failed ? (
          <p role="alert" className="text-sm text-red-700">
            {failed}
          </p>
        ) : null}
      </div>
      {mayMark ? (
        <fetcher.Form method="post" className="flex gap-2">
          <input type="hidden" name="id" value={person.id} />
          <input type="hidden" name="day" value={day} />
          {choice(true)}
          {choice(false)}
        </fetcher.Form>
      ) : null}
    </li>
  );
}

export default function RunAttendance({ loaderData }: Route.ComponentProps) {
  const { run, day, roster, begun, mayMark, meeting, connected } = loaderData;
  const present = roster.filter((p) => p.mark?.present).length;
  const absent = roster.filter((p) => p.mark && !p.mark.present).length;
  return (
    <div className="space-y-5">
      <RunDeliveryHeader run={run} title="Attendance" />
      {run.days.length === 0 ? (
        <p className="text-slate-700">This course date has no start date yet, so there is nothing to mark.</p>
      ) : (
        <>
          <nav aria-label="Course days" className="-mx-1 overflow-x-auto">
            <ul className="flex gap-2 px-1">
              {run.days.map((d, index) => (
                <li key={d}>
                  <Link
                    to={`?day=${d}`}
                    aria-current={d === day ? "page" : undefined}
                    className={cn(
                      "inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold",
                      d === day
                        ? "border-brand-700 bg-brand-700 text-white"
                        : "border-slate-300 text-slate-800",
                    )}
                  >
                    Day {index + 1} · {formatLongDate(d)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
              {formatLongDate(day)}: {present} present, {absent} absent, {roster.length - present - absent}{" "}
              not marked
            </h2>
            <a
              href={`/admin/courses/${run.courseId}/runs/${run.id}/sign-in-sheet.pdf`}
              className={buttonClass("outline", "md", "min-h-11")}
            >
              <FileDown aria-hidden className="size-4" /> Sign-in sheet (PDF)
            </a>
          </div>
          {begun ? null : (
            <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
              This day has not started yet: its attendance can be marked from {formatLongDate(day)}.
            </p>
          )}
          {meeting ? (
            <SessionMeeting day={day} link={meeting.link} connected={connected} begun={begun} />
          ) : null}
          {mayMark && meeting ? <MeetingReportImport day={day} /> : null}
          {roster.length === 0 ? (
            <p className="text-slate-700">No booked participants on this course date.</p>
          ) : (
            <ul className="space-y-3">
              {roster.map((person) => (
                <AttendanceRow key={`${person.id}-${day}`} person={person} day={day} mayMark={mayMark} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
