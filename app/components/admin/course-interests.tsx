import { DateText } from "./date-text";

type Interest = { id: string; name: string; email: string; createdAt: Date | string };

/** The course's "Notify me of new dates" list: each person is e-mailed when a new run is added. */
export function CourseInterests({ interests }: { interests: Interest[] }) {
  return (
    <section
      aria-labelledby="interests-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="interests-heading" className="text-base font-semibold text-slate-900">
        Interest list ({interests.length})
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Visitors who asked to hear of new dates. Each is e-mailed once when a new upcoming course date is
        added.
      </p>
      {interests.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Nobody has signed up yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 text-sm" aria-label="People waiting for new dates">
          {interests.map((person) => (
            <li key={person.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
              <span className="font-medium text-slate-900">{person.name}</span>
              <a href={`mailto:${person.email}`} className="min-w-0 break-all text-brand-700 underline">
                {person.email}
              </a>
              <span className="text-slate-500">
                <DateText value={person.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
