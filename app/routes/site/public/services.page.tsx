import { data, Link } from "react-router";
import { publicCourses } from "#app/booking/index.server";
import { Icon } from "#app/components/icons/icon";
import { CONSULTATION_LINK } from "#app/components/layout/nav-links";
import { buttonStyles, CardGrid, PageHero, Section } from "#app/components/public/page-sections";
import { CourseCard, toCourseCard } from "#app/routes/site/public/components/course-card";
import type { ServicePageKey } from "#app/site/index";
import { publicSiteContent } from "#app/site/index.server";
import { categoryPageOf } from "#app/utils/course-categories";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/services.page";

const FEATURED_PER_SERVICE = 3;

export async function loader({ params }: Route.LoaderArgs) {
  const { servicePages } = await publicSiteContent(["servicePages"]);
  const page = Object.hasOwn(servicePages, params.service)
    ? servicePages[params.service as ServicePageKey]
    : undefined;
  if (!page) throw data(null, { status: 404 });
  const courses = await publicCourses({ categories: [page.courseCategory], limit: FEATURED_PER_SERVICE });
  return { page, courses: courses.map(toCourseCard) };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, { title: args.loaderData.page.title, description: args.loaderData.page.intro })
    : [];

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { page, courses } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Our Services"
        title={page.title}
        intro={page.intro}
        image={{
          component: "services",
          src: "/artwork/services.svg",
          alt: "Consultants facilitating a strategy session",
        }}
      >
        <Link to={CONSULTATION_LINK} className={buttonStyles.primary}>
          Request Consultation
        </Link>
      </PageHero>
      <Section id="services" title="What We Offer">
        <CardGrid>
          {page.services.map((service) => (
            <article
              key={service.title}
              className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              data-testid="service-card"
            >
              <Icon name="circle-check" className="size-6 text-brand-600" />
              <h3 className="mt-3 font-bold text-brand-900">{service.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{service.description}</p>
            </article>
          ))}
        </CardGrid>
      </Section>
      <Section id="featured-courses" title="Featured Courses" tone="muted">
        <CardGrid>
          {courses.map((course) => (
            <CourseCard key={course.slug} course={course} />
          ))}
        </CardGrid>
        <Link
          to={`/courses/${categoryPageOf(page.courseCategory)}`}
          className={`${buttonStyles.outline} mt-8`}
        >
          See all related courses
        </Link>
      </Section>
    </>
  );
}
