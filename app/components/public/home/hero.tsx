import { Icon } from "#app/components/icons/icon";
import type { IconName } from "#app/components/icons/names";
import { CATALOGUE_PDF } from "#app/components/layout/nav-links";
import type { SiteContent } from "#app/site/index";
import { withYears } from "#app/utils/runs";
import { buttonStyles } from "../page-sections";
import { SiteImage } from "../site-image";
import { usePublicLayoutData } from "../use-public-layout";

const BADGE_ICONS: IconName[] = ["award", "building-complex", "graduation-cap"];

export function HomeHero({ hero, offices }: { hero: SiteContent["hero"]; offices: SiteContent["offices"] }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 lg:grid-cols-2 lg:py-24">
        <div>
          <ul className="flex flex-wrap gap-2" aria-label="At a glance">
            {hero.badges.map((badge, i) => {
              const icon = BADGE_ICONS[i % BADGE_ICONS.length] ?? "award";
              return (
                <li
                  key={badge}
                  className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1 text-sm font-medium ring-1 ring-white/20"
                >
                  <Icon name={icon} className="size-4 text-accent-400" />
                  {badge}
                </li>
              );
            })}
          </ul>
          <h1 className="mt-6 text-4xl font-bold leading-tight sm:text-5xl">{hero.headline}</h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">{hero.tagline}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#courses" className={buttonStyles.primary}>
              Explore Our Courses
            </a>
            <a href={CATALOGUE_PDF} download className={buttonStyles.secondary}>
              <Icon name="download" className="size-4" />
              Download {withYears("Catalogue", usePublicLayoutData()?.catalogueYears)}
            </a>
          </div>
        </div>
        <SiteImage
          component="hero"
          fallbackSrc="/artwork/hero.svg"
          alt="Professionals in a training workshop with a facilitator presenting"
          width={640}
          height={480}
          priority
          sizes="(min-width: 1024px) 50vw, 100vw"
          className="h-auto w-full rounded-2xl shadow-2xl"
        />
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-16">
        <ul className="grid gap-4 md:grid-cols-3" aria-label="Our impact">
          {hero.stats.map((stat) => (
            <li
              key={stat.label}
              className="rounded-xl bg-white p-6 text-slate-800 shadow-lg"
              data-testid="hero-stat"
            >
              <p className="text-3xl font-bold text-brand-700">{stat.value}</p>
              <p className="mt-1 font-semibold text-brand-900">{stat.label}</p>
              <p className="mt-2 text-sm text-slate-600">{stat.description}</p>
            </li>
          ))}
        </ul>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Our offices">
          {offices.map((office) => (
            <li
              key={office.city}
              className="flex items-start gap-3 rounded-xl bg-white/10 p-4 ring-1 ring-white/20"
              data-testid="location-card"
            >
              <Icon name="map-pin" className="mt-0.5 size-5 shrink-0 text-accent-400" />
              <div>
                <p className="font-semibold">{office.city}</p>
                <p className="text-sm text-brand-100">{office.region}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
