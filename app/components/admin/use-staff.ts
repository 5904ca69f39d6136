import { useRouteLoaderData } from "react-router";
import type { Staff } from "#app/staff/index";

/** The signed-in account as the admin layout loaded it: screens ask the policy with it what to show. */
export function useStaff(): Staff {
  const layout = useRouteLoaderData("routes/shell/layout") as { staff: Staff } | undefined;
  return layout?.staff ?? { id: "", roles: [] };
}
