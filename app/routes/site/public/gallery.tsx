import { PageHero } from "#app/components/public/page-sections";
import { GalleryGrid } from "#app/routes/site/public/components/gallery-grid";
import { publicGalleryImages } from "#app/site/index.server";
import { isGalleryCategory } from "#app/utils/gallery-categories";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/gallery";

export async function loader({ request }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("category");
  const category = isGalleryCategory(requested) ? requested : null;
  const images = await publicGalleryImages();
  return { category, images: category ? images.filter((i) => i.galleryCategory === category) : images };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Gallery",
    description:
      "Moments from Mafunzo training workshops, executive retreats, experiential learning, consultancy and faith-based programmes across East Africa.",
  });

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Our work in pictures"
        title="Gallery"
        intro="Training rooms, boardrooms, lakeshores and savannah: a look at how our programmes come to life."
      />
      <section className="mx-auto max-w-7xl px-4 py-12">
        <GalleryGrid images={loaderData.images} category={loaderData.category} />
      </section>
    </>
  );
}
