import { Icon } from "#app/components/icons/icon";
import { CardGrid, PageHero, Section } from "#app/components/public/page-sections";
import { ResponsiveImage } from "#app/components/public/site-image";
import { ClientsSection } from "#app/routes/site/public/components/client-logos";
import { FacilitatorCards } from "#app/routes/site/public/components/facilitator-cards";
import { StatsBand } from "#app/routes/site/public/components/stats-band";
import { publicClientLogos, publicFacilitators, publicSiteContent } from "#app/site/index.server";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/about";

export async function loader() {
  const [content, facilitators, clientLogos] = await Promise.all([
    publicSiteContent(["about", "leadership", "team", "portraits", "stats"]),
    publicFacilitators(),
    publicClientLogos(),
  ]);
  return { ...content, facilitators, clientLogos };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About Us",
    description:
      "Established in Nairobi in 2000, Mafunzo builds capable leaders and institutions across East Africa: our vision, mission, values, history and leadership.",
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { about, leadership, team, portraits, stats, facilitators, clientLogos } = loaderData;
  const portraitOf = (name: string) => (Object.hasOwn(portraits, name) ? portraits[name] : undefined);
  const leaderPortrait = portraitOf(leadership.name);
  return (
    <>
      <PageHero
        eyebrow="Since 2000"
        title="About Mafunzo"
        intro={about.intro}
        image={{
          component: "about",
          src: "/artwork/about.svg",
          alt: "The Mafunzo team in a planning session",
        }}
      />
      <Section id="vision" title="Vision and Mission">
        <div className="grid gap-6 md:grid-cols-2">
          <article className="rounded-xl bg-brand-50 p-8">
            <Icon name="eye" className="size-8 text-brand-600" />
            <h3 className="mt-3 text-xl font-bold text-brand-900">Our Vision</h3>
            <p className="mt-2 text-slate-700">{about.vision}</p>
          </article>
          <article className="rounded-xl bg-cream p-8">
            <Icon name="target" className="size-8 text-clay-600" />
            <h3 className="mt-3 text-xl font-bold text-brand-900">Our Mission</h3>
            <p className="mt-2 text-slate-700">{about.mission}</p>
          </article>
        </div>
      </Section>
      <Section id="values" title="Our Core Values" tone="muted">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {about.values.map((value) => (
            <article
              key={value.title}
              className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              data-testid="core-value"
            >
              <h3 className="text-lg font-bold text-brand-800">{value.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{value.description}</p>
            </article>
          ))}
        </div>
      </Section>
      <Section id="history" title="Our Journey, 2000-2024">
        <ol className="relative space-y-8 border-l-2 border-brand-100 pl-8">
          {about.timeline.map((entry) => (
            <li key={entry.year} className="relative" data-testid="timeline-entry">
              <span
                aria-hidden
                className="absolute -left-[41px] top-1 size-4 rounded-full border-4 border-white bg-accent-500 ring-2 ring-brand-100"
              />
              <p className="text-sm font-bold text-clay-600">{entry.year}</p>
              <h3 className="font-bold text-brand-900">{entry.title}</h3>
              <p className="mt-1 text-slate-600">{entry.description}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="leadership" title="Our Leadership" tone="cream">
        <div className="grid items-center gap-10 md:grid-cols-[280px_1fr]">
          {leaderPortrait ? (
            <ResponsiveImage
              src={leaderPortrait.imageUrl}
              variants={leaderPortrait.variants}
              alt={leaderPortrait.altText}
              width={leaderPortrait.width}
              height={leaderPortrait.height}
              sizes="280px"
              className="h-auto w-full max-w-xs rounded-2xl object-cover shadow-lg"
            />
          ) : (
            <span aria-hidden />
          )}
          <div>
            <h3 className="text-2xl font-bold text-brand-900">{leadership.name}</h3>
            <p className="font-semibold text-clay-600">{leadership.title}</p>
            <blockquote className="mt-4 border-l-4 border-accent-500 pl-4 text-lg italic text-slate-700">
              <p>&ldquo;{leadership.quote}&rdquo;</p>
            </blockquote>
            <p className="mt-4 text-slate-700">{leadership.bio}</p>
          </div>
        </div>
        <CardGrid className="mt-12">
          {team.map((member) => {
            const portrait = portraitOf(member.name);
            return (
              <article
                key={member.name}
                className="rounded-xl bg-white p-6 shadow-sm"
                data-testid="team-member"
              >
                {portrait ? (
                  <ResponsiveImage
                    src={portrait.imageUrl}
                    variants={portrait.variants}
                    alt={portrait.altText}
                    width={portrait.width}
                    height={portrait.height}
                    sizes="96px"
                    className="mb-4 size-24 rounded-full object-cover"
                  />
                ) : null}
                <h3 className="font-bold text-brand-900">{member.name}</h3>
                <p className="text-sm font-semibold text-brand-600">{member.title}</p>
                <p className="mt-2 text-sm text-slate-600">{member.bio}</p>
              </article>
            );
          })}
        </CardGrid>
      </Section>
      {facilitators.length > 0 && (
        <Section id="facilitators" title="Our Facilitators">
          <FacilitatorCards facilitators={facilitators} />
        </Section>
      )}
      <ClientsSection logos={clientLogos} />
      <StatsBand stats={stats} />
    </>
  );
}
