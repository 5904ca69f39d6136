import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/icons/icon";
import type { IconName } from "#app/components/icons/names";
import { CardGrid, Section, SIDEWAYS_ON_PHONE } from "#app/components/public/page-sections";
import { SiteImage } from "#app/components/public/site-image";
import type { SiteContent } from "#app/site/index";
import type { ClientLogoView, TestimonialView } from "#app/site/index.server";
import { ClientLogoRow } from "../client-logos";
import { TestimonialCard } from "../testimonial-card";

const DEPARTMENT_ICONS = {
  strategic: "compass",
  hr: "users",
  policy: "lightbulb",
  experiential: "briefcase",
  special: "briefcase",
} satisfies Record<string, IconName>;

export function HomeAbout({ about }: { about: SiteContent["about"] }) {
  return (
    <Section id="about" title="About Mafunzo">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div className="space-y-4 text-slate-700">
          <p className="sm:text-lg">{about.intro}</p>
          {/* on a phone the vision and mission wait on /about, one link away */}
          <p className="max-sm:hidden">
            <span className="font-semibold text-brand-900">Our vision: </span>
            {about.vision}
          </p>
          <p className="max-sm:hidden">
            <span className="font-semibold text-brand-900">Our mission: </span>
            {about.mission}
          </p>
          <ul className="grid grid-cols-2 gap-2">
            {about.values.map((value) => (
              <li
                key={value.title}
                className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 sm:px-4 sm:py-3 sm:text-base"
              >
                {value.title}
              </li>
            ))}
          </ul>
          <Link
            to="/about"
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            More about us <Icon name="arrow-right" className="size-4" />
          </Link>
        </div>
        <SiteImage
          component="about"
          fallbackSrc="/artwork/about.svg"
          alt="The Mafunzo team in a planning session"
          width={640}
          height={440}
          sizes="(min-width: 1024px) 50vw, 100vw"
          className="h-auto w-full rounded-2xl shadow-lg max-sm:hidden"
        />
      </div>
    </Section>
  );
}

export function HomeServices({ departments }: { departments: SiteContent["departments"] }) {
  return (
    <Section
      id="services"
      title="Our Services"
      intro="Five departments bring together training, consultancy and experiential learning for every kind of organisation."
      tone="muted"
    >
      <CardGrid className={SIDEWAYS_ON_PHONE}>
        {departments.map((department) => {
          const icon = DEPARTMENT_ICONS[department.id];
          return (
            <article
              key={department.id}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <Icon name={icon} className="size-8 text-brand-600" />
              <h3 className="mt-3 text-lg font-bold text-brand-900">{department.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{department.summary}</p>
              <Link
                to={`/services#${department.id}`}
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              >
                Learn more<span className="sr-only">: {department.title}</span>
                <Icon name="arrow-right" className="size-4" />
              </Link>
            </article>
          );
        })}
      </CardGrid>
    </Section>
  );
}

export function HomeTestimonials({
  testimonials,
  clientLogos,
}: {
  testimonials: TestimonialView[];
  clientLogos: ClientLogoView[];
}) {
  return (
    <Section id="testimonials" title="What Our Clients Say" tone="cream">
      <section
        className={`grid gap-6 md:grid-cols-2 ${SIDEWAYS_ON_PHONE} max-sm:[&_blockquote]:line-clamp-5 max-sm:[&_figure]:p-4`}
        aria-label="Testimonials"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the row scrolls sideways and holds no link: the keyboard needs a stop on it to scroll it (axe: scrollable-region-focusable)
        tabIndex={0}
      >
        {testimonials.map((testimonial) => (
          <TestimonialCard key={testimonial.id} testimonial={testimonial} />
        ))}
      </section>
      <ClientLogoRow logos={clientLogos} />
      <Link
        to="/testimonials"
        className="mt-8 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
      >
        Read more testimonials <Icon name="arrow-right" className="size-4" />
      </Link>
    </Section>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 text-brand-600">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

/** The home page's contact section; the enquiry form is added beside these details. */
export function HomeContact({
  contact,
  businessHours,
  children,
}: {
  contact: SiteContent["contact"];
  businessHours: SiteContent["businessHours"];
  children?: ReactNode;
}) {
  return (
    <Section
      id="contact"
      title="Get in Touch"
      intro="Tell us what you or your team need and we will respond within 24 hours."
    >
      <div className="grid gap-4 sm:gap-10 lg:grid-cols-2">
        <div className="space-y-4 sm:space-y-8">
          <ul className="space-y-2 text-slate-700 sm:space-y-4">
            <ContactLine icon={<Icon name="phone" className="size-5" />}>
              <a href={`tel:${contact.phone.replace(/\s/g, "")}`} className="hover:underline">
                {contact.phone}
              </a>
            </ContactLine>
            <ContactLine icon={<Icon name="mail" className="size-5" />}>
              <a href={`mailto:${contact.email}`} className="hover:underline">
                {contact.email}
              </a>
            </ContactLine>
            <ContactLine icon={<Icon name="map-pin" className="size-5" />}>{contact.address}</ContactLine>
          </ul>
          <BusinessHours hours={businessHours} />
        </div>
        {children}
      </div>
    </Section>
  );
}

export function BusinessHours({ hours }: { hours: SiteContent["businessHours"] }) {
  return (
    <div className="rounded-xl bg-brand-50 p-4 sm:p-6">
      <h3 className="flex items-center gap-2 font-bold text-brand-900">
        <Icon name="clock" className="size-5 text-brand-600" /> Business Hours
      </h3>
      <dl className="mt-3 space-y-1 text-sm text-slate-700">
        {hours.map((row) => (
          <div key={row.day} className="flex justify-between gap-4">
            <dt>{row.day}</dt>
            <dd className="font-medium">{row.hours}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
