import { useEffect } from "react";
import { Link } from "react-router";
import { DateText } from "#app/components/admin/date-text";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { toast } from "#app/components/toast";
import { InputField, SelectField } from "#app/components/ui/field";
import { fileScreenAction } from "#app/platform/files/upload.server";
import { logger } from "#app/platform/logger.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { CardGrid, ImageCard } from "#app/routes/site/components/card-grid";
import { DeleteCardForm } from "#app/routes/site/components/delete-card-form";
import {
  ImageFileField,
  shouldRevalidateUnlessToggle,
  UploadScreenTop,
  UploadTitleRow,
} from "#app/routes/site/components/upload-panel";
import {
  IMAGE_COMPONENTS,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  ImageUploadSchema,
  optionLabel,
} from "#app/site/index";
import { deleteImage, type ImageUsage, imageUsages, listImages, uploadImage } from "#app/site/index.server";
import { canEditContent, canReadOffice } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { GALLERY_CATEGORY_LABELS, type GalleryCategory } from "#app/utils/gallery-categories";
import type { Route } from "./+types/images";

export const meta: Route.MetaFunction = () => [{ title: "Image Management | Mafunzo Admin" }];

export const shouldRevalidate = shouldRevalidateUnlessToggle;

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadOffice);
  try {
    const images = await listImages();
    const usages = imageUsages(images);
    return {
      images: images.map((image) => ({ ...image, usage: usages.get(image.id) ?? null })),
      fetchError: null,
    };
  } catch (error) {
    logger.error({ err: error }, "Failed to fetch images");
    return { images: [], fetchError: "Failed to fetch images" };
  }
}

const success = (description: string) =>
  redirectWithToast("/admin/images", { title: "Success", description });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  return fileScreenAction(args.request, {
    maxBytes: IMAGE_MAX_BYTES,
    messages: IMAGE_MESSAGES,
    schema: ImageUploadSchema,
    upload: (input, file) => uploadImage(admin.actor, input, file),
    remove: (id) => deleteImage(admin.actor, id),
    done: success,
  });
}

const PANEL_ID = "upload-image";

export default function Images({ loaderData, actionData }: Route.ComponentProps) {
  useErrorToast(actionData, "Error");
  const mayEdit = canEditContent(useStaff());
  useEffect(() => {
    if (loaderData.fetchError) toast.error("Error", { description: loaderData.fetchError });
  }, [loaderData.fetchError]);
  const values = actionData?.values;
  return (
    <div>
      <UploadScreenTop
        canUpload={mayEdit}
        title="Image Management"
        description="The library: every uploaded picture and where it is used. A page section shows its newest active picture; the Gallery screen arranges the gallery from this library."
        toggleLabel="Upload Image"
        reloadingText="Loading images..."
        id={PANEL_ID}
        heading="Upload New Image"
        failure={actionData}
        messages={IMAGE_MESSAGES}
        maxBytes={IMAGE_MAX_BYTES}
      >
        <UploadTitleRow title={values?.title}>
          <SelectField label="Website Component" name="component" defaultValue={values?.component ?? "hero"}>
            {IMAGE_COMPONENTS.map((component) => (
              <option key={component} value={component}>
                {optionLabel(component)}
              </option>
            ))}
          </SelectField>
        </UploadTitleRow>
        <InputField
          label="Alt Text"
          name="altText"
          defaultValue={values?.altText}
          maxLength={300}
          hint="Describe the picture for people who cannot see it."
        />
        <ImageFileField />
      </UploadScreenTop>
      <CardGrid
        items={loaderData.images}
        empty="No images uploaded yet. Upload your first image to get started."
      >
        {(image) => (
          <ImageCard key={image.id} image={image}>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
              <dt className="font-medium">Used on</dt>
              <dd data-testid="image-usage">
                <UsageText usage={image.usage} />
              </dd>
              <dt className="font-medium">Alt text</dt>
              <dd>{image.altText || "—"}</dd>
              <dt className="font-medium">Uploaded</dt>
              <dd>
                <DateText value={image.createdAt} />
              </dd>
            </dl>
            {mayEdit ? (
              <DeleteCardForm
                id={image.id}
                label={image.title}
                message="Are you sure you want to delete this image?"
                className="mt-auto pt-4"
              />
            ) : null}
          </ImageCard>
        )}
      </CardGrid>
    </div>
  );
}

/** Where a library picture appears on the site, in words, with the way to the gallery's arrangement. */
function UsageText({ usage }: { usage: ImageUsage | null }) {
  if (!usage) return "—";
  if (usage.kind === "gallery") {
    const category = usage.category ? ` (${GALLERY_CATEGORY_LABELS[usage.category as GalleryCategory]})` : "";
    return (
      <Link to="/admin/gallery" className="text-brand-800 underline">
        {usage.position === null
          ? `Gallery, hidden${category}`
          : `Gallery, picture ${usage.position}${category}`}
      </Link>
    );
  }
  if (usage.kind === "section") return `${optionLabel(usage.component)} section (shown)`;
  return usage.reason === "inactive"
    ? `Not used (inactive; was for ${optionLabel(usage.component)})`
    : `Not used (a newer ${optionLabel(usage.component)} picture is shown)`;
}
