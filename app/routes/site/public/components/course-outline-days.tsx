/** One entry of the course page's outline: its days already worded by the loader ("Day 1", "Days 6–7"). */
export type OutlineEntry = { days: string; title: string; topics: string[] };

/** The course day by day: a heading per day, its topics beneath; one column on a phone, two on a laptop. */
export function CourseOutlineDays({ outline }: { outline: OutlineEntry[] }) {
  return (
    <section aria-labelledby="course-outline" className="lg:col-span-2" data-testid="course-outline">
      <h2 id="course-outline" className="text-xl font-bold text-brand-900">
        Course Outline
      </h2>
      <ol className="mt-4 grid gap-4 md:grid-cols-2">
        {outline.map((entry) => (
          <li key={entry.days} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h3 className="font-semibold text-brand-900">
              <span className="block text-sm font-semibold uppercase tracking-wider text-brand-600">
                {entry.days}
              </span>
              <span className="sr-only">: </span>
              {entry.title}
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
              {entry.topics.map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
