import { ExternalLink, Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { LoadError, PageHeader } from "#app/components/admin/page-header";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { listOrganisationChoices } from "#app/organisations/index.server";
import { fileScreenAction, savePictureRecord, type TempFile } from "#app/platform/files/upload.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { loadOrReport } from "#app/platform/forms/admin-result.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { CardActions, CardGrid, ImageCard } from "#app/routes/site/components/card-grid";
import { DeleteCardForm } from "#app/routes/site/components/delete-card-form";
import {
  keptOrSaved,
  PictureFileField,
  PictureRecordForm,
} from "#app/routes/site/components/picture-record-form";
import {
  CLIENT_LOGO_MESSAGES,
  type ClientLogoInput,
  ClientLogoSchema,
  IMAGE_MAX_BYTES,
} from "#app/site/index";
import {
  createClientLogo,
  deleteClientLogo,
  listClientLogosForAdmin,
  updateClientLogo,
} from "#app/site/index.server";
import { canEditContent, canReadBookings, canReadOffice } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/clients";

export const meta: Route.MetaFunction = () => [{ title: "Clients | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadOffice);
  const url = new URL(args.request.url);
  const { value, error } = await loadOrReport(
    "Failed to fetch client logos",
    async () => {
      const [logos, organisations] = await Promise.all([
        listClientLogosForAdmin(),
        listOrganisationChoices(),
      ]);
      return { logos, organisations };
    },
    { logos: [], organisations: [] },
  );
  // ?form=new opens the add form, ?edit=<id> the edit form: links, so it works without JavaScript too
  const editId = parseId(url.searchParams.get("edit"));
  return {
    ...value,
    error,
    adding: url.searchParams.get("form") === "new",
    editing: value.logos.find((logo) => logo.id === editId) ?? null,
  };
}

const done = (description: string) => redirectWithToast("/admin/clients", { title: "Success", description });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  const messages = CLIENT_LOGO_MESSAGES;
  const create = (input: ClientLogoInput, file: TempFile) => createClientLogo(admin.actor, input, file);
  return fileScreenAction(args.request, {
    maxBytes: IMAGE_MAX_BYTES,
    messages,
    schema: ClientLogoSchema,
    upload: create,
    remove: (id) => deleteClientLogo(admin.actor, id),
    done,
    intents: {
      save: (fields, file) =>
        savePictureRecord(fields, file, {
          schema: ClientLogoSchema,
          messages: { ...messages, needsFile: messages.needsLogo },
          create,
          update: (id, input, picture) => updateClientLogo(admin.actor, id, input, picture),
          done,
        }),
    },
  });
}

export default function Clients({ loaderData, actionData }: Route.ComponentProps) {
  const { logos, organisations, error, adding, editing } = loaderData;
  useErrorToast(actionData, "Error");
  const staff = useStaff();
  const mayEdit = canEditContent(staff);
  const formOpen = mayEdit && (adding || editing || actionData?.values?.intent === "save");
  const values = actionData?.values ?? {};
  const organisationName = new Map(organisations.map((o) => [o.id, o.name]));
  const value = (name: string, saved: string | number | null | undefined) => keptOrSaved(values, name, saved);
  const editingId = values.id ?? editing?.id;
  return (
    <div>
      <PageHeader
        title="Clients"
        badge={<Badge tone="brand">{logos.length} logos</Badge>}
        description="Logos of organisations the firm has trained, shown in the Clients strip on the home and About pages while active."
        actions={
          formOpen || !mayEdit ? null : (
            <Link to="?form=new" className={buttonClass()}>
              <Plus aria-hidden className="size-4" />
              Add Client Logo
            </Link>
          )
        }
      />
      {formOpen ? (
        <PictureRecordForm
          key={editingId ?? "new"}
          heading={editingId ? "Edit Client Logo" : "Add Client Logo"}
          recordId={editingId}
          error={actionData?.error}
          submitLabel={editingId ? "Update Client Logo" : "Add Client Logo"}
          cancelTo="/admin/clients"
        >
          <InputField
            label="Organisation name"
            name="name"
            required
            maxLength={200}
            defaultValue={value("name", editing?.name)}
          />
          <InputField
            label="Alt text"
            name="altText"
            required
            maxLength={300}
            hint="What the logo shows, for people who cannot see it, e.g. “Kenya Ports Authority logo”."
            defaultValue={value("altText", editing?.altText)}
          />
          <PictureFileField label="Logo" editing={Boolean(editingId)} />
          <SelectField
            label="Organisation record"
            name="organisationId"
            hint="Optional: the client's record in Organisations."
            defaultValue={value("organisationId", editing?.organisationId)}
          >
            <option value="">None</option>
            {organisations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </SelectField>
          <InputField
            label="Website"
            name="websiteUrl"
            type="url"
            maxLength={500}
            hint="Optional: https://…"
            defaultValue={value("websiteUrl", editing?.websiteUrl)}
          />
          <InputField
            label="Display order"
            name="sortOrder"
            inputMode="numeric"
            hint="Lower numbers appear first"
            defaultValue={value("sortOrder", editing?.sortOrder ?? 0)}
          />
          <SelectField
            label="Status"
            name="status"
            defaultValue={value("status", editing?.status ?? "active")}
          >
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </SelectField>
        </PictureRecordForm>
      ) : null}
      <LoadError error={error} />
      <CardGrid
        items={logos}
        empty={error ? null : "No client logos yet. The Clients strip stays hidden until one is active."}
      >
        {(logo) => (
          <ImageCard
            key={logo.id}
            image={{
              imageUrl: logo.imageUrl,
              altText: logo.altText,
              title: logo.name,
              variants: logo.imageVariants,
              status: logo.status,
            }}
          >
            <dl className="mt-2 space-y-1 text-sm text-slate-700" data-testid="client-logo-card">
              <div>
                <dt className="inline font-medium">Alt text: </dt>
                <dd className="inline">{logo.altText}</dd>
              </div>
              {logo.organisationId ? (
                <div>
                  <dt className="inline font-medium">Organisation: </dt>
                  <dd className="inline">
                    {canReadBookings(staff) ? (
                      <Link to={`/admin/organisations/${logo.organisationId}`} className="underline">
                        {organisationName.get(logo.organisationId)}
                      </Link>
                    ) : (
                      organisationName.get(logo.organisationId)
                    )}
                  </dd>
                </div>
              ) : null}
              {logo.websiteUrl ? (
                <div>
                  <dt className="inline font-medium">Website: </dt>
                  <dd className="inline wrap-anywhere">
                    <a href={logo.websiteUrl} target="_blank" rel="noreferrer noopener" className="underline">
                      {logo.websiteUrl}
                      <ExternalLink aria-hidden className="ml-1 inline size-3" />
                    </a>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt className="inline font-medium">Order: </dt>
                <dd className="inline">{logo.sortOrder}</dd>
              </div>
            </dl>
            {mayEdit ? (
              <CardActions>
                <Link
                  to={`?edit=${logo.id}`}
                  className={buttonClass("outline")}
                  aria-label={`Edit ${logo.name}`}
                >
                  <Pencil aria-hidden className="size-4" />
                  Edit
                </Link>
                <DeleteCardForm
                  id={logo.id}
                  label={logo.name}
                  message={`Are you sure you want to delete the logo of ${logo.name}?`}
                  showPending
                />
              </CardActions>
            ) : null}
          </ImageCard>
        )}
      </CardGrid>
    </div>
  );
}
