import { publicCourses } from "#app/booking/index.server";
import { CardGrid, PageHero } from "#app/components/public/page-sections";
import { CourseCard, toCourseCard } from "#app/routes/site/public/components/course-card";
import { CourseFilters, resultLine } from "#app/routes/site/public/components/course-filters";
import { CatalogueDownloads } from "#app/routes/site/public/components/download-buttons";
import { parseCourseFilter } from "#app/site/index";
import { publicCourseYears } from "#app/site/index.server";
import { CATEGORY_LABELS } from "#app/utils/course-categories";
import { withYears, yearSpan } from "#app/utils/runs";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/courses.all";

export async function loader({ request }: Route.LoaderArgs) {
  const filter = parseCourseFilter(new URL(request.url).searchParams);
  const [courses, years] = await Promise.all([
    publicCourses({
      categories: filter.category ? [filter.category] : undefined,
      year: filter.year,
      words: filter.words,
    }),
    publicCourseYears(),
  ]);
  const { words: _words, ...shown } = filter;
  return { courses: courses.map(toCourseCard), years, ...shown };
}

export const meta: Route.MetaFunction = (args) => {
  const { category, year, q } = args.loaderData ?? {};
  const query = new URLSearchParams();
  if (category) query.set("category", category);
  if (year) query.set("year", String(year));
  if (q) query.set("q", q);
  const scope = [category ? CATEGORY_LABELS[category] : null, year].filter(Boolean).join(" ");
  return pageMeta(args, {
    title: scope ? `${scope} Courses | Complete Course Catalogue` : "Complete Course Catalogue",
    description:
      "Every course in the Mafunzo catalogue with dates, venues and fees in KES, searchable and filterable by category and year.",
    query: query.toString(),
  });
};

export default function AllCourses({ loaderData }: Route.ComponentProps) {
  const { courses, years, category, year, q, searchError } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={withYears("Catalogue", yearSpan(years))}
        title="Complete Course Catalogue"
        intro="Search, or filter by category and year, then register for the course and date that suit you."
      />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="results-line">
        <CourseFilters category={category} year={year} years={years} q={q} searchError={searchError} />
        <p
          id="results-line"
          className="mt-6 font-semibold text-slate-700"
          aria-live="polite"
          data-testid="result-line"
        >
          {resultLine(courses.length, category, year, q)}
        </p>
        {courses.length === 0 ? (
          <p className="mt-8 rounded-xl bg-cream p-8 text-center text-slate-700">
            {q
              ? `No course matches “${q}”. Try another word, or clear the search to see every course.`
              : "No courses found matching your filters."}
          </p>
        ) : (
          <CardGrid className="mt-6">
            {courses.map((course) => (
              <CourseCard key={course.slug} course={course} headingLevel={2} year={year} />
            ))}
          </CardGrid>
        )}
        <div className="mt-12">
          <CatalogueDownloads />
        </div>
      </section>
    </>
  );
}
