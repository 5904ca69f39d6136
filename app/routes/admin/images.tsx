import { useEffect } from "react";
import { toast } from "sonner";
import { DateText } from "#app/components/admin/date-text";
import { DeleteCardForm } from "#app/components/admin/delete-card-form";
import { ImageThumb } from "#app/components/admin/image-thumb";
import { CARD_GRID, EmptyState, PageHeader } from "#app/components/admin/page-header";
import {
  ImageFileField,
  ListReloading,
  shouldRevalidateUnlessToggle,
  UploadForm,
  UploadToggle,
} from "#app/components/admin/upload-panel";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { StatusBadge } from "#app/components/ui/badge";
import { InputField, SelectField } from "#app/components/ui/field";
import { listImages } from "#app/models/website-image-admin.server";
import {
  IMAGE_COMPONENTS,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  ImageUploadSchema,
  optionLabel,
} from "#app/schemas/files";
import { requireAdmin } from "#app/services/auth.server";
import { deleteImage, uploadImage } from "#app/services/images.server";
import { logger } from "#app/services/logger.server";
import { redirectWithToast } from "#app/services/toast.server";
import {
  deleteFromForm,
  fileFormOptions,
  formFailure,
  handleUploadForm,
  textField,
} from "#app/services/upload.server";
import type { Route } from "./+types/images";

export const meta: Route.MetaFunction = () => [{ title: "Image Management | Mafunzo Admin" }];

export const shouldRevalidate = shouldRevalidateUnlessToggle;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  try {
    return { images: await listImages(), fetchError: null };
  } catch (error) {
    logger.error({ err: error }, "Failed to fetch images");
    return { images: [], fetchError: "Failed to fetch images" };
  }
}

const success = (description: string) =>
  redirectWithToast("/admin/images", { title: "Success", description });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const options = fileFormOptions(IMAGE_MAX_BYTES, IMAGE_MESSAGES);
  return handleUploadForm(args.request, options, async ({ fields, file }) => {
    if (textField(fields, "intent") === "delete") {
      return deleteFromForm(
        fields,
        (id) => deleteImage(admin.actor, id),
        IMAGE_MESSAGES.deleteFailed,
        () => success(IMAGE_MESSAGES.deleted),
      );
    }
    const parsed = ImageUploadSchema.safeParse(Object.fromEntries(fields));
    if (!parsed.success || !file) return formFailure(IMAGE_MESSAGES.missing, 400, fields);
    await uploadImage(admin.actor, parsed.data, file);
    return success(IMAGE_MESSAGES.uploaded);
  });
}

const PANEL_ID = "upload-image";

export default function Images({ loaderData, actionData }: Route.ComponentProps) {
  useErrorToast(actionData, "Error");
  useEffect(() => {
    if (loaderData.fetchError) toast.error("Error", { description: loaderData.fetchError });
  }, [loaderData.fetchError]);
  const values = actionData?.values;
  return (
    <div>
      <PageHeader
        title="Image Management"
        description="Pictures for the website's sections; the newest active image of a section is the one shown."
        actions={<UploadToggle label="Upload Image" panelId={PANEL_ID} />}
      />
      <UploadForm
        id={PANEL_ID}
        heading="Upload New Image"
        failure={actionData}
        messages={IMAGE_MESSAGES}
        maxBytes={IMAGE_MAX_BYTES}
      >
        <div className="grid gap-4 md:grid-cols-2">
          <InputField label="Title" name="title" required defaultValue={values?.title} maxLength={200} />
          <SelectField label="Website Component" name="component" defaultValue={values?.component ?? "hero"}>
            {IMAGE_COMPONENTS.map((component) => (
              <option key={component} value={component}>
                {optionLabel(component)}
              </option>
            ))}
          </SelectField>
        </div>
        <InputField
          label="Alt Text"
          name="altText"
          defaultValue={values?.altText}
          maxLength={300}
          hint="Describe the picture for people who cannot see it."
        />
        <ImageFileField />
      </UploadForm>
      <ListReloading>Loading images...</ListReloading>
      {loaderData.images.length === 0 ? (
        <EmptyState>No images uploaded yet. Upload your first image to get started.</EmptyState>
      ) : (
        <ul className={CARD_GRID}>
          {loaderData.images.map((image) => (
            <li
              key={image.id}
              className="flex flex-col rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <ImageThumb image={image} />
              <div className="flex flex-1 flex-col p-5">
                <div className="flex items-start justify-between gap-3">
                  <h2 className="font-semibold text-slate-900">{image.title}</h2>
                  <StatusBadge status={image.status} />
                </div>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
                  <dt className="font-medium">Component</dt>
                  <dd>{optionLabel(image.component)}</dd>
                  <dt className="font-medium">Alt text</dt>
                  <dd>{image.altText || "—"}</dd>
                  <dt className="font-medium">Uploaded</dt>
                  <dd>
                    <DateText value={image.createdAt} />
                  </dd>
                </dl>
                <DeleteCardForm
                  id={image.id}
                  label={image.title}
                  message="Are you sure you want to delete this image?"
                  className="mt-auto pt-4"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
