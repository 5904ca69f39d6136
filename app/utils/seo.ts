import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Mafunzo Training & Consultancy";
export const PUBLIC_LAYOUT_ID = "routes/shell/public/layout";

type MetaArgs = {
  location: { pathname: string; search?: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

/** The site's absolute origin, which the public layout loader reads from PUBLIC_URL. */
export function publicUrlFrom(matches: MetaArgs["matches"]): string {
  const layout = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID)?.loaderData as
    | { publicUrl?: string }
    | undefined;
  return (layout?.publicUrl ?? "").replace(/\/$/, "");
}

/**
 * Title, description, canonical link and Open Graph tags for a public page. The canonical URL
 * drops the query string except where a page names the parameters that make it distinct.
 */
export function pageMeta(
  args: MetaArgs,
  page: { title: string; description: string; image?: string; type?: "website" | "article"; query?: string },
): MetaDescriptor[] {
  const origin = publicUrlFrom(args.matches);
  const url = `${origin}${args.location.pathname}${page.query ? `?${page.query}` : ""}`;
  const title = page.title.includes("Mafunzo") ? page.title : `${page.title} | Mafunzo`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${origin}${page.image ?? "/artwork/hero.svg"}` },
    { property: "og:locale", content: "en_KE" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
