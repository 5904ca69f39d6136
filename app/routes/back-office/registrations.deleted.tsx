import { loadDeletedList, REGISTRATION_LIST_SCREEN } from "#app/back-office/index.server";
import { REGISTRATION_KIND } from "#app/components/admin/registration-list";
import { DeletedList } from "#app/routes/back-office/components/deleted-list";
import { canReadBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/registrations.deleted";

export const meta: Route.MetaFunction = () => [{ title: "Recently Deleted Registrations | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireAllowed(args, canReadBookings);
  return loadDeletedList(actor, args.request, REGISTRATION_LIST_SCREEN);
}

export default function DeletedRegistrations({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  return (
    <DeletedList
      kind={REGISTRATION_KIND}
      title="Recently Deleted Registrations"
      backTo="/admin/registrations"
      backLabel="Back to registrations"
      rows={list.rows.map((row) => ({
        ...row,
        // the course with its date and venue, as the live list shows it
        detail: [row.courseName, row.courseDate, row.courseVenue].filter(Boolean).join(" · "),
        deletedAt: row.deletedAt as Date,
      }))}
      page={list}
    />
  );
}
