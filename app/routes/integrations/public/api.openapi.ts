import { apiDescription } from "#app/integrations/index.server";
import type { Route } from "./+types/api.openapi";

export function loader({ request }: Route.LoaderArgs) {
  return apiDescription(request);
}
