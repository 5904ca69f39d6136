import type { ClientLogoView } from "#app/site/index.server";
import { cn } from "#app/utils/cn";
import { ResponsiveImage } from "./site-image";

/**
 * The "Clients" strip: each logo in a box of fixed size (the page does not move as logos load), loaded lazily
 * from the smallest variant that fills it. `sideways` keeps it to one row on a phone, which scrolls sideways:
 * the home page stays short. Nothing at all when no logo is active.
 */
export function ClientsStrip({
  logos,
  sideways = false,
  className,
}: {
  logos: ClientLogoView[];
  sideways?: boolean;
  className?: string;
}) {
  if (logos.length === 0) return null;
  return (
    <section id="clients" aria-labelledby="clients-heading" className={cn("scroll-mt-28 py-8", className)}>
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="clients-heading" className="text-center text-xl font-bold text-brand-900 sm:text-2xl">
          Our Clients
        </h2>
        <ul
          aria-label="Client logos"
          // on a phone the sideways row may hold no link: the keyboard needs a stop on it to scroll it (axe: scrollable-region-focusable)
          tabIndex={sideways ? 0 : undefined}
          className={cn(
            "mt-5 flex flex-wrap justify-center gap-3",
            sideways &&
              "max-sm:relative max-sm:-mx-4 max-sm:flex-nowrap max-sm:justify-start max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-2",
          )}
        >
          {logos.map((logo) => (
            <li
              key={logo.id}
              className="flex h-20 w-36 shrink-0 items-center justify-center rounded-lg bg-white p-3 ring-1 ring-slate-200"
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
      </div>
    </section>
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
