import { useState } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "#app/components/public/site-image";
import { Badge } from "#app/components/ui/badge";
import type { GalleryImageView } from "#app/site/index.server";
import { cn } from "#app/utils/cn";
import { GALLERY_CATEGORY_LABELS, type GalleryCategory } from "#app/utils/gallery-categories";
import { GalleryViewer } from "./gallery-viewer";

const FILTERS: { value: GalleryCategory | null; label: string }[] = [
  { value: null, label: "All" },
  ...(Object.entries(GALLERY_CATEGORY_LABELS) as [GalleryCategory, string][]).map(([value, label]) => ({
    value,
    label,
  })),
];

/** Filter links (in the URL, so they work without JavaScript) and the image grid with its viewer. */
export function GalleryGrid({
  images,
  category,
}: {
  images: GalleryImageView[];
  category: GalleryCategory | null;
}) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <nav aria-label="Gallery categories" className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => {
          const active = filter.value === category;
          return (
            <Link
              key={filter.label}
              to={filter.value ? `?category=${filter.value}` : "."}
              preventScrollReset
              aria-current={active ? "page" : undefined}
              className={cn(
                "rounded-full px-4 py-2 text-sm font-semibold ring-1",
                active
                  ? "bg-brand-700 text-white ring-brand-700"
                  : "bg-white text-slate-700 ring-slate-300 hover:ring-brand-500",
              )}
            >
              {filter.label}
            </Link>
          );
        })}
      </nav>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {images.map((image, index) => (
          <li key={image.id} data-testid="gallery-item">
            <figure className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
              <a
                href={image.imageUrl}
                className="block"
                onClick={(event) => {
                  event.preventDefault();
                  setOpen(index);
                }}
              >
                <ResponsiveImage
                  src={image.imageUrl}
                  variants={image.variants}
                  alt={image.altText ?? image.title}
                  width={image.width ?? 1200}
                  height={image.height ?? 800}
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  priority={index < 3}
                  className="aspect-[3/2] h-auto w-full object-cover transition-transform hover:scale-105"
                />
                <span className="sr-only">Open {image.title} in the viewer</span>
              </a>
              <figcaption className="p-5">
                <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide">
                  {image.galleryCategory && (
                    <span className="text-clay-600">{GALLERY_CATEGORY_LABELS[image.galleryCategory]}</span>
                  )}
                  {/* seeded artwork is not a photograph of an event, and says so */}
                  {image.artwork && (
                    <Badge tone="violet" className="normal-case tracking-normal">
                      Illustration
                    </Badge>
                  )}
                </p>
                <h2 className="mt-1 font-bold text-brand-900">{image.title}</h2>
                {image.description && <p className="mt-1 text-sm text-slate-600">{image.description}</p>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {images.length === 0 && <p className="mt-8 text-slate-600">No images in this category yet.</p>}
      <GalleryViewer images={images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
