import { Link } from "react-router";
import { Icon } from "#app/components/icons/icon";
import { CONSULTATION_LINK } from "#app/components/layout/nav-links";
import { buttonStyles, CardGrid, PageHero, Section } from "#app/components/public/page-sections";
import { publicSiteContent } from "#app/site/index.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/services";

export async function loader() {
  return publicSiteContent(["departments", "benefits", "servicePages"]);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Services",
    description:
      "Strategic, financial and project management; human resource development; policy and research; experiential learning; and special programmes for East African organisations.",
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  const { departments, benefits, servicePages } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Training and consultancy"
        title="Our Services"
        intro="Five departments work together to strengthen the strategy, people, policies and teams of the organisations we serve."
        image={{
          component: "services",
          src: "/artwork/services.svg",
          alt: "Consultants facilitating a strategy session",
        }}
      >
        <Link to={CONSULTATION_LINK} className={buttonStyles.primary}>
          <Icon name="message-square" className="size-4" /> Request Consultation
        </Link>
        <Link to="/courses/all" className={buttonStyles.secondary}>
          View All Courses
        </Link>
      </PageHero>
      {departments.map((department, index) => (
        <Section
          key={department.id}
          id={department.id}
          title={department.title}
          intro={department.summary}
          tone={index % 2 === 1 ? "muted" : "white"}
        >
          <CardGrid>
            {department.categories.map((category) => (
              <article
                key={category.title}
                className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <h3 className="font-bold text-brand-800">{category.title}</h3>
                <ul className="mt-3 space-y-2 text-sm text-slate-700">
                  {category.items.map((item) => (
                    <li key={item} className="flex gap-2">
                      <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-brand-500" />
                      {item}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </CardGrid>
        </Section>
      ))}
      <Section id="programmes" title="Specialised Programmes" tone="cream">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Object.entries(servicePages).map(([key, page]) => (
            <Link
              key={key}
              to={`/services/${key}`}
              className="rounded-xl bg-white p-5 font-semibold text-brand-800 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
            >
              {page.title}
            </Link>
          ))}
        </div>
      </Section>
      <Section id="benefits" title="Why Work With Us">
        <ul className="grid gap-4 md:grid-cols-2">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex gap-3 rounded-lg bg-brand-50 p-4 text-slate-700">
              <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-brand-600" />
              {benefit}
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to={CONSULTATION_LINK} className={buttonStyles.solid}>
            Request Consultation
          </Link>
          <Link to="/courses/all" className={buttonStyles.outline}>
            View All Courses
          </Link>
        </div>
      </Section>
    </>
  );
}
