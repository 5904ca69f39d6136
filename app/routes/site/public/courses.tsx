import { Link } from "react-router";
import { publicCourses } from "#app/booking/index.server";
import { Icon } from "#app/components/icons/icon";
import { buttonStyles, PageHero, Section } from "#app/components/public/page-sections";
import { ResponsiveImage } from "#app/components/public/site-image";
import { CatalogueDownloads } from "#app/routes/site/public/components/download-buttons";
import { publicCourseYears, publicSiteContent } from "#app/site/index.server";
import { CATEGORY_PAGE_KEYS, CATEGORY_PAGES } from "#app/utils/course-categories";
import { withYears, yearSpan } from "#app/utils/runs";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/courses";

const CATEGORY_BLURBS = {
  management: "Strategy, finance, projects, people and leadership for managers in every sector.",
  "county-government": "Planning, public finance, legislation and service delivery for devolved government.",
  "experiential-learning":
    "Team building, leadership expeditions and retreats in inspiring outdoor settings.",
  "faith-based": "Family life, discipleship and organisational capacity for churches and faith-based bodies.",
} as const;

export async function loader() {
  const [content, courses, years] = await Promise.all([
    publicSiteContent(["catalogueFeatures", "participation"]),
    publicCourses(),
    publicCourseYears(),
  ]);
  const counts = Object.fromEntries(
    CATEGORY_PAGE_KEYS.map((key) => [
      key,
      courses.filter((c) => (CATEGORY_PAGES[key].categories as readonly string[]).includes(c.category))
        .length,
    ]),
  ) as Record<(typeof CATEGORY_PAGE_KEYS)[number], number>;
  return { ...content, counts, total: courses.length, years: yearSpan(years) };
}

export const meta: Route.MetaFunction = (args) => {
  const years = args.loaderData?.years;
  return pageMeta(args, {
    title: years ? `Training Courses ${years}` : "Training Courses",
    description: `The Mafunzo ${withYears("training catalogue", years)}: management, county government, experiential learning and faith-based courses across East Africa.`,
  });
};

export default function CoursesLanding({ loaderData }: Route.ComponentProps) {
  const { catalogueFeatures, participation, counts, total, years } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={withYears("Catalogue", years)}
        title="Training Courses"
        intro={`${total} scheduled courses in Kenya, Uganda, Rwanda and Tanzania, plus in-house delivery for your organisation.`}
        image={{
          component: "courses",
          src: "/artwork/courses.svg",
          alt: "Participants in a training session",
        }}
      >
        <Link to="/courses/all" className={buttonStyles.primary}>
          Browse All Courses
        </Link>
      </PageHero>
      <Section id="categories" title="Course Categories">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CATEGORY_PAGE_KEYS.map((key) => (
            <Link
              key={key}
              to={`/courses/${key}`}
              className="group overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
              data-testid="category-card"
            >
              <ResponsiveImage
                src={CATEGORY_PAGES[key].artwork}
                alt=""
                width={400}
                height={240}
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                className="h-auto w-full bg-brand-50"
              />
              <span className="block p-5">
                <span className="block text-lg font-bold text-brand-900">{CATEGORY_PAGES[key].title}</span>
                <span className="mt-1 block text-sm text-slate-600">{CATEGORY_BLURBS[key]}</span>
                <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                  {counts[key]} courses <Icon name="arrow-right" className="size-4" />
                </span>
              </span>
            </Link>
          ))}
        </div>
      </Section>
      <Section id="features" title="Why Train With Us" tone="muted">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {catalogueFeatures.map((feature) => (
            <article key={feature.title} className="rounded-xl bg-white p-6 shadow-sm">
              <h3 className="font-bold text-brand-800">{feature.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{feature.description}</p>
            </article>
          ))}
        </div>
      </Section>
      <Section id="how-to-participate" title="How to Participate">
        <ol className="grid gap-6 md:grid-cols-3">
          {participation.map((step) => (
            <li key={step.step} className="rounded-xl bg-cream p-6">
              <span className="flex size-10 items-center justify-center rounded-full bg-accent-500 text-lg font-bold text-brand-900">
                {step.step}
              </span>
              <h3 className="mt-4 font-bold text-brand-900">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{step.description}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10">
          <CatalogueDownloads />
        </div>
      </Section>
    </>
  );
}
