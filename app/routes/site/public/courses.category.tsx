import { data } from "react-router";
import { publicCourses } from "#app/booking/index.server";
import { Icon } from "#app/components/icons/icon";
import { CardGrid, PageHero, Section } from "#app/components/public/page-sections";
import { usePublicLayoutData } from "#app/components/public/use-public-layout";
import { CourseCard, toDetailedCourseCard } from "#app/routes/site/public/components/course-card";
import { CatalogueDownloads } from "#app/routes/site/public/components/download-buttons";
import { publicSiteContent } from "#app/site/index.server";
import {
  CATEGORY_PAGES,
  FAITH_GROUP_LABELS,
  type FaithGroup,
  isCategoryPageKey,
} from "#app/utils/course-categories";
import { withYears } from "#app/utils/runs";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/courses.category";

const INTROS = {
  management:
    "Scheduled management and leadership courses for managers in the public, private and non-profit sectors.",
  "county-government":
    "Courses for county executives, assemblies and staff, from planning and budgeting to oversight.",
  "experiential-learning":
    "Outdoor and adventure-based programmes that build teams and leaders, all costs inclusive.",
  "faith-based": "Discounted programmes for churches and faith-based organisations, in three categories.",
} as const;

export async function loader({ pattern }: Route.LoaderArgs) {
  // the route's own path (app/routes.ts declares one per category), never the URL: a client-side navigation
  // asks for /courses/<key>.data
  const key = pattern.split("/").at(-1) ?? "";
  if (!isCategoryPageKey(key)) throw data(null, { status: 404 });
  const page = CATEGORY_PAGES[key];
  const [courses, { policies }] = await Promise.all([
    publicCourses({ categories: page.categories }),
    publicSiteContent(["policies"]),
  ]);
  return {
    key,
    title: page.title,
    intro: INTROS[key],
    courses: courses.map(toDetailedCourseCard),
    policy: page.policy ? policies[page.policy] : [],
  };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { title: args.loaderData.title, description: args.loaderData.intro }) : [];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { key, title, intro, courses, policy } = loaderData;
  const groups =
    key === "faith-based"
      ? (Object.keys(FAITH_GROUP_LABELS) as FaithGroup[]).map((group) => ({
          group,
          courses: courses.filter((c) => c.faithGroup === group),
        }))
      : [];
  const ungrouped = key === "faith-based" ? courses.filter((c) => !c.faithGroup) : courses;
  return (
    <>
      <PageHero
        eyebrow={withYears("Catalogue", usePublicLayoutData()?.catalogueYears)}
        title={title}
        intro={intro}
        image={{ component: "courses", src: CATEGORY_PAGES[key].artwork, alt: `${title} illustration` }}
      />
      {groups.map(({ group, courses: groupCourses }, index) =>
        groupCourses.length > 0 ? (
          <Section
            key={group}
            id={`category-${group.toLowerCase()}`}
            title={`Category ${group}: ${FAITH_GROUP_LABELS[group]}`}
            tone={index % 2 === 1 ? "muted" : "white"}
          >
            <CardGrid>
              {groupCourses.map((course) => (
                <CourseCard key={course.slug} course={course} registerLabel="Register" showHighlights />
              ))}
            </CardGrid>
          </Section>
        ) : null,
      )}
      {ungrouped.length > 0 && (
        <Section id="courses" title={key === "faith-based" ? "Other Faith-Based Courses" : "Courses"}>
          <CardGrid>
            {ungrouped.map((course) => (
              <CourseCard key={course.slug} course={course} registerLabel="Register" showHighlights />
            ))}
          </CardGrid>
        </Section>
      )}
      <Section id="terms" title="Terms and Information" tone="cream">
        {policy.length > 0 && (
          <ul className="space-y-2 text-slate-700">
            {policy.map((item) => (
              <li key={item} className="flex gap-2">
                <Icon name="info" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                {item}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-8">
          <CatalogueDownloads />
        </div>
      </Section>
    </>
  );
}
