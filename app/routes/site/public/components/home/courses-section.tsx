import { Link } from "react-router";
import { Icon } from "#app/components/icons/icon";
import { hydrateOnView } from "#app/components/public/hydrate-on-view";
import { buttonStyles, Section, SIDEWAYS_ON_PHONE } from "#app/components/public/page-sections";
import { usePublicLayoutData } from "#app/components/public/use-public-layout";
import type { SiteContent } from "#app/site/index";
import { categoryPageOf } from "#app/utils/course-categories";
import { withYears } from "#app/utils/runs";
import { type CourseCardCourse, CourseCards } from "../course-card";

// the cards sit below the fold: their code (course facts, register buttons) comes when they come into view
const FeaturedCourseCards = hydrateOnView(
  () => import("../course-card").then((module) => module.CourseCards),
  import.meta.env.SSR ? CourseCards : null,
);

export type CourseListItem = Pick<CourseCardCourse, "slug" | "title" | "category" | "durationDays" | "cost">;

export function HomeCourses({
  courses,
  total,
  counters,
  allCourses,
}: {
  courses: CourseCardCourse[];
  total: number;
  counters: SiteContent["categoryCounters"];
  allCourses: CourseListItem[];
}) {
  return (
    <Section
      id="courses"
      title="Featured Training Courses"
      intro={`Selected programmes from our ${withYears("catalogue", usePublicLayoutData()?.catalogueYears)}. Every course can also be delivered in-house for your organisation.`}
      tone="muted"
    >
      <ul
        className="mb-6 grid grid-cols-2 gap-2 sm:mb-10 sm:gap-4 md:grid-cols-4"
        aria-label="Courses by category"
      >
        {counters.map((counter) => (
          <li key={counter.label}>
            <Link
              to={`/courses/${categoryPageOf(counter.category)}`}
              className="block rounded-xl bg-white px-3 py-2 text-center shadow-sm ring-1 ring-slate-200 hover:ring-brand-500 sm:p-5"
              data-testid="category-counter"
            >
              <span className="block text-2xl font-bold text-brand-700 sm:text-3xl">{counter.value}</span>
              <span className="mt-0.5 block text-sm font-semibold text-slate-700 sm:mt-1">
                {counter.label}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <FeaturedCourseCards courses={courses} className={SIDEWAYS_ON_PHONE} />
      <div className="mt-6 text-center sm:mt-10">
        <Link to="/courses/all" state={{ allCourses }} className={buttonStyles.solid}>
          View All Courses ({total})
          <Icon name="arrow-right" className="size-4" />
        </Link>
      </div>
    </Section>
  );
}
