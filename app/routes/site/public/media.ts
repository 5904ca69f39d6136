import { notFound, objectResponse } from "#app/platform/files/file-response.server";
import { storage } from "#app/platform/files/storage.server";
import { PUBLIC_MEDIA_KEY } from "#app/site/index.server";
import type { Route } from "./+types/media";

/** `/media/<key>`: image variants. Each key is new content, so browsers and proxies may keep it for a year. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!PUBLIC_MEDIA_KEY.test(key)) return notFound();
  const object = await storage().get(key);
  if (!object) return notFound();
  return objectResponse(request, object, { "Cache-Control": "public, max-age=31536000, immutable" });
}
