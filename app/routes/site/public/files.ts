import { documentResponse, notFound } from "#app/platform/files/file-response.server";
import { RecordIdSchema } from "#app/platform/forms/admin-ids";
import { getDocument } from "#app/site/index.server";
import { getAdmin } from "#app/staff/index.server";
import type { Route } from "./+types/files";

/** `/files/<documentId>/<name>`: the id finds the document; the name is only there for people and browsers. */
export async function loader(args: Route.LoaderArgs) {
  const parsed = RecordIdSchema.safeParse({ id: args.params.id });
  if (!parsed.success) return notFound();
  const doc = await getDocument(parsed.data.id);
  if (!doc) return notFound();
  if (doc.status !== "active" && !(await getAdmin(args))) return notFound();
  return (await documentResponse(args.request, doc)) ?? notFound();
}
