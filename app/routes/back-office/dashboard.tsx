import { BookOpen, MessageSquare, Star, Users, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { getDashboard } from "#app/back-office/index.server";
import { RowStatusBadge } from "#app/components/admin/list-controls";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { readForm } from "#app/platform/forms/form-input.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { BarChart } from "#app/routes/back-office/components/bar-chart";
import { LaunchChecklist } from "#app/routes/back-office/components/launch-checklist";
import { TodayPanel } from "#app/routes/back-office/components/today-panel";
import { AcceptLaunchItemSchema } from "#app/site/index";
import { acceptLaunchItem, launchChecklist } from "#app/site/index.server";
import { canEditContent, canReadOffice, canSeeOwnRuns } from "#app/staff/index";
import { requireAdmin, requireAllowed, requireRule, staffOf } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  // signing in lands here: a trainer's home is their runs
  if (!canReadOffice(staffOf(admin)) && canSeeOwnRuns(staffOf(admin))) throw redirect("/admin/my-runs");
  requireRule(admin, canReadOffice);
  // the launch checklist is the owner's and the editor's: they replace the site's sample content
  const launch = canEditContent(staffOf(admin))
    ? { items: await launchChecklist(), maintenance: await getSetting("site_maintenance") }
    : null;
  return { ...(await getDashboard()), launch };
}

/** Accept as is: the launch checklist's item is knowingly kept, recorded with who and when (decision 0780). */
export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  const formData = await readForm(args.request, AcceptLaunchItemSchema);
  const parsed = AcceptLaunchItemSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Choose an item" }, { status: 400 });
  }
  const outcome = await acceptLaunchItem(admin.actor, parsed.data.item);
  if (!outcome.ok) return data({ error: outcome.message }, { status: 409 });
  return redirectWithToast("/admin/dashboard", { title: "Accepted: the item stays as it is" });
}

const QUICK_ACTIONS = [
  {
    to: "/admin/registrations",
    title: "Review registrations",
    text: "See who has registered and confirm places.",
  },
  { to: "/admin/contacts", title: "Answer enquiries", text: "Follow up contact messages within 24 hours." },
  { to: "/admin/courses", title: "Update the catalogue", text: "Add courses, dates and venues." },
];

const STATUS_BAR = { new: "bg-blue-600", contacted: "bg-yellow-500", resolved: "bg-green-600" } as const;

const monthLabel = (month: string) =>
  new Date(`${month}-15T00:00:00Z`).toLocaleString("en-GB", { month: "short", timeZone: "UTC" });
const monthName = (month: string) =>
  new Date(`${month}-15T00:00:00Z`).toLocaleString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { today, counts, perMonth, byCourse, byStatus, registrations, contacts, money, launch } = loaderData;
  useErrorToast(actionData);
  const cards = [
    { label: "Course Registrations", value: counts.registrations, icon: Users },
    { label: "Contact Submissions", value: counts.contacts, icon: MessageSquare },
    { label: "Active Courses", value: counts.activeCourses, icon: BookOpen },
    { label: "Testimonials", value: counts.testimonials, icon: Star },
  ];
  const yearTotal = perMonth.reduce((sum, m) => sum + m.count, 0);
  const busiest = perMonth.reduce(
    (best, m) => (m.count > best.count ? m : best),
    perMonth[0] ?? { month: "", count: 0 },
  );
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      {launch && launch.items.length > 0 ? (
        <LaunchChecklist items={launch.items} maintenance={launch.maintenance} />
      ) : null}
      <TodayPanel {...today} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ label, value, icon: Icon }) => (
          <li key={label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-slate-600">{label}</p>
              <Icon aria-hidden className="size-5 text-brand-600" />
            </div>
            <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={`count-${label}`}>
              {value}
            </p>
          </li>
        ))}
      </ul>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Money">
        {[
          {
            label: "Received this month",
            cents: money.receivedThisMonthCents,
            note: "All payments recorded",
          },
          {
            label: "Overdue",
            cents: money.overdueCents,
            note: `${money.overdueCount} ${money.overdueCount === 1 ? "invoice" : "invoices"} past due`,
          },
        ].map((card) => (
          <li key={card.label}>
            <Link
              to="/admin/finance"
              className="block rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500"
            >
              <p className="flex items-center justify-between text-sm font-medium text-slate-600">
                {card.label} <Wallet aria-hidden className="size-5 text-brand-600" />
              </p>
              <p
                className="mt-2 text-2xl font-bold tabular-nums text-slate-900"
                data-testid={`money-${card.label}`}
              >
                {formatKes(card.cents)}
              </p>
              <p className="text-xs text-slate-500">{card.note}</p>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="text-lg font-semibold text-slate-900">
          Quick actions
        </h2>
        <ul className="mt-3 grid gap-4 md:grid-cols-3">
          {QUICK_ACTIONS.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500"
              >
                <span className="font-semibold text-brand-800">{item.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="charts" className="space-y-4">
        <h2 id="charts" className="text-lg font-semibold text-slate-900">
          Activity
        </h2>
        <BarChart
          title="Registrations per month"
          orientation="vertical"
          valueLabel="Registrations"
          summary={`${plural(yearTotal, "registration", "registrations")} in the last twelve months${
            busiest.count > 0
              ? `; the busiest month was ${monthName(busiest.month)} with ${busiest.count}.`
              : "."
          }`}
          bars={perMonth.map((m) => ({ label: monthLabel(m.month), value: m.count }))}
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <BarChart
            title="Registrations by course (top ten)"
            valueLabel="Registrations"
            summary={
              byCourse[0]
                ? `${byCourse[0].course} leads with ${plural(byCourse[0].count, "registration", "registrations")}.`
                : "No registrations yet."
            }
            bars={byCourse.map((c) => ({ label: c.course, value: c.count }))}
          />
          <BarChart
            title="Contact submissions by status"
            valueLabel="Submissions"
            summary={byStatus.map((s) => `${s.status} ${s.count}`).join(", ")}
            bars={byStatus.map((s) => ({ label: s.status, value: s.count, className: STATUS_BAR[s.status] }))}
          />
        </div>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <LatestPanel
          id="latest-registrations"
          title="Latest registrations"
          empty="No registrations found."
          items={registrations.map((r) => ({
            ...r,
            to: `/admin/registrations/${r.id}`,
            detail: (
              <>
                <p className="truncate text-slate-600">{r.courseName}</p>
                <p className="truncate text-xs text-slate-500">
                  {[r.courseDate ?? "Date to be confirmed", r.courseVenue].filter(Boolean).join(" · ")}
                </p>
              </>
            ),
          }))}
        />
        <LatestPanel
          id="latest-messages"
          title="Latest messages"
          empty="No contact submissions found."
          items={contacts.map((c) => ({
            ...c,
            to: "/admin/contacts",
            detail: <p className="line-clamp-2 text-slate-600">{c.message || "(no message)"}</p>,
          }))}
        />
      </div>
    </div>
  );
}

type LatestItem = {
  id: string;
  name: string;
  status: string;
  createdAt: Parameters<typeof formatDateTime>[0];
  to: string;
  detail: ReactNode;
};

/** The newest few submissions of one kind: who, what about, when, and their status. */
function LatestPanel({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: LatestItem[];
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={id} className="font-semibold text-slate-900">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
              <div className="min-w-0">
                <Link
                  to={item.to}
                  className="inline-flex items-center font-medium text-brand-800 hover:underline"
                >
                  {item.name}
                </Link>
                {item.detail}
                <p className="text-xs text-slate-500">{formatDateTime(item.createdAt)}</p>
              </div>
              <RowStatusBadge status={item.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
