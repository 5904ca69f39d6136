import type { ReactNode } from "react";
import { CARD_GRID, EmptyState } from "#app/components/admin/page-header";
import { Badge, StatusBadge } from "#app/components/ui/badge";
import { cn } from "#app/utils/cn";
import { ImageThumb } from "./image-thumb";

const CARD = "flex flex-col rounded-xl border border-slate-200 bg-white shadow-sm";

/** A screen's cards in the 1/2/3-column grid, or its empty-state text when there are none (and it has one). */
export function CardGrid<T>({
  items,
  empty,
  children,
}: {
  items: T[];
  /** Nothing while a load error is shown instead. */
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0 && empty) return <EmptyState>{empty}</EmptyState>;
  return <ul className={CARD_GRID}>{items.map((item) => children(item))}</ul>;
}

/** A padded card: for records without a picture. */
export function Card({ children, ...rest }: { children: ReactNode; "data-testid"?: string }) {
  return (
    <li className={cn(CARD, "p-5")} {...rest}>
      {children}
    </li>
  );
}

/** A card's heading with the record's status beside it. */
export function CardTitle({
  status,
  className,
  headingClassName,
  children,
}: {
  status: string;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex items-start justify-between gap-3", className)}>
      <h2 className={cn("font-semibold text-slate-900", headingClassName)}>{children}</h2>
      <StatusBadge status={status} />
    </div>
  );
}

/**
 * A card led by an uploaded image's thumbnail, its title and status; seeded artwork says so, so the office knows
 * which pictures still wait for a photograph of its own (an uploaded logo or portrait never is artwork).
 */
export function ImageCard({
  image,
  titleClassName,
  children,
}: {
  image: Parameters<typeof ImageThumb>[0]["image"] & { status: string; artwork?: boolean };
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <li className={CARD}>
      <ImageThumb image={image} />
      <div className="flex flex-1 flex-col p-5">
        <CardTitle status={image.status} className={titleClassName}>
          {image.title}
        </CardTitle>
        {image.artwork ? (
          <p className="mb-2 text-sm text-slate-700" data-testid="artwork-flag">
            <Badge tone="violet">Seeded artwork</Badge> Not a photograph: Replace Picture on its Gallery card
            puts one of yours in its place.
          </p>
        ) : null}
        {children}
      </div>
    </li>
  );
}

/** The buttons along a card's foot. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className="mt-auto flex gap-2 pt-4">{children}</div>;
}
