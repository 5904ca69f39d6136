import { apiNotFound } from "#app/integrations/index.server";
import type { Route } from "./+types/api.not-found";

export function loader({ request }: Route.LoaderArgs) {
  return apiNotFound(request);
}

export function action({ request }: Route.ActionArgs) {
  return apiNotFound(request);
}
