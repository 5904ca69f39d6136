import { cn } from "#app/utils/cn";
import type { IconName } from "./names";
// never inlined: a `<use>` does not follow a data: URL
import sprite from "./sprite.svg?no-inline";

/**
 * A lucide icon drawn from the sprite file, so a page carries each icon's shapes once (and caches them) rather
 * than in every inline `<svg>` and in its JavaScript. Decorative unless it has a `label`.
 */
export function Icon({ name, className, label }: { name: IconName; className?: string; label?: string }) {
  return (
    <svg
      className={cn("icon", className)}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
