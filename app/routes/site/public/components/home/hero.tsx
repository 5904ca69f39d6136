import { Icon } from "#app/components/icons/icon";
import type { IconName } from "#app/components/icons/names";
import { CATALOGUE_PDF } from "#app/components/layout/nav-links";
import { buttonStyles } from "#app/components/public/page-sections";
import { SiteImage } from "#app/components/public/site-image";
import { usePublicLayoutData } from "#app/components/public/use-public-layout";
import type { SiteContent } from "#app/site/index";
import { withYears } from "#app/utils/runs";

const BADGE_ICONS: IconName[] = ["award", "building-complex", "graduation-cap"];

export function HomeHero({ hero, offices }: { hero: SiteContent["hero"]; offices: SiteContent["offices"] }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-8 sm:gap-12 sm:py-16 lg:grid-cols-2 lg:py-24">
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
          <h1 className="mt-4 text-3xl font-bold leading-tight sm:mt-6 sm:text-5xl">{hero.headline}</h1>
          <p className="mt-4 max-w-2xl text-brand-100 sm:mt-6 sm:text-lg">{hero.tagline}</p>
          <div className="mt-6 flex flex-wrap gap-3 sm:mt-8">
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
          className="h-auto w-full rounded-2xl shadow-2xl max-sm:hidden"
        />
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-8 sm:pb-16">
        {/* on a phone the statistics collapse to their figures and names, three abreast */}
        <ul className="grid grid-cols-3 gap-2 sm:gap-4" aria-label="Our impact">
          {hero.stats.map((stat) => (
            <li
              key={stat.label}
              className="rounded-xl bg-white p-3 text-slate-800 shadow-lg sm:p-6"
              data-testid="hero-stat"
            >
              <p className="text-xl font-bold text-brand-700 sm:text-3xl">{stat.value}</p>
              <p className="mt-1 text-xs font-semibold text-brand-900 sm:text-base">{stat.label}</p>
              <p className="mt-2 text-sm text-slate-600 max-sm:hidden">{stat.description}</p>
            </li>
          ))}
        </ul>
        <ul className="mt-4 grid grid-cols-2 gap-2 sm:mt-6 sm:gap-4 lg:grid-cols-4" aria-label="Our offices">
          {offices.map((office) => (
            <li
              key={office.city}
              className="flex items-start gap-2 rounded-xl bg-white/10 p-2 ring-1 ring-white/20 sm:gap-3 sm:p-4"
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
