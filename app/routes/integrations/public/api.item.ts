import { apiItem, apiNotFound } from "#app/integrations/index.server";
import type { Route } from "./+types/api.item";

export function loader(args: Route.LoaderArgs) {
  return apiItem(args, args.params.resource, args.params.key);
}

export function action({ request }: Route.ActionArgs) {
  return apiNotFound(request);
}
