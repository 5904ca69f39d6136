import { asc, eq } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { clientLogos } from "#app/site/tables.server";

/** The active client logos in display order: the public "Clients" strip. */
export async function listActiveClientLogos(executor: Executor = db()) {
  return executor
    .select({
      id: clientLogos.id,
      name: clientLogos.name,
      altText: clientLogos.altText,
      websiteUrl: clientLogos.websiteUrl,
      imageUrl: clientLogos.imageUrl,
      imageWidth: clientLogos.imageWidth,
      imageHeight: clientLogos.imageHeight,
      imageVariants: clientLogos.imageVariants,
    })
    .from(clientLogos)
    .where(eq(clientLogos.status, "active"))
    .orderBy(asc(clientLogos.sortOrder), asc(clientLogos.name), asc(clientLogos.createdAt));
}

export type ClientLogoView = Awaited<ReturnType<typeof listActiveClientLogos>>[number];
