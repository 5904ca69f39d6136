import { apiCreate, apiList } from "#app/integrations/index.server";
import type { Route } from "./+types/api.collection";

// the API's lists and creations (docs/api.md); the body is read, bounded, by the API's own reader
export function loader(args: Route.LoaderArgs) {
  return apiList(args, args.params.resource);
}

export function action(args: Route.ActionArgs) {
  return apiCreate(args, args.params.resource);
}
