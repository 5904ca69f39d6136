import { Trash2 } from "lucide-react";
import { data, Link } from "react-router";
import { CONTACT_KIND, ContactCards } from "#app/components/admin/contact-list";
import {
  ExportLink,
  FilterForm,
  Pagination,
  TotalBadge,
  useQueryHref,
} from "#app/components/admin/list-controls";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { ActionNotice, RowActionToasts } from "#app/components/admin/row-actions";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import {
  deleteContact,
  listContacts,
  purgeExpiredContacts,
  restoreContact,
  setContactStatus,
} from "#app/models/contact-admin.server";
import {
  CONTACT_MESSAGES,
  CONTACT_STATUSES,
  ContactActionSchema,
  ContactQuerySchema,
  type ContactStatus,
  parseListQuery,
} from "#app/schemas/admin-lists";
import { requireAdmin } from "#app/services/auth.server";
import { logger } from "#app/services/logger.server";
import { handleRowAction } from "#app/services/row-actions.server";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = () => [{ title: "Contact Submissions | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireAdmin(args);
  const query = parseListQuery(ContactQuerySchema, new URL(args.request.url));
  try {
    await purgeExpiredContacts(actor);
    return { query, list: await listContacts(query), error: null };
  } catch (error) {
    logger.error({ err: error }, CONTACT_MESSAGES.fetchFailed);
    return data({ query, list: null, error: CONTACT_MESSAGES.fetchFailed }, { status: 500 });
  }
}

export async function action(args: Route.ActionArgs) {
  return handleRowAction(
    args,
    ContactActionSchema,
    {
      remove: deleteContact,
      restore: restoreContact,
      setStatus: (id, status, actor) => setContactStatus(id, status as ContactStatus, actor),
    },
    CONTACT_MESSAGES,
  );
}

export default function Contacts({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, error } = loaderData;
  const href = useQueryHref();
  const exportHref = `/admin/contacts/export${href({ page: null }).replace(/^\?$/, "")}`;
  return (
    <div>
      <RowActionToasts kind={CONTACT_KIND} />
      <ActionNotice kind={CONTACT_KIND} result={actionData} />
      <PageHeader
        title="Contact Submissions"
        badge={list ? <TotalBadge total={list.total} noun="total" /> : null}
        description="Messages from the contact forms, newest first. Deleted messages can be restored for 30 days."
        actions={
          <>
            <ExportLink href={exportHref} />
            <Link to="/admin/contacts/deleted" className={buttonClass("ghost")}>
              <Trash2 aria-hidden className="size-4" />
              Recently deleted
            </Link>
          </>
        }
      />
      <FilterForm resetTo="/admin/contacts">
        <InputField
          label="Search"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="Name, e-mail, organisation, message"
          className="sm:col-span-2"
        />
        <SelectField label="Status" name="status" defaultValue={query.status} className="capitalize">
          <option value="">All statuses</option>
          {CONTACT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <SelectField label="Order" name="dir" defaultValue={query.dir}>
          <option value="desc">Newest first</option>
          <option value="asc">Oldest first</option>
        </SelectField>
      </FilterForm>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          {error}
        </p>
      ) : !list || list.rows.length === 0 ? (
        <EmptyState>{CONTACT_MESSAGES.empty}</EmptyState>
      ) : (
        <ContactCards rows={list.rows} />
      )}
      {list ? <Pagination page={list.page} pageCount={list.pageCount} total={list.total} /> : null}
    </div>
  );
}
