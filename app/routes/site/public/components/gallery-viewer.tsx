import { type KeyboardEvent, useEffect, useRef } from "react";
import { Icon } from "#app/components/icons/icon";
import { ResponsiveImage } from "#app/components/public/site-image";
import type { GalleryImageView } from "#app/site/index.server";
import { GALLERY_CATEGORY_LABELS } from "#app/utils/gallery-categories";

const controlClass =
  "flex size-11 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20";

/**
 * The full-screen viewer: a modal <dialog>, so the browser keeps focus inside it and Escape closes
 * it; the arrow keys move between images.
 */
export function GalleryViewer({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: GalleryImageView[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const image = index == null ? undefined : images[index];

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (image && !element.open) element.showModal();
    if (!image && element.open) element.close();
  }, [image]);

  const step = (delta: number) => {
    if (index == null || images.length === 0) return;
    onIndexChange((index + delta + images.length) % images.length);
  };

  // a modal dialog makes the page inert, but Tab would still leave for the browser's own controls
  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll("button")];
    const first = buttons[0];
    const last = buttons.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="viewer-title"
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950/95 p-0 text-white backdrop:bg-black/70"
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") step(1);
        if (event.key === "ArrowLeft") step(-1);
        if (event.key === "Tab") trapFocus(event);
      }}
    >
      {image && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 p-4">
            <p className="text-sm text-slate-300" aria-live="polite">
              {(index ?? 0) + 1} of {images.length}
            </p>
            <button type="button" className={controlClass} onClick={onClose} aria-label="Close viewer">
              <Icon name="x" className="size-6" />
            </button>
          </div>
          <div className="flex min-h-0 flex-1 items-center gap-2 px-2 sm:px-4">
            <button
              type="button"
              className={controlClass}
              onClick={() => step(-1)}
              aria-label="Previous image"
            >
              <Icon name="chevron-left" className="size-6" />
            </button>
            <div className="flex min-h-0 flex-1 items-center justify-center">
              <ResponsiveImage
                src={image.imageUrl}
                variants={image.variants}
                alt={image.altText ?? image.title}
                width={image.width ?? 1200}
                height={image.height ?? 800}
                sizes="90vw"
                priority
                className="max-h-[70vh] w-auto max-w-full rounded-lg object-contain"
              />
            </div>
            <button type="button" className={controlClass} onClick={() => step(1)} aria-label="Next image">
              <Icon name="chevron-right" className="size-6" />
            </button>
          </div>
          <div className="mx-auto max-w-3xl p-6 text-center">
            <h2 id="viewer-title" className="text-xl font-bold">
              {image.title}
            </h2>
            {image.galleryCategory && (
              <p className="mt-1 text-sm font-semibold text-accent-400">
                {GALLERY_CATEGORY_LABELS[image.galleryCategory]}
                {image.artwork ? " · Illustration" : ""}
              </p>
            )}
            {image.description && <p className="mt-2 text-slate-300">{image.description}</p>}
          </div>
        </div>
      )}
    </dialog>
  );
}
