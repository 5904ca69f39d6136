import { Section } from "#app/components/public/page-sections";
import { ResponsiveImage } from "#app/components/public/site-image";
import type { ClientLogoView } from "#app/site/index.server";
import { cn } from "#app/utils/cn";

/**
 * Each logo in a box of fixed size (the page does not move as logos load), loaded lazily from the smallest
 * variant that fills it; a logo with a website links to it.
 */
function LogoList({ logos, compact }: { logos: ClientLogoView[]; compact: boolean }) {
  return (
    <ul
      aria-label="Client logos"
      // a compact row scrolls sideways on a phone and may hold no link: the keyboard needs a stop on it to
      // scroll it (axe: scrollable-region-focusable)
      tabIndex={compact ? 0 : undefined}
      className={cn(
        "flex flex-wrap gap-3",
        compact &&
          "sm:justify-center max-sm:relative max-sm:min-w-0 max-sm:flex-1 max-sm:flex-nowrap max-sm:justify-start max-sm:gap-2 max-sm:overflow-x-auto max-sm:pb-1 sm:mt-5",
      )}
    >
      {logos.map((logo) => (
        <li
          key={logo.id}
          className={cn(
            "flex h-20 w-36 shrink-0 items-center justify-center rounded-lg bg-white p-3 ring-1 ring-slate-200",
            compact && "max-sm:h-10 max-sm:w-24 max-sm:p-1.5",
          )}
        >
          {logo.websiteUrl ? (
            <a
              href={logo.websiteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex size-full items-center justify-center"
            >
              <LogoImage logo={logo} />
            </a>
          ) : (
            <LogoImage logo={logo} />
          )}
        </li>
      ))}
    </ul>
  );
}

function LogoImage({ logo }: { logo: ClientLogoView }) {
  return (
    <ResponsiveImage
      src={logo.imageUrl}
      variants={logo.imageVariants}
      alt={logo.altText}
      width={logo.imageWidth}
      height={logo.imageHeight}
      sizes="120px"
      className="size-full object-contain"
    />
  );
}

/**
 * The home page's clients, inside its testimonials (both are proof): on a phone one short row beside its label
 * that scrolls sideways, so the page stays under 6 screens (decision 0662). Nothing when no logo is active.
 */
export function ClientLogoRow({ logos }: { logos: ClientLogoView[] }) {
  if (logos.length === 0) return null;
  return (
    <div id="clients" className="mt-4 flex items-center gap-3 sm:mt-12 sm:block">
      <h3 className="shrink-0 text-sm font-bold text-brand-900 sm:text-center sm:text-xl">Our Clients</h3>
      <LogoList logos={logos} compact />
    </div>
  );
}

/** The About page's "Our Clients" section; nothing when no logo is active. */
export function ClientsSection({ logos }: { logos: ClientLogoView[] }) {
  if (logos.length === 0) return null;
  return (
    <Section id="clients" title="Our Clients" tone="muted">
      <LogoList logos={logos} compact={false} />
    </Section>
  );
}
