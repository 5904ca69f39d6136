import type { ImageComponent } from "#app/site/index.server";
import type { ImageVariant } from "#app/site/tables.server";
import { usePublicLayoutData } from "./use-public-layout";

type ImageProps = {
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** the layout width the image fills, for the browser to pick a variant */
  sizes?: string;
  /** above the fold: load at once and with high priority */
  priority?: boolean;
};

const FORMAT_TYPES: Record<ImageVariant["format"], string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

const srcSet = (variants: Pick<ImageVariant, "url" | "width">[]) =>
  [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(", ");

/**
 * An image with explicit dimensions (no layout shift); when resized variants exist it becomes a
 * <picture> offering AVIF and WebP before the JPEG fallback.
 */
export function ResponsiveImage({
  src,
  variants = [],
  alt,
  width,
  height,
  className,
  sizes = "100vw",
  priority = false,
}: ImageProps & { src: string; variants?: Pick<ImageVariant, "format" | "url" | "width">[] }) {
  const attributes = {
    width,
    height,
    className,
    loading: priority ? "eager" : "lazy",
    fetchPriority: priority ? "high" : "auto",
    decoding: "async",
  } as const;
  if (variants.length === 0) return <img src={src} alt={alt} {...attributes} />;
  const byFormat = (format: ImageVariant["format"]) => variants.filter((v) => v.format === format);
  const fallback = byFormat("jpeg").length > 0 ? byFormat("jpeg") : variants;
  const largest = [...fallback].sort((a, b) => b.width - a.width)[0];
  return (
    <picture>
      {(["avif", "webp"] as const).map((format) =>
        byFormat(format).length > 0 ? (
          <source key={format} type={FORMAT_TYPES[format]} srcSet={srcSet(byFormat(format))} sizes={sizes} />
        ) : null,
      )}
      <img src={largest?.url ?? src} srcSet={srcSet(fallback)} sizes={sizes} alt={alt} {...attributes} />
    </picture>
  );
}

/** The image an administrator uploaded for a page component, or the built-in artwork. */
export function SiteImage({
  component,
  fallbackSrc,
  alt,
  ...props
}: ImageProps & { component: ImageComponent; fallbackSrc: string }) {
  const uploaded = usePublicLayoutData()?.images[component];
  if (!uploaded) return <ResponsiveImage src={fallbackSrc} alt={alt} {...props} />;
  return (
    <ResponsiveImage
      src={uploaded.imageUrl}
      variants={uploaded.variants}
      alt={uploaded.altText || alt}
      {...props}
    />
  );
}
