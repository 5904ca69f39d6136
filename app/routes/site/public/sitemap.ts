import { env } from "#app/platform/env.server";
import { getSiteContentUpdatedAt, listActiveCourseSlugs } from "#app/site/index.server";
import { buildSitemap, STATIC_PUBLIC_PATHS } from "#app/utils/sitemap";

export async function loader() {
  const [courses, contentUpdatedAt] = await Promise.all([listActiveCourseSlugs(), getSiteContentUpdatedAt()]);
  const catalogueUpdatedAt = courses.reduce<Date | null>(
    (latest, c) => (latest && latest > c.updatedAt ? latest : c.updatedAt),
    null,
  );
  const xml = buildSitemap(env().PUBLIC_URL, [
    ...STATIC_PUBLIC_PATHS.map(({ path, fromCatalogue }) => ({
      path,
      lastmod: (fromCatalogue ? catalogueUpdatedAt : contentUpdatedAt) ?? contentUpdatedAt,
    })),
    ...courses.map((c) => ({ path: `/courses/${c.slug}`, lastmod: c.updatedAt })),
  ]);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
