import { Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { LoadError, PageHeader } from "#app/components/admin/page-header";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { listTrainerCandidates } from "#app/delivery/index.server";
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
  FACILITATOR_BIO_MAX,
  FACILITATOR_MESSAGES,
  type FacilitatorInput,
  FacilitatorSchema,
  IMAGE_MAX_BYTES,
} from "#app/site/index";
import {
  createFacilitator,
  deleteFacilitator,
  listFacilitatorCourseChoices,
  listFacilitatorsForAdmin,
  updateFacilitator,
} from "#app/site/index.server";
import { canEditContent, canReadOffice } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/facilitators";

export const meta: Route.MetaFunction = () => [{ title: "Facilitators | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadOffice);
  const url = new URL(args.request.url);
  const { value, error } = await loadOrReport(
    "Failed to fetch facilitators",
    async () => {
      const [facilitators, courses, trainers] = await Promise.all([
        listFacilitatorsForAdmin(),
        listFacilitatorCourseChoices(),
        listTrainerCandidates(),
      ]);
      return { facilitators, courses, trainers };
    },
    { facilitators: [], courses: [], trainers: [] },
  );
  // ?form=new opens the add form, ?edit=<id> the edit form: links, so it works without JavaScript too
  const editId = parseId(url.searchParams.get("edit"));
  return {
    ...value,
    error,
    adding: url.searchParams.get("form") === "new",
    editing: value.facilitators.find((f) => f.id === editId) ?? null,
  };
}

const done = (description: string) =>
  redirectWithToast("/admin/facilitators", { title: "Success", description });

/** The course boxes post one `courses` field each: the schema reads them as a list. */
const read = (fields: FormData) => ({ ...Object.fromEntries(fields), courses: fields.getAll("courses") });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  const messages = FACILITATOR_MESSAGES;
  const create = (input: FacilitatorInput, file: TempFile) => createFacilitator(admin.actor, input, file);
  return fileScreenAction(args.request, {
    maxBytes: IMAGE_MAX_BYTES,
    messages,
    schema: FacilitatorSchema,
    upload: create,
    remove: (id) => deleteFacilitator(admin.actor, id),
    done,
    intents: {
      save: (fields, file) =>
        savePictureRecord(fields, file, {
          schema: FacilitatorSchema,
          read,
          messages: { ...messages, needsFile: messages.needsPhoto },
          create,
          update: (id, input, photo) => updateFacilitator(admin.actor, id, input, photo),
          done,
        }),
    },
  });
}

export default function Facilitators({ loaderData, actionData }: Route.ComponentProps) {
  const { facilitators, courses, trainers, error, adding, editing } = loaderData;
  useErrorToast(actionData, "Error");
  const mayEdit = canEditContent(useStaff());
  const formOpen = mayEdit && (adding || editing || actionData?.values?.intent === "save");
  const values = actionData?.values;
  const value = (name: string, saved: string | number | null | undefined) => keptOrSaved(values, name, saved);
  const editingId = values ? values.id : editing?.id;
  // a refused post keeps the form mounted (same key), so the boxes stay as the admin left them
  const chosen = new Set(editing?.courses ?? []);
  const courseTitle = new Map(courses.map((c) => [c.id, c.title]));
  const trainerName = new Map(trainers.map((t) => [t.id, t.name ?? t.email]));
  return (
    <div>
      <PageHeader
        title="Facilitators"
        badge={<Badge tone="brand">{facilitators.length} facilitators</Badge>}
        description="The trainers the public site presents: active ones appear on the About page and on the pages of the courses they teach."
        actions={
          formOpen || !mayEdit ? null : (
            <Link to="?form=new" className={buttonClass()}>
              <Plus aria-hidden className="size-4" />
              Add Facilitator
            </Link>
          )
        }
      />
      {formOpen ? (
        <PictureRecordForm
          key={editingId ?? "new"}
          heading={editingId ? "Edit Facilitator" : "Add Facilitator"}
          recordId={editingId}
          error={actionData?.error}
          submitLabel={editingId ? "Update Facilitator" : "Add Facilitator"}
          cancelTo="/admin/facilitators"
        >
          <InputField
            label="Name"
            name="name"
            required
            maxLength={200}
            defaultValue={value("name", editing?.name)}
          />
          <InputField
            label="Title"
            name="title"
            required
            maxLength={200}
            hint="e.g. Lead Facilitator, Governance"
            defaultValue={value("title", editing?.title)}
          />
          <TextareaField
            label="Short bio"
            name="bio"
            required
            rows={4}
            maxLength={FACILITATOR_BIO_MAX}
            hint={`At most ${FACILITATOR_BIO_MAX} characters.`}
            defaultValue={value("bio", editing?.bio)}
            className="md:col-span-2"
          />
          <PictureFileField label="Photo" editing={Boolean(editingId)} />
          <SelectField
            label="Trainer account"
            name="userId"
            hint="Optional: the staff account with the trainer role this facilitator signs in with."
            defaultValue={value("userId", editing?.userId)}
          >
            <option value="">None</option>
            {trainers.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name ? `${t.name} · ${t.email}` : t.email}
              </option>
            ))}
          </SelectField>
          <fieldset className="md:col-span-2">
            <legend className="text-sm font-medium text-slate-900">Courses they teach</legend>
            <div className="mt-2 grid max-h-64 gap-1 overflow-y-auto rounded-md border border-slate-200 p-3 sm:grid-cols-2">
              {courses.map((course) => (
                <label key={course.id} className="flex min-h-11 items-center gap-3 text-sm">
                  <input
                    type="checkbox"
                    name="courses"
                    value={course.id}
                    defaultChecked={chosen.has(course.id)}
                    className="size-4 shrink-0"
                  />
                  <span className="wrap-anywhere">{course.title}</span>
                </label>
              ))}
            </div>
          </fieldset>
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
        items={facilitators}
        empty={
          error ? null : "No facilitators yet. The Facilitators sections stay hidden until one is active."
        }
      >
        {(f) => (
          <ImageCard
            key={f.id}
            image={{
              imageUrl: f.imageUrl,
              altText: `Photo of ${f.name}`,
              title: f.name,
              variants: f.imageVariants,
              status: f.status,
            }}
          >
            <div data-testid="facilitator-card" className="mt-1 space-y-2 text-sm text-slate-700">
              <p className="font-medium text-brand-700">{f.title}</p>
              <p className="line-clamp-4">{f.bio}</p>
              <p>
                <span className="font-medium">Courses: </span>
                {f.courses.length
                  ? f.courses.map((id) => courseTitle.get(id) ?? "an archived course").join(", ")
                  : "none yet"}
              </p>
              {f.userId ? (
                <p>
                  <span className="font-medium">Trainer account: </span>
                  {trainerName.get(f.userId) ?? "no longer a trainer"}
                </p>
              ) : null}
              <p>
                <span className="font-medium">Order: </span>
                {f.sortOrder}
              </p>
            </div>
            {mayEdit ? (
              <CardActions>
                <Link to={`?edit=${f.id}`} className={buttonClass("outline")} aria-label={`Edit ${f.name}`}>
                  <Pencil aria-hidden className="size-4" />
                  Edit
                </Link>
                <DeleteCardForm
                  id={f.id}
                  label={f.name}
                  message={`Are you sure you want to delete the facilitator ${f.name}?`}
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
