import { apiCancelBooking, apiNotFound } from "#app/integrations/index.server";
import type { Route } from "./+types/api.booking-cancel";

export function loader({ request }: Route.LoaderArgs) {
  return apiNotFound(request);
}

// the body is read, bounded, by the API's own reader
export function action(args: Route.ActionArgs) {
  return apiCancelBooking(args, args.params.reference);
}
