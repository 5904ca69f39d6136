import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { GalleryCategoryOptions, GalleryImageCard } from "#app/components/admin/gallery-image-card";
import { CARD_GRID, EmptyState, PageHeader } from "#app/components/admin/page-header";
import {
  shouldRevalidateUnlessToggle,
  UploadForm,
  UploadToggle,
  useFailureToast,
  useListReloading,
  useUploadOpen,
} from "#app/components/admin/upload-panel";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { listGalleryImagesForAdmin } from "#app/models/website-image-admin.server";
import {
  GalleryImageSchema,
  GalleryUploadSchema,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  RecordIdSchema,
} from "#app/schemas/files";
import { requireAdmin } from "#app/services/auth.server";
import { GALLERY_MESSAGES, saveGalleryImage } from "#app/services/gallery.server";
import { deleteImage, uploadImage } from "#app/services/images.server";
import { redirectWithToast } from "#app/services/toast.server";
import { formFailure, handleUploadForm, textField } from "#app/services/upload.server";
import type { Route } from "./+types/gallery";

export const meta: Route.MetaFunction = () => [{ title: "Gallery | Mafunzo Admin" }];

export const shouldRevalidate = shouldRevalidateUnlessToggle;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { images: await listGalleryImagesForAdmin() };
}

const success = (description: string) =>
  redirectWithToast("/admin/gallery", { title: "Success", description });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const options = {
    fileField: "file",
    maxFileSize: IMAGE_MAX_BYTES,
    tooLargeMessage: IMAGE_MESSAGES.tooLarge,
    failedMessage: IMAGE_MESSAGES.failed,
  };
  return handleUploadForm(args.request, options, async ({ fields, file }) => {
    const intent = textField(fields, "intent");
    if (intent === "delete") {
      const parsed = RecordIdSchema.safeParse({ id: textField(fields, "id") });
      const deleted = parsed.success ? await deleteImage(admin.actor, parsed.data.id) : null;
      if (!deleted) return formFailure("Failed to delete image", 404, fields);
      return success("Image deleted successfully");
    }
    if (intent === "update") {
      const parsed = GalleryImageSchema.safeParse(Object.fromEntries(fields));
      if (!parsed.success) {
        return formFailure(parsed.error.issues[0]?.message ?? GALLERY_MESSAGES.updateFailed, 400, fields);
      }
      const { id, ...changes } = parsed.data;
      const saved = await saveGalleryImage(admin.actor, id, changes);
      if (!saved) return formFailure(GALLERY_MESSAGES.updateFailed, 404, fields);
      return success(GALLERY_MESSAGES.updated);
    }
    const parsed = GalleryUploadSchema.safeParse(Object.fromEntries(fields));
    if (!parsed.success || !file) return formFailure(IMAGE_MESSAGES.missing, 400, fields);
    await uploadImage(admin.actor, { ...parsed.data, component: "gallery" }, file);
    return success("Image uploaded successfully");
  });
}

const PANEL_ID = "upload-gallery-image";

export default function Gallery({ loaderData, actionData }: Route.ComponentProps) {
  const open = useUploadOpen();
  const reloading = useListReloading();
  useFailureToast(actionData);
  const values = actionData?.values;
  return (
    <div>
      <PageHeader
        title="Gallery"
        description="What is saved here is what the public gallery shows: active images, by order."
        actions={
          <>
            <Link to="/gallery" target="_blank" className={buttonClass("outline")}>
              <ExternalLink aria-hidden className="size-4" />
              View gallery
            </Link>
            <UploadToggle label="Upload Gallery Image" panelId={PANEL_ID} />
          </>
        }
      />
      {open ? (
        <UploadForm
          id={PANEL_ID}
          heading="Upload Gallery Image"
          failure={actionData}
          missingMessage={IMAGE_MESSAGES.missing}
          tooLargeMessage={IMAGE_MESSAGES.tooLarge}
          maxBytes={IMAGE_MAX_BYTES}
        >
          <div className="grid gap-4 md:grid-cols-2">
            <InputField label="Title" name="title" required defaultValue={values?.title} maxLength={200} />
            <SelectField
              label="Category"
              name="galleryCategory"
              defaultValue={values?.galleryCategory ?? "training"}
            >
              <GalleryCategoryOptions />
            </SelectField>
          </div>
          <TextareaField label="Description" name="description" rows={3} defaultValue={values?.description} />
          <InputField label="Alt Text" name="altText" defaultValue={values?.altText} maxLength={300} />
          <InputField
            label="Image File"
            name="file"
            type="file"
            required
            accept="image/*"
            hint="JPG, PNG, WebP, AVIF, GIF or TIFF, up to 10 MB. SVG is not accepted."
          />
        </UploadForm>
      ) : null}
      {reloading ? (
        <p role="status" className="mb-4 text-sm text-slate-600">
          Loading images...
        </p>
      ) : null}
      {loaderData.images.length === 0 ? (
        <EmptyState>No gallery images yet. Upload the first one to start the gallery.</EmptyState>
      ) : (
        <ul className={CARD_GRID}>
          {loaderData.images.map((image) => (
            <GalleryImageCard key={image.id} image={image} />
          ))}
        </ul>
      )}
    </div>
  );
}
