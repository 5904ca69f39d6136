import { publicCourses } from "#app/booking/index.server";
import { ContactForm } from "#app/components/public/contact-form";
import { hydrateOnView } from "#app/components/public/hydrate-on-view";
import { toCourseCard } from "#app/routes/site/public/components/course-card";
import { HomeCourses } from "#app/routes/site/public/components/home/courses-section";
import { HomeHero } from "#app/routes/site/public/components/home/hero";
import {
  HomeAbout,
  HomeContact,
  HomeServices,
  HomeTestimonials,
} from "#app/routes/site/public/components/home/sections";
import { JsonLd } from "#app/routes/site/public/components/json-ld";
import {
  newFormKey,
  organizationJsonLd,
  publicClientLogos,
  publicOrigin,
  publicSettings,
  publicSiteContent,
  publicTestimonials,
} from "#app/site/index.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/home";

const FEATURED_COUNT = 6;

// the enquiry form ends the page: its code (the forms') comes when a visitor scrolls down to it
const HomeContactForm = hydrateOnView(
  () => import("#app/components/public/contact-form").then((module) => module.ContactForm),
  import.meta.env.SSR ? ContactForm : null,
);

export async function loader() {
  const [content, courses, testimonials, settings, clientLogos] = await Promise.all([
    publicSiteContent([
      "hero",
      "about",
      "departments",
      "categoryCounters",
      "contact",
      "businessHours",
      "offices",
    ]),
    publicCourses(),
    publicTestimonials({ homeOnly: true }),
    publicSettings(),
    publicClientLogos(),
  ]);
  return {
    ...content,
    jsonLd: organizationJsonLd(publicOrigin(), content.contact, content.offices),
    featured: courses.slice(0, FEATURED_COUNT).map(toCourseCard),
    total: courses.length,
    // the compact list handed to /courses/all as navigation state (spec: allCourses)
    allCourses: courses.map(({ slug, title, category, durationDays, cost }) => ({
      slug,
      title,
      category,
      durationDays,
      cost,
    })),
    testimonials: testimonials.slice(0, 4),
    clientLogos,
    contactFormKey: newFormKey(),
    contactFormEnabled: settings.contact_form_enabled,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Mafunzo Training & Consultancy | Management Training in East Africa",
    description:
      "Management, leadership, county government, experiential and faith-based training and consultancy in Kenya, Uganda, Rwanda and Tanzania since 2000.",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={loaderData.jsonLd} />
      <HomeHero hero={loaderData.hero} offices={loaderData.offices} />
      <HomeAbout about={loaderData.about} />
      <HomeServices departments={loaderData.departments} />
      <HomeCourses
        courses={loaderData.featured}
        total={loaderData.total}
        counters={loaderData.categoryCounters}
        allCourses={loaderData.allCourses}
      />
      <HomeTestimonials testimonials={loaderData.testimonials} clientLogos={loaderData.clientLogos} />
      <HomeContact contact={loaderData.contact} businessHours={loaderData.businessHours}>
        <HomeContactForm
          variant="home"
          formKey={loaderData.contactFormKey}
          enabled={loaderData.contactFormEnabled}
          contact={loaderData.contact}
        />
      </HomeContact>
    </>
  );
}
