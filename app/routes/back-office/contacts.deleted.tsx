import { CONTACT_LIST_SCREEN, loadDeletedList } from "#app/back-office/index.server";
import { CONTACT_KIND } from "#app/routes/back-office/components/contact-list";
import { DeletedList } from "#app/routes/back-office/components/deleted-list";
import { canReadBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/contacts.deleted";

export const meta: Route.MetaFunction = () => [{ title: "Recently Deleted Contacts | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireAllowed(args, canReadBookings);
  return loadDeletedList(actor, args.request, CONTACT_LIST_SCREEN);
}

export default function DeletedContacts({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  return (
    <DeletedList
      kind={CONTACT_KIND}
      title="Recently Deleted Contacts"
      backTo="/admin/contacts"
      backLabel="Back to contacts"
      rows={list.rows.map((row) => ({
        ...row,
        detail: row.courseInterest,
        deletedAt: row.deletedAt as Date,
      }))}
      page={list}
    />
  );
}
