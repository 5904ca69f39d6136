import type { ImageVariant } from "#app/site/tables.server";

type Thumbable = { imageUrl: string; altText: string | null; title: string; variants: ImageVariant[] };

/** The smallest JPEG variant is enough for a card; seeded artwork has no variants and is shown as is. */
export function ImageThumb({ image }: { image: Thumbable }) {
  const smallest = image.variants.filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width)[0];
  return (
    <img
      src={smallest?.url ?? image.imageUrl}
      alt={image.altText || image.title}
      loading="lazy"
      decoding="async"
      className="aspect-video w-full rounded-t-xl bg-slate-100 object-cover"
    />
  );
}
