/** The public pages of spec §2 (not /register, a form), and whether the course catalogue feeds them. */
export const STATIC_PUBLIC_PATHS = [
  { path: "/", fromCatalogue: true },
  { path: "/about", fromCatalogue: false },
  { path: "/services", fromCatalogue: false },
  { path: "/services/management", fromCatalogue: true },
  { path: "/services/county-government", fromCatalogue: true },
  { path: "/services/experiential-learning", fromCatalogue: true },
  { path: "/services/faith-based", fromCatalogue: true },
  { path: "/courses", fromCatalogue: true },
  { path: "/courses/all", fromCatalogue: true },
  { path: "/courses/calendar", fromCatalogue: true },
  { path: "/courses/management", fromCatalogue: true },
  { path: "/courses/county-government", fromCatalogue: true },
  { path: "/courses/experiential-learning", fromCatalogue: true },
  { path: "/courses/faith-based", fromCatalogue: true },
  { path: "/gallery", fromCatalogue: false },
  { path: "/testimonials", fromCatalogue: false },
  { path: "/contact", fromCatalogue: false },
  { path: "/privacy", fromCatalogue: false },
] as const;

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );

export function buildSitemap(origin: string, entries: { path: string; lastmod: Date | null }[]) {
  const base = origin.replace(/\/$/, "");
  const urls = entries.map(({ path, lastmod }) =>
    [
      "  <url>",
      `    <loc>${escapeXml(`${base}${path}`)}</loc>`,
      lastmod ? `    <lastmod>${lastmod.toISOString()}</lastmod>` : null,
      "  </url>",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
