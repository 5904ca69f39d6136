import { NavLink } from "react-router";
import { canBuildNitaPack, canReadBookings, canReadOffice, type Staff } from "#app/staff/index";
import { BackLink } from "./back-link";
import { PageHeader } from "./page-header";
import { useStaff } from "./use-staff";

// the delivery pages themselves admit the run's trainers; the roster (with money) and the NITA pack do not
const PAGES: readonly (readonly [string, string, (staff: Staff) => boolean])[] = [
  ["", "Participants", canReadBookings],
  ["/instructions", "Joining instructions", () => true],
  ["/attendance", "Attendance", () => true],
  ["/certificates", "Certificates", () => true],
  ["/feedback", "Feedback", () => true],
  ["/nita", "NITA pack", canBuildNitaPack],
];

/** The link bar between a run's participants page and its delivery pages. */
export function RunDeliveryNav({ courseId, runId }: { courseId: string; runId: string }) {
  const base = `/admin/courses/${courseId}/runs/${runId}`;
  const staff = useStaff();
  return (
    <nav aria-label="Course date pages">
      <ul className="flex flex-wrap gap-1">
        {PAGES.filter(([, , shown]) => shown(staff)).map(([path, label]) => (
          <li key={label}>
            <NavLink
              to={`${base}${path}`}
              end
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold ${
                  isActive ? "bg-brand-700 text-white" : "text-brand-700 hover:bg-brand-50"
                }`
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The top of a run's delivery page: back to the course, the page's h1 naming the run, the link bar. */
export function RunDeliveryHeader({
  run,
  title,
}: {
  run: { id: string; courseId: string; courseTitle: string; dates: string; venue: string | null };
  title: string;
}) {
  const office = canReadOffice(useStaff());
  return (
    <div className="space-y-3">
      {office ? (
        <BackLink to={`/admin/courses/${run.courseId}`}>Back to {run.courseTitle}</BackLink>
      ) : (
        <BackLink to="/admin/my-runs">Back to My course dates</BackLink>
      )}
      <PageHeader
        title={`${title}: ${run.courseTitle}`}
        description={[run.dates, run.venue].filter(Boolean).join(" · ")}
      />
      <RunDeliveryNav courseId={run.courseId} runId={run.id} />
    </div>
  );
}
