import { Link } from "react-router";
import { CONTACT_FORM_LINK } from "#app/components/layout/nav-links";
import { buttonStyles, CardGrid, PageHero, Section } from "#app/components/public/page-sections";
import { StatsBand } from "#app/routes/site/public/components/stats-band";
import { TestimonialCard } from "#app/routes/site/public/components/testimonial-card";
import { publicSiteContent, publicTestimonials } from "#app/site/index.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/testimonials";

// the four figures of the testimonials stats band (spec §2), in this order
const BAND_LABELS = [
  "Years of Experience",
  "Organizations Served",
  "Client Satisfaction",
  "Training Programs",
];

export async function loader() {
  const [{ stats }, testimonials] = await Promise.all([publicSiteContent(["stats"]), publicTestimonials()]);
  const band = BAND_LABELS.flatMap((label) => stats.filter((s) => s.label === label));
  return { band, testimonials };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Client Testimonials",
    description:
      "What managers, county officials, church leaders and NGO staff say about Mafunzo training and consultancy programmes.",
  });

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Client stories"
        title="What Our Clients Say"
        intro="Leaders from ministries, counties, companies, NGOs and churches across East Africa share what changed after training with us."
      />
      <StatsBand stats={loaderData.band} label="Our record" />
      <Section id="testimonials" title="Testimonials">
        <CardGrid>
          {loaderData.testimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.id} testimonial={testimonial} />
          ))}
        </CardGrid>
      </Section>
      <Section id="join" title="Join Our Satisfied Clients" tone="cream">
        <p className="max-w-2xl text-slate-700">
          Register for a course from our current catalogue, or tell us what your organisation needs and we
          will design a programme with you.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/register" className={buttonStyles.solid}>
            Register for a Course
          </Link>
          <Link to={CONTACT_FORM_LINK} className={buttonStyles.outline}>
            Contact Us
          </Link>
        </div>
      </Section>
    </>
  );
}
