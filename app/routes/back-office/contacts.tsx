import { CONTACT_MESSAGES, CONTACT_STATUSES } from "#app/back-office/index";
import {
  CONTACT_LIST_SCREEN,
  handleRowAction,
  listContacts,
  loadListScreen,
} from "#app/back-office/index.server";
import {
  FilterCheckbox,
  FilterForm,
  ListBody,
  RowListHeader,
  SearchFilter,
  StatusFilter,
} from "#app/components/admin/list-controls";
import { SelectField } from "#app/components/ui/field";
import { CONTACT_KIND, ContactCards } from "#app/routes/back-office/components/contact-list";
import { canReadBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = () => [{ title: "Contact Submissions | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireAllowed(args, canReadBookings);
  return loadListScreen(
    actor,
    args.request,
    CONTACT_LIST_SCREEN,
    async (query) => ({ list: await listContacts(query) }),
    { list: null },
  );
}

export async function action(args: Route.ActionArgs) {
  return handleRowAction(args, CONTACT_LIST_SCREEN);
}

export default function Contacts({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, error } = loaderData;
  return (
    <div>
      <RowListHeader
        kind={CONTACT_KIND}
        result={actionData}
        title="Contact Submissions"
        total={list?.total}
        description="Messages from the contact forms, newest first. Deleted messages can be restored for 30 days."
      />
      <FilterForm resetTo="/admin/contacts">
        <SearchFilter value={query.q} placeholder="Name, e-mail, organisation, message" />
        <StatusFilter value={query.status} options={CONTACT_STATUSES} />
        <SelectField label="Order" name="dir" defaultValue={query.dir}>
          <option value="desc">Newest first</option>
          <option value="asc">Oldest first</option>
        </SelectField>
        <FilterCheckbox
          label="Only new ones waiting more than 24 hours"
          name="waiting"
          checked={query.waiting === "1"}
        />
      </FilterForm>
      <ListBody error={error} list={list} empty={CONTACT_MESSAGES.empty}>
        {(page) => <ContactCards rows={page.rows} />}
      </ListBody>
    </div>
  );
}
