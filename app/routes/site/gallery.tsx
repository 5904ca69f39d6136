import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { fileScreenAction, formFailure } from "#app/platform/files/upload.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { CardGrid } from "#app/routes/site/components/card-grid";
import { GalleryCategoryOptions, GalleryImageCard } from "#app/routes/site/components/gallery-image-card";
import { LibraryPicker } from "#app/routes/site/components/library-picker";
import {
  ImageFileField,
  shouldRevalidateUnlessToggle,
  UploadScreenTop,
  UploadTitleRow,
} from "#app/routes/site/components/upload-panel";
import {
  GalleryAddSchema,
  GalleryImageSchema,
  GalleryReplaceSchema,
  GalleryUploadSchema,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
} from "#app/site/index";
import {
  addPictureToGallery,
  deleteImage,
  GALLERY_MESSAGES,
  imageUsages,
  listGalleryImagesForAdmin,
  listImages,
  replaceImageFile,
  saveGalleryImage,
  uploadImage,
} from "#app/site/index.server";
import { canEditContent, canReadOffice } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/gallery";

export const meta: Route.MetaFunction = () => [{ title: "Gallery | Mafunzo Admin" }];

export const shouldRevalidate = shouldRevalidateUnlessToggle;

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadOffice);
  const [images, library] = await Promise.all([listGalleryImagesForAdmin(), listImages()]);
  const usages = imageUsages(library);
  // the gallery picks from the library: pictures no page uses can be added
  const unused = library.filter((image) => usages.get(image.id)?.kind === "unused");
  return { images, unused };
}

const success = (description: string) =>
  redirectWithToast("/admin/gallery", { title: "Success", description });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  return fileScreenAction(args.request, {
    maxBytes: IMAGE_MAX_BYTES,
    messages: IMAGE_MESSAGES,
    schema: GalleryUploadSchema,
    intentSchemas: [GalleryImageSchema, GalleryAddSchema, GalleryReplaceSchema],
    upload: (input, file) => uploadImage(admin.actor, { ...input, component: "gallery" }, file),
    remove: (id) => deleteImage(admin.actor, id),
    done: success,
    intents: {
      async update(fields) {
        const parsed = GalleryImageSchema.safeParse(Object.fromEntries(fields));
        if (!parsed.success) {
          return formFailure(parsed.error.issues[0]?.message ?? GALLERY_MESSAGES.updateFailed, 400, fields);
        }
        const { id, ...changes } = parsed.data;
        const saved = await saveGalleryImage(admin.actor, id, changes);
        if (!saved) return formFailure(GALLERY_MESSAGES.updateFailed, 404, fields);
        return success(GALLERY_MESSAGES.updated);
      },
      async add(fields) {
        const parsed = GalleryAddSchema.safeParse(Object.fromEntries(fields));
        if (!parsed.success) {
          return formFailure(parsed.error.issues[0]?.message ?? GALLERY_MESSAGES.addFailed, 400, fields);
        }
        const added = await addPictureToGallery(admin.actor, parsed.data.id, parsed.data.galleryCategory);
        if (!added) return formFailure(GALLERY_MESSAGES.addFailed, 409, fields);
        return success(GALLERY_MESSAGES.added);
      },
      async replace(fields, file) {
        const parsed = GalleryReplaceSchema.safeParse(Object.fromEntries(fields));
        if (!parsed.success || !file) return formFailure(GALLERY_MESSAGES.replaceMissing, 400, fields);
        const replaced = await replaceImageFile(admin.actor, parsed.data.id, file);
        if (!replaced) return formFailure(GALLERY_MESSAGES.updateFailed, 404, fields);
        return success(GALLERY_MESSAGES.replaced);
      },
    },
  });
}

const PANEL_ID = "upload-gallery-image";

export default function Gallery({ loaderData, actionData }: Route.ComponentProps) {
  useErrorToast(actionData, "Error");
  const mayEdit = canEditContent(useStaff());
  const values = actionData?.values;
  return (
    <div>
      <UploadScreenTop
        canUpload={mayEdit}
        title="Gallery"
        description="The arrangement of the public gallery: which pictures, in which order and category. Every uploaded picture is in the Images library."
        otherActions={
          <Link to="/gallery" target="_blank" className={buttonClass("outline")}>
            <ExternalLink aria-hidden className="size-4" />
            View gallery
          </Link>
        }
        toggleLabel="Upload Gallery Image"
        reloadingText="Loading images..."
        id={PANEL_ID}
        heading="Upload Gallery Image"
        failure={actionData}
        messages={IMAGE_MESSAGES}
        maxBytes={IMAGE_MAX_BYTES}
      >
        <UploadTitleRow title={values?.title}>
          <SelectField
            label="Category"
            name="galleryCategory"
            defaultValue={values?.galleryCategory ?? "training"}
          >
            <GalleryCategoryOptions />
          </SelectField>
        </UploadTitleRow>
        <TextareaField label="Description" name="description" rows={3} defaultValue={values?.description} />
        <InputField label="Alt Text" name="altText" defaultValue={values?.altText} maxLength={300} />
        <ImageFileField />
      </UploadScreenTop>
      <CardGrid
        items={loaderData.images}
        empty="No gallery images yet. Upload the first one to start the gallery."
      >
        {(image) => <GalleryImageCard key={image.id} image={image} canEdit={mayEdit} />}
      </CardGrid>
      {mayEdit ? <LibraryPicker pictures={loaderData.unused} /> : null}
    </div>
  );
}
