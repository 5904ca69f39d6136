import { useRouteLoaderData } from "react-router";
import type { PublicLayoutData } from "#app/site/index.server";
import { PUBLIC_LAYOUT_ID } from "#app/utils/seo";

/** The public layout's data (settings, site images, contact); undefined outside the public site. */
export function usePublicLayoutData(): PublicLayoutData | undefined {
  return useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
}
