import { BookOpen, MessageSquare, Star, Users } from "lucide-react";
import { Link } from "react-router";
import { getDashboardCounts } from "#app/models/dashboard.server";
import { requireAdmin } from "#app/services/auth.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { counts: await getDashboardCounts() };
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

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const cards = [
    { label: "Course Registrations", value: counts.registrations, icon: Users },
    { label: "Contact Submissions", value: counts.contacts, icon: MessageSquare },
    { label: "Active Courses", value: counts.activeCourses, icon: BookOpen },
    { label: "Testimonials", value: counts.testimonials, icon: Star },
  ];
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
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
    </div>
  );
}
